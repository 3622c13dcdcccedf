import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignupForm } from './signup-form';

afterEach(cleanup);

function renderWithAuth(ui: ReactNode, auth: Partial<AuthContextValue>) {
  const value = { user: null, loading: false, error: null, ...auth } as AuthContextValue;
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext value={value}>{ui}</AuthContext>
    </QueryClientProvider>,
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

describe('the forms (react-hook-form with the shared schemas)', () => {
  it("show the shared schema's message under each wrong field, keep what was typed and focus the first", async () => {
    const signIn = vi.fn(() => Promise.resolve());
    renderWithAuth(<LoginForm onSignedIn={() => {}} />, { signIn });
    type('Email address', 'gus@staybook');

    click('Sign In');

    const email = screen.getByLabelText('Email address');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(email).toHaveProperty('value', 'gus@staybook');
    expect(screen.getByText('Please enter a valid email address').id).toBe(email.getAttribute('aria-describedby'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Password is required').id).toBe(password.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(email);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('say an empty e-mail is required, as the spec asks, rather than malformed', async () => {
    const signIn = vi.fn(() => Promise.resolve());
    renderWithAuth(<LoginForm onSignedIn={() => {}} />, { signIn });
    type('Password', 'secret words');

    click('Sign In');

    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email is required').id).toBe(email.getAttribute('aria-describedby'));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('clear a message once the field is fixed and hand the parsed values over', async () => {
    const signIn = vi.fn(() => Promise.resolve());
    renderWithAuth(<LoginForm onSignedIn={() => {}} />, { signIn });
    type('Email address', 'gus@staybook');
    type('Password', 'secret words');
    click('Sign In');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();

    type('Email address', 'gus@staybook.example');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    click('Sign In');

    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn.mock.calls[0]).toContainEqual({ email: 'gus@staybook.example', password: 'secret words' });
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBeNull();
  });

  it("check the chosen photo beside the schema's fields, and send nothing while a message stands", async () => {
    const signUp = vi.fn(() => Promise.resolve());
    renderWithAuth(<SignupForm onSignedUp={() => {}} />, { signUp });
    type('Name', 'Gus');
    type('Email address', 'gus@staybook.example');
    type('Password', 'short');

    click('Continue');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Please select an image')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Gus');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'short');

    type('Password', 'long enough now');
    fireEvent.change(screen.getByLabelText('Select Image'), {
      target: { files: [new File(['not a picture'], 'notes.txt', { type: 'text/plain' })] },
    });
    click('Continue');
    expect(await screen.findByText('Please choose an image file')).toBeTruthy();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'gus.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Select Image'), { target: { files: [photo] } });
    click('Continue');
    await waitFor(() => expect(signUp).toHaveBeenCalledTimes(1));
    expect(signUp.mock.calls[0]).toContainEqual({ name: 'Gus', email: 'gus@staybook.example', password: 'long enough now', image: photo });
  });

  it('ask for the same new password twice', async () => {
    const resetPassword = vi.fn(() => Promise.resolve());
    renderWithAuth(<ResetPasswordForm token="t0ken" onDone={() => {}} onInvalidToken={() => {}} />, { resetPassword });
    type('New password', 'long enough now');
    type('Confirm new password', 'long enough n0w');
    click('Save new password');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();

    type('Confirm new password', 'long enough now');
    click('Save new password');
    await waitFor(() => expect(resetPassword).toHaveBeenCalledTimes(1));
    expect(resetPassword.mock.calls[0]).toContainEqual({ newPassword: 'long enough now', token: 't0ken' });
  });
});
