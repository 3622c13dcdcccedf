import type { CancellationQuote } from '@staybook/domain/bookings';
import type { QuoteLine } from '@staybook/domain/quote';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, stubFetchJson } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import { CancelBookingDialog } from './cancel-booking-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 2 × $100, $45 cleaning, 12.5% tax of $245 = $30.63: $275.63. */
const LINES: QuoteLine[] = [
  { kind: 'nights', amountCents: 20_000, credit: false, nights: 2, unitCents: 10_000, weekend: false },
  { kind: 'cleaning-fee', amountCents: 4_500, credit: false },
  { kind: 'tax', amountCents: 3_063, credit: false, rateBp: 1_250 },
];
const booking = sampleBooking({ lines: LINES, priceCents: 27_563, price: 275.63, nightlyPriceCents: 10_000 });

/** Moderate, three days ahead: half the nights, the cleaning fee in full, the tax on what comes back. */
const HALF: CancellationQuote = {
  policy: 'moderate',
  cancelledBy: 'guest',
  share: 'half',
  refundCents: 16_313,
  totalCents: 27_563,
  lines: [
    { kind: 'nights', refundCents: 10_000 },
    { kind: 'cleaning-fee', refundCents: 4_500 },
    { kind: 'tax', refundCents: 1_813 },
  ],
};

function openDialog() {
  renderWithProviders(<CancelBookingDialog booking={booking} view="mine" onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'Cancel this booking?' });
}

describe('the cancel dialog', () => {
  it('shows the refund line by line before the guest confirms, then its total', async () => {
    stubFetchJson(HALF);
    const dialog = openDialog();
    expect((await within(dialog).findByTestId('refund-headline')).textContent).toBe('You will be refunded $163.13 of $275.63');
    const title = within(dialog).getByText('The refund, line by line');
    const refund = dialog.querySelector(`dl[aria-labelledby="${title.id}"]`) as HTMLElement;
    const rows = within(refund).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Nights', '$100'],
      ['Cleaning fee', '$45'],
      ['Occupancy tax', '$18.13'],
      ['Total refund', '$163.13'],
    ]);
  });

  it('says the nights are after their discount when the stay had one', async () => {
    stubFetchJson(HALF);
    renderWithProviders(
      <CancelBookingDialog
        booking={{ ...booking, lines: [...LINES.slice(0, 1), { kind: 'weekly-discount', amountCents: 2_000, credit: true, percent: 10 }, ...LINES.slice(1)] }}
        view="mine"
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('Nights (after discount)')).toBeTruthy();
  });

  it('tells the total only when the answer has no lines (an older server) or a single one', async () => {
    const { lines: _lines, ...older } = HALF;
    stubFetchJson(older);
    const dialog = openDialog();
    await within(dialog).findByTestId('refund-headline');
    expect(within(dialog).queryByText('The refund, line by line')).toBeNull();
    cleanup();

    stubFetchJson({ ...HALF, share: 'full', refundCents: 27_563, lines: [{ kind: 'nights', refundCents: 27_563 }] });
    const single = openDialog();
    expect((await within(single).findByTestId('refund-headline')).textContent).toBe('You will be refunded $275.63 of $275.63');
    expect(within(single).queryAllByRole('term')).toEqual([]);
  });
});

describe('confirming a cancellation', () => {
  it('cancels nothing when the refund changed meanwhile: says so, shows the new refund, and cancels with it next', async () => {
    /** Midnight passed the policy's threshold while the dialog was open: nothing of the nights comes back now. */
    const NOTHING: CancellationQuote = { ...HALF, share: 'none', refundCents: 0, lines: [] };
    const quotes = [HALF, NOTHING];
    const cancels = [
      jsonResponse(
        {
          error: {
            code: 'conflict',
            message: 'The refund for cancelling this stay is now $0 of $275.63. Please look again before cancelling.',
            facts: { refusal: 'refund-changed', refundCents: '0', totalCents: '27563' },
          },
        },
        409,
      ),
      jsonResponse({ ...booking, status: 'cancelled' }),
    ];
    const fetch = stubFetch((url, init) => (init.method === 'DELETE' ? cancels.shift()! : jsonResponse(quotes.shift())));
    const onClose = vi.fn();
    renderWithProviders(<CancelBookingDialog booking={booking} view="mine" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect((await within(dialog).findByTestId('refund-headline')).textContent).toBe('You will be refunded $163.13 of $275.63');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The refund for cancelling this stay is now $0 of $275.63. Please look again before cancelling.',
    );
    await vi.waitFor(() => expect(within(dialog).getByTestId('refund-headline').textContent).toBe('You will be refunded $0 of $275.63'));
    expect(onClose).not.toHaveBeenCalled();

    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
      [`/api/booking/${booking._id}`, { expectedRefundCents: 16_313 }],
      [`/api/booking/${booking._id}`, { expectedRefundCents: 0 }],
    ]);
  });
});
