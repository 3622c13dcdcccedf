import { useId } from 'react';
import { Stepper } from '../../../components/stepper';
import { i18n } from '../../../lib/i18n';

interface GuestsStepperProps {
  value: number;
  /** The room's guests: the most the stepper goes to. */
  max: number;
  onChange: (guests: number) => void;
}


/** How many guests the stay is for, from 1 to what the room takes. */
export function GuestsStepper({ value, max, onChange }: GuestsStepperProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center justify-between gap-3">
      <div className="text-left">
        <p id={labelId} className="font-semibold text-neutral-900">
          {i18n.t('Guests')}
        </p>
        <p className="text-xs text-neutral-500">{i18n.t('This room takes up to {count, plural, one {# guest} other {# guests}}', { count: max })}</p>
      </div>
      <Stepper
        shown={i18n.t('{count, plural, one {# guest} other {# guests}}', { count: value })}
        labels={{ down: i18n.t('Fewer guests'), up: i18n.t('More guests') }}
        onDown={value > 1 ? () => onChange(value - 1) : null}
        onUp={value < max ? () => onChange(value + 1) : null}
      />
    </div>
  );
}
