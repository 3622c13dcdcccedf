import type { ReactNode } from 'react';

const STEP_CLASS =
  'flex size-8 items-center justify-center rounded-full border border-neutral-400 text-lg leading-none text-neutral-800 transition hover:border-neutral-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-neutral-400';

interface StepperProps {
  /** What the count reads as now ('2 guests', 'Any'). */
  shown: ReactNode;
  /** The buttons' names, which say what they do ('Fewer guests', 'More guests'). */
  labels: { down: string; up: string };
  /** Null where the count cannot go that way. */
  onDown: (() => void) | null;
  onUp: (() => void) | null;
  valueTestId?: string;
}

/**
 * − and + around a count. At a bound a button is marked disabled rather than disabled outright, so a keyboard
 * user pressing it keeps their focus. The count is read out after each press; it is no <output>, whose role
 * (status) means "still loading" in this app.
 */
export function Stepper({ shown, labels, onDown, onUp, valueTestId }: StepperProps) {
  return (
    <div className="flex items-center gap-3">
      <button type="button" className={STEP_CLASS} aria-label={labels.down} aria-disabled={!onDown} onClick={() => onDown?.()}>
        <span aria-hidden="true">−</span>
      </button>
      <span data-testid={valueTestId} aria-live="polite" className="min-w-18 text-center font-medium text-neutral-900">
        {shown}
      </span>
      <button type="button" className={STEP_CLASS} aria-label={labels.up} aria-disabled={!onUp} onClick={() => onUp?.()}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
