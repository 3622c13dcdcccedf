import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadToasts, notify } from './notify';

beforeEach(() => {
  render(<Toaster />);
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

/** Asks for toasts and lets them show: each waits for the toast library, which the app loads after its first paint. */
async function show(ask: () => void): Promise<void> {
  await act(async () => {
    ask();
    await loadToasts();
  });
}

describe('notify', () => {
  it('takes the error toasts off the screen when a success shows', async () => {
    await show(() => {
      notify.error('Invalid email or password');
      notify.error('Please write your email first!');
    });
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
    expect(screen.getByText('Please write your email first!')).toBeTruthy();

    await show(() => notify.success('Signup Successful'));

    expect(screen.getByText('Signup Successful')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(screen.queryByText('Please write your email first!')).toBeNull();
  });

  it('keeps other successes, and errors that come after the success', async () => {
    await show(() => notify.success('Profile updated'));
    await show(() => notify.success('Password changed'));
    await show(() => notify.error('Could not reach the server. Please check your connection and try again.'));

    expect(screen.getByText('Profile updated')).toBeTruthy();
    expect(screen.getByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Could not reach the server. Please check your connection and try again.')).toBeTruthy();
  });

  it('keeps the order toasts were asked for in', async () => {
    await show(() => {
      notify.error('Invalid email or password');
      notify.success('Signup Successful');
    });
    expect(screen.getByText('Signup Successful')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it("offers a success's action as a button, which closes the toast when pressed", async () => {
    const undo = vi.fn();
    await show(() => notify.success('Nights blocked', { action: { label: 'Undo', onClick: undo } }));
    expect(screen.getByText('Nights blocked')).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));

    expect(undo).toHaveBeenCalledOnce();
    // Dismissed: it leaves the screen once it has faded out.
    await waitFor(() => expect(screen.queryByText('Nights blocked')).toBeNull(), { timeout: 3000 });
  });
});
