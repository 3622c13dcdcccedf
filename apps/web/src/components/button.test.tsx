import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

/**
 * What a browser does to a focused button once it is disabled: focus goes to the page. jsdom leaves it where it
 * was, so the test moves it as the browser would.
 */
function dropFocusLikeABrowser(button: HTMLElement) {
  expect(button.hasAttribute('disabled')).toBe(true);
  // jsdom will not blur a disabled element: focus goes to an element that then leaves the page.
  const elsewhere = document.body.appendChild(Object.assign(document.createElement('div'), { tabIndex: -1 }));
  elsewhere.focus();
  elsewhere.remove();
  expect(document.activeElement).toBe(document.body);
}

describe('a button whose action runs while it is disabled', () => {
  it('takes focus back when the action ends, when it was pressed from the keyboard or clicked', () => {
    const { rerender } = render(<Button pending={false}>Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Sign In' });
    button.focus();
    fireEvent.click(button);
    rerender(<Button pending>Sign In</Button>);
    dropFocusLikeABrowser(button);
    rerender(<Button pending={false}>Sign In</Button>);
    expect(document.activeElement).toBe(button);
  });

  it('leaves focus alone when the person moved on meanwhile, or pressed it without focus', () => {
    const { rerender } = render(
      <>
        <input aria-label="Email" />
        <Button pending={false}>Sign In</Button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Sign In' });
    const email = screen.getByLabelText('Email');
    button.focus();
    fireEvent.click(button);
    rerender(
      <>
        <input aria-label="Email" />
        <Button pending>Sign In</Button>
      </>,
    );
    email.focus();
    rerender(
      <>
        <input aria-label="Email" />
        <Button pending={false}>Sign In</Button>
      </>,
    );
    expect(document.activeElement).toBe(email);
  });
});
