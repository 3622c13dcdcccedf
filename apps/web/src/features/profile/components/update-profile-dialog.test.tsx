import type { SessionUser } from '@staybook/domain/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/hooks/use-auth';
import { UpdateProfileDialog } from './update-profile-dialog';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const PAT = { id: 'pat', name: 'Pat Profile', email: 'pat@example.com', image: null, role: 'guest', status: 'Verified', emailVerified: true } as SessionUser;

function open(updateProfile = vi.fn((_input: { name: string; image: File | null }) => Promise.resolve())) {
  const auth = { user: PAT, loading: false, error: null, updateProfile } as unknown as AuthContextValue;
  render(
    <AuthContext value={auth}>
      <QueryClientProvider client={new QueryClient()}>
        <UpdateProfileDialog user={PAT} open onClose={() => {}} />
      </QueryClientProvider>
    </AuthContext>,
  );
  return { name: () => screen.getByLabelText('Name') as HTMLInputElement, updateProfile };
}

describe('UpdateProfileDialog', () => {
  it('keeps a name typed and not saved for the next time it opens, until it is discarded or saved', async () => {
    fireEvent.input(open().name(), { target: { value: 'Pat Renamed' } });
    cleanup();

    const again = open();
    expect(again.name().value).toBe('Pat Renamed');
    expect(screen.getByText('Draft restored')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(again.name().value).toBe('Pat Profile'));
    cleanup();
    expect(open().name().value).toBe('Pat Profile');

    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Pat Saved' } });
    cleanup();
    const saving = open();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saving.updateProfile.mock.calls[0]?.[0]).toEqual({ name: 'Pat Saved', image: null }));
    await waitFor(() => expect(localStorage.length).toBe(0));
  });

  it('asks before the tab is closed while a change is not saved, and not after it is saved', async () => {
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const dialog = open();
    expect(closeTab()).toBe(false);
    fireEvent.input(dialog.name(), { target: { value: 'Pat Renamed' } });
    await waitFor(() => expect(closeTab()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.updateProfile).toHaveBeenCalled());
    await waitFor(() => expect(closeTab()).toBe(false));
  });
});
