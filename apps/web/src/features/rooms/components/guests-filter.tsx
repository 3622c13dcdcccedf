import { SEARCH_LIMITS } from '@staybook/domain/search';
import { countOf } from '@staybook/domain/text';
import { useId } from 'react';

const STEP_CLASS =
  'flex size-8 items-center justify-center rounded-full border border-neutral-400 text-lg leading-none text-neutral-800 transition hover:border-neutral-900 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The search's guests: a stepper from 1 to 16, and below 1 "Any", which does not narrow the search (the room
 * page's GuestsStepper goes from 1 to what its room takes, with no "Any").
 */
export function GuestsFilter({ value, onChange }: { value: number | undefined; onChange: (guests: number | undefined) => void }) {
  const labelId = useId();
  const shown = value === undefined ? 'Any' : countOf(value, 'guest');
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-neutral-800">
        Guests
      </span>
      <div className="flex h-11 items-center gap-3">
        <button
          type="button"
          className={STEP_CLASS}
          aria-label="Fewer guests"
          disabled={value === undefined}
          onClick={() => onChange(value === undefined || value <= 1 ? undefined : value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        {/* Not an <output>: its role is status, which in this app means "still loading". */}
        <span data-testid="guests-value" aria-live="polite" className="min-w-18 text-center text-neutral-900">
          {shown}
        </span>
        <button
          type="button"
          className={STEP_CLASS}
          aria-label="More guests"
          disabled={value === SEARCH_LIMITS.maxGuests}
          onClick={() => onChange(value === undefined ? 1 : Math.min(value + 1, SEARCH_LIMITS.maxGuests))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
