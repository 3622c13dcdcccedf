import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { ProfileMenu } from './profile-menu';

afterEach(cleanup);

describe('the profile menu', () => {
  it('closes on Escape and hands focus back to its button', () => {
    renderWithProviders(<ProfileMenu />, { user: null });
    const button = screen.getByRole('button', { name: 'Open profile menu' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const login = screen.getByRole('link', { name: 'Login' });
    expect(button.getAttribute('aria-controls')).toBe(login.closest('[id]')?.id);
    act(() => login.focus());

    fireEvent.keyDown(login, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a press outside it, leaving focus where it is', () => {
    renderWithProviders(<ProfileMenu />, { user: null });
    const button = screen.getByRole('button', { name: 'Open profile menu' });
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(document.activeElement).not.toBe(button);
  });
});
