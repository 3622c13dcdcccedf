import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelAndSubmit, FormActions, SubmitButton } from './form-actions';

afterEach(cleanup);

describe('a form’s buttons', () => {
  it('gives the main button a submit type, its width from a tablet’s, and a spinner while pending', () => {
    render(
      <form>
        <FormActions>
          <SubmitButton pending>Save fees</SubmitButton>
        </FormActions>
      </form>,
    );
    const save = screen.getByRole('button', { name: 'Save fees' });
    expect(save.getAttribute('type')).toBe('submit');
    expect(save.className).toContain('sm:min-w-48');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(save.getAttribute('aria-busy')).toBe('true');
  });

  it('puts Cancel before the main button, side by side, and Cancel only cancels', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { container } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <CancelAndSubmit onCancel={onCancel} pending={false}>
          Post reply
        </CancelAndSubmit>
      </form>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Post reply']);
    expect(container.querySelector('form > div')?.className).toBe('flex justify-end gap-3');
    fireEvent.click(buttons[0]!);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(buttons[1]!);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
