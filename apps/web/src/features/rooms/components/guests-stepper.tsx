import { countOf } from '@staybook/domain/text';
import { useId } from 'react';

interface GuestsStepperProps {
  value: number;
  /** The room's guests: the most the stepper goes to. */
  max: number;
  onChange: (guests: number) => void;
}

const STEP_CLASS =
  'flex size-8 items-center justify-center rounded-full border border-neutral-400 text-lg leading-none text-neutral-800 transition hover:border-neutral-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-neutral-400';

/**
 * How many guests the stay is for, from 1 to what the room takes: − and + around the count. At a bound the
 * button is marked disabled rather than disabled outright, so a keyboard user pressing it keeps their focus.
 */
export function GuestsStepper({ value, max, onChange }: GuestsStepperProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center justify-between gap-3">
      <div className="text-left">
        <p id={labelId} className="font-semibold text-neutral-900">
          Guests
        </p>
        <p className="text-xs text-neutral-500">{`This room takes up to ${countOf(max, 'guest')}`}</p>
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={STEP_CLASS}
          aria-label="Fewer guests"
          aria-disabled={value <= 1}
          onClick={() => value > 1 && onChange(value - 1)}
        >
          −
        </button>
        {/* Read out after each press; the buttons' names say what they do, this says where it stands. */}
        <output aria-live="polite" className="min-w-16 text-center font-medium text-neutral-900">
          {countOf(value, 'guest')}
        </output>
        <button
          type="button"
          className={STEP_CLASS}
          aria-label="More guests"
          aria-disabled={value >= max}
          onClick={() => value < max && onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
