import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDashboardMode } from './use-dashboard-mode';

afterEach(cleanup);

function Reader({ name }: { name: string }) {
  const [mode, toggle] = useDashboardMode();
  return (
    <button type="button" onClick={toggle}>
      {`${name}: ${mode}`}
    </button>
  );
}

describe('useDashboardMode', () => {
  it('gives every component the same mode at once and remembers it', () => {
    render(
      <>
        <Reader name="sidebar" />
        <Reader name="statistics" />
      </>,
    );
    const before = screen.getByRole('button', { name: /^sidebar/ }).textContent!.split(': ')[1]!;
    const after = before === 'host' ? 'guest' : 'host';

    fireEvent.click(screen.getByRole('button', { name: /^sidebar/ }));

    expect(screen.getByRole('button', { name: /^sidebar/ }).textContent).toBe(`sidebar: ${after}`);
    expect(screen.getByRole('button', { name: /^statistics/ }).textContent).toBe(`statistics: ${after}`);
    expect(localStorage.getItem('staybook:dashboard-mode')).toBe(after);

    // A component mounted later starts from the shared value, not a fresh read of its own.
    render(<Reader name="later" />);
    expect(screen.getByRole('button', { name: /^later/ }).textContent).toBe(`later: ${after}`);
  });

  it('follows a change made in another tab', () => {
    render(<Reader name="sidebar" />);
    localStorage.setItem('staybook:dashboard-mode', 'guest');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'staybook:dashboard-mode', newValue: 'guest' }));
    });
    expect(screen.getByRole('button', { name: /^sidebar/ }).textContent).toBe('sidebar: guest');
  });
});
