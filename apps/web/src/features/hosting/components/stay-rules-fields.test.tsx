import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import { addDays, todayIso } from '@staybook/domain/dates';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { sampleRoom } from '../../../testing/samples';
import { RoomForm } from './room-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const today = todayIso();

/** A room whose window starts tomorrow, with rules beyond the defaults. */
const ROOM = sampleRoom({
  from: addDays(today, 1),
  to: addDays(today, 300),
  rules: { ...DEFAULT_LISTING_RULES, weekendPriceCents: 15_000, minNights: 3, checkInDays: 0b100_0000, taxRateBp: 1_234, cleaningFeeCents: 4_500 },
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the room form's pricing and stay rules", () => {
  it("starts from the room's rules and hands over the ones the host changes", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} />);
    const section = screen.getByRole('group', { name: 'Pricing and stay rules' });
    expect((within(section).getByLabelText('Weekend price ($)') as HTMLInputElement).value).toBe('150');
    expect((within(section).getByLabelText('Occupancy tax (%)') as HTMLInputElement).value).toBe('12.34');
    const checkIn = within(section).getByRole('group', { name: 'Check-in days' });
    expect(within(checkIn).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.parentElement?.textContent)).toEqual(['Sat']);

    type('Minimum nights', '2');
    type('Weekly discount (%)', '10');
    fireEvent.click(within(checkIn).getByRole('checkbox', { name: 'Fri' }));
    fireEvent.change(within(section).getByLabelText('Preparation time'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].rules).toEqual({
      ...DEFAULT_LISTING_RULES,
      weekendPriceCents: 15_000,
      minNights: 2,
      checkInDays: 0b110_0000,
      taxRateBp: 1_234,
      cleaningFeeCents: 4_500,
      weeklyDiscountPct: 10,
      preparationNights: 1,
    });
  });

  it('refuses what the server refuses, under the field, before sending: no check-in day, a tax with three decimals', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} />);
    const checkIn = screen.getByRole('group', { name: 'Check-in days' });
    fireEvent.click(within(checkIn).getByRole('checkbox', { name: 'Sat' }));
    type('Occupancy tax (%)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please choose at least one check-in day')).toBeTruthy();
    expect(screen.getByText('Occupancy tax must be a percentage from 0 to 30 with at most two decimals')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a rule under its field", async () => {
    const refusal = new ApiRequestError(400, 'VALIDATION_FAILED', 'maxNights: Maximum nights must be at least the minimum nights', {
      maxNights: 'Maximum nights must be at least the minimum nights',
    });
    const onSave = vi.fn().mockRejectedValue(refusal);
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const field = screen.getByLabelText('Maximum nights');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Maximum nights must be at least the minimum nights')).toBeTruthy();
  });

  it('asks for a same-day cut-off only while notice is the same day', () => {
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={vi.fn()} />);
    expect(screen.getByLabelText('Same-day bookings until')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Advance notice'), { target: { value: '2' } });
    expect(screen.queryByLabelText('Same-day bookings until')).toBeNull();
  });
});
