import { REVIEW_CATEGORY_LABELS, REVIEW_CATEGORIES } from '@staybook/domain/reviews';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@staybook/domain/accounts';
import { AuthContext, type AuthContextValue } from '../../auth/hooks/use-auth';
import { ApiRequestError } from '../../../lib/api-client';
import { ReviewForm } from './review-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const HOST = { id: 'host-1', name: 'Hana', email: 'hana@example.com', image: null, role: 'host', status: 'Verified', emailVerified: true } as SessionUser;

const TEXT = 'A quiet cabin, spotless, and the host met us at the door.';

function rate(group: string, stars: number) {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByLabelText(stars === 1 ? '1 star' : `${stars} stars`));
}

function write(text: string) {
  fireEvent.input(screen.getByLabelText('Your review'), { target: { value: text } });
}

describe('ReviewForm', () => {
  it("asks the guest for every score and at least 20 characters, in the domain's words, and sends nothing", async () => {
    const onSubmit = vi.fn();
    render(<ReviewForm side="guest" onSubmit={onSubmit} />);
    write('Too short');
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Please rate your stay from 1 to 5 stars')).toBeTruthy();
    for (const message of [
      'Please rate cleanliness from 1 to 5 stars',
      'Please rate accuracy from 1 to 5 stars',
      'Please rate communication from 1 to 5 stars',
      'Please rate the location from 1 to 5 stars',
      'Please rate check-in from 1 to 5 stars',
      'Please rate value from 1 to 5 stars',
      'Please write at least 20 characters',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    // The keyboard goes to the first thing to fix: the overall rating's first star.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText('1 star')[0]));
  });

  it("sends the guest's overall rating, six categories and trimmed text", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ReviewForm side="guest" onSubmit={onSubmit} />);
    expect(screen.getByRole('radiogroup', { name: 'Overall rating' })).toBeTruthy();
    rate('Overall rating', 5);
    REVIEW_CATEGORIES.forEach((category, i) => rate(REVIEW_CATEGORY_LABELS[category], (i % 5) + 1));
    write(`  ${TEXT}\n`);
    expect(screen.getByText(`${TEXT.length} / 2,000 characters`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      rating: 5,
      cleanliness: 1,
      accuracy: 2,
      communication: 3,
      location: 4,
      checkIn: 5,
      value: 1,
      body: TEXT,
    });
  });

  it('asks the host only to rate the guest, and counts the text up to the minimum', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ReviewForm side="host" onSubmit={onSubmit} />);
    expect(screen.queryByRole('radiogroup', { name: 'Cleanliness' })).toBeNull();
    write('Tidy');
    expect(screen.getByText('4 of at least 20 characters')).toBeTruthy();
    rate('Rate your guest', 4);
    write(TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rating: 4, body: TEXT }));
  });

  it("shows the server's refusal under the field it names, or above the button, and keeps what was written", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(400, 'VALIDATION_ERROR', 'body: The text contains characters that are not allowed', { body: 'The text contains characters that are not allowed' }))
      .mockRejectedValueOnce(new ApiRequestError(409, 'already-reviewed', 'You have already reviewed this stay.'));
    render(<ReviewForm side="host" onSubmit={onSubmit} />);
    rate('Rate your guest', 3);
    write(TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('The text contains characters that are not allowed')).toBeTruthy();
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reviewed this stay.');
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(TEXT);
  });

  it('keeps the review being written as a draft, with its stars, until it is sent', async () => {
    const signedIn = { user: HOST, loading: false, error: null } as unknown as AuthContextValue;
    const onSubmit = vi.fn(() => Promise.resolve());
    const open = () =>
      render(
        <AuthContext value={signedIn}>
          <ReviewForm side="host" onSubmit={onSubmit} draft="review:b1" />
        </AuthContext>,
      );
    open();
    rate('Rate your guest', 4);
    write(TEXT);
    cleanup();

    open();
    expect(screen.getByRole('status').textContent).toContain('Draft restored');
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveProperty('value', TEXT));
    expect(screen.getByLabelText('4 stars')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rating: 4, body: TEXT }));
    await waitFor(() => expect(localStorage.length).toBe(0));
  });
});
