import { useEffect, useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { Spinner } from './spinner';

const VARIANTS = {
  // rose-600, not 500: white text on it keeps the 4.5:1 contrast small text needs.
  primary: 'border-rose-600 bg-rose-600 text-white hover:bg-rose-700 hover:border-rose-700',
  outline: 'border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100',
  subtle: 'border-neutral-200 bg-white text-neutral-800 hover:bg-neutral-100',
} as const;

type Variant = keyof typeof VARIANTS;

/** A button's look, for a link that acts as one (a download). */
export function buttonClass(variant: Variant = 'primary', className = ''): string {
  return `relative inline-flex items-center justify-center rounded-lg border-2 px-5 py-2.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner in place of the label (which still names the button) and disables it. */
  pending?: boolean;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  pending = false,
  disabled,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const pressedWithFocusRef = useRefocusAfterPending(ref, pending);
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        pressedWithFocusRef.current = document.activeElement === event.currentTarget;
        onClick?.(event);
      }}
      {...props}
    >
      {/* Transparent rather than hidden, so the width stays put and the label stays in the accessible name. */}
      <span className={`inline-flex items-center gap-2 ${pending ? 'opacity-0' : ''}`}>{children}</span>
      {pending && <Spinner className="absolute inset-0 m-auto" />}
    </button>
  );
}

/**
 * A button disabled while its action runs loses focus to the page (the browser moves it off a disabled element), so
 * someone on the keyboard who pressed it would start again from the top once an error comes back. The button
 * pressed while focused takes focus back when its action ends, unless the person has moved on meanwhile.
 */
function useRefocusAfterPending(ref: { current: HTMLButtonElement | null }, pending: boolean) {
  const pressedWithFocus = useRef(false);
  const wasPending = useRef(pending);
  useEffect(() => {
    const ended = wasPending.current && !pending;
    wasPending.current = pending;
    if (!ended) return;
    const button = ref.current;
    const pressed = pressedWithFocus.current;
    pressedWithFocus.current = false;
    const active = document.activeElement;
    if (pressed && button?.isConnected && !button.disabled && (!active || active === document.body)) button.focus();
  }, [pending, ref]);
  return pressedWithFocus;
}
