import { countOf } from '@staybook/domain/text';
import { useId } from 'react';
import { Stepper } from '../../../components/stepper';

interface GuestsStepperProps {
  value: number;
  /** The room's guests: the most the stepper goes to. */
  max: number;
  onChange: (guests: number) => void;
}

const LABELS = { down: 'Fewer guests', up: 'More guests' };

/** How many guests the stay is for, from 1 to what the room takes. */
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
      <Stepper
        shown={countOf(value, 'guest')}
        labels={LABELS}
        onDown={value > 1 ? () => onChange(value - 1) : null}
        onUp={value < max ? () => onChange(value + 1) : null}
      />
    </div>
  );
}
