import { SEARCH_LIMITS } from '@staybook/domain/search';
import { useId } from 'react';
import { Stepper } from '../../../components/stepper';
import { i18n } from '../../../lib/i18n';


/**
 * The search's guests: a stepper from 1 to 16, and below 1 "Any", which does not narrow the search (the room
 * page's GuestsStepper goes from 1 to what its room takes, with no "Any").
 */
export function GuestsFilter({ value, onChange }: { value: number | undefined; onChange: (guests: number | undefined) => void }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-neutral-800">
        {i18n.t('Guests')}
      </span>
      <div className="flex h-11 items-center">
        <Stepper
          shown={value === undefined ? i18n.t('Any') : i18n.t('{count, plural, one {# guest} other {# guests}}', { count: value })}
          labels={{ down: i18n.t('Fewer guests'), up: i18n.t('More guests') }}
          valueTestId="guests-value"
          onDown={value === undefined ? null : () => onChange(value <= 1 ? undefined : value - 1)}
          onUp={value === SEARCH_LIMITS.maxGuests ? null : () => onChange(value === undefined ? 1 : value + 1)}
        />
      </div>
    </div>
  );
}
