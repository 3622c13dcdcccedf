import { act, cleanup, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notify } from './notify';

beforeEach(() => {
  render(<Toaster />);
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

describe('notify', () => {
  it('takes the error toasts off the screen when a success shows', () => {
    act(() => {
      notify.error('Invalid email or password');
      notify.error('Please write your email first!');
    });
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
    expect(screen.getByText('Please write your email first!')).toBeTruthy();

    act(() => notify.success('Signup Successful'));

    expect(screen.getByText('Signup Successful')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(screen.queryByText('Please write your email first!')).toBeNull();
  });

  it('keeps other successes, and errors that come after the success', () => {
    act(() => notify.success('Profile updated'));
    act(() => notify.success('Password changed'));
    act(() => notify.error('Could not reach the server. Please check your connection and try again.'));

    expect(screen.getByText('Profile updated')).toBeTruthy();
    expect(screen.getByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Could not reach the server. Please check your connection and try again.')).toBeTruthy();
  });
});
