import { addMonths, formatMonthYear, localDateToIso } from '@staybook/domain/dates';
import {
  FLEXIBLE_MONTHS_AHEAD,
  FLEXIBLE_STAY_LABELS,
  FLEXIBLE_STAYS,
  MAX_FLEXIBLE_MONTHS,
  monthName,
  sortMonths,
  type YearMonth,
} from '@staybook/domain/flexible-stays';
import { useId } from 'react';
import { CHOICE_INPUT } from '../utils/choice-input';
import type { FlexibleChoice } from '../utils/search-draft';
import { i18n } from '../../../lib/i18n';

interface FlexibleDatesPickerProps {
  choice: FlexibleChoice;
  onChange: (choice: Partial<FlexibleChoice>) => void;
}

const CHIP =
  'relative cursor-pointer rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold text-neutral-800 has-checked:border-neutral-900 has-checked:bg-neutral-900 has-checked:text-white has-disabled:cursor-not-allowed has-disabled:opacity-40 has-focus-visible:outline-2 has-focus-visible:outline-offset-2';

/**
 * Flexible dates (decision 054): 'A weekend', 'A week' or 'A month', and the months it may start in, from the
 * visitor's own this month to eleven months on, up to MAX_FLEXIBLE_MONTHS of them. Loaded when 'Flexible' is chosen.
 */
export function FlexibleDatesPicker({ choice, onChange }: FlexibleDatesPickerProps) {
  const name = useId();
  const thisMonth = localDateToIso(new Date()).slice(0, 7);
  const offered = Array.from({ length: FLEXIBLE_MONTHS_AHEAD }, (_, i) => addMonths(thisMonth, i));
  const full = choice.months.length >= MAX_FLEXIBLE_MONTHS;
  const toggle = (month: YearMonth, on: boolean) =>
    onChange({ months: on ? sortMonths([...choice.months, month]) : choice.months.filter((m) => m !== month) });
  return (
    <div className="flex w-[22rem] max-w-full flex-col gap-4 px-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-neutral-900">{i18n.t('Stay for')}</legend>
        <div className="flex flex-wrap gap-2">
          {FLEXIBLE_STAYS.map((stay) => (
            <label key={stay} className={CHIP}>
              <input type="radio" name={name} className={CHOICE_INPUT} checked={choice.stay === stay} onChange={() => onChange({ stay })} />
              {i18n.known(FLEXIBLE_STAY_LABELS[stay])}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-neutral-900">
          {i18n.t('Go in')} <span className="font-normal text-neutral-600">{i18n.t('(up to {count} months)', { count: MAX_FLEXIBLE_MONTHS })}</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {offered.map((month) => {
            const checked = choice.months.includes(month);
            return (
              <label key={month} className={CHIP}>
                <input
                  type="checkbox"
                  className={CHOICE_INPUT}
                  aria-label={formatMonthYear(month)}
                  checked={checked}
                  disabled={!checked && full}
                  onChange={(event) => toggle(month, event.currentTarget.checked)}
                />
                <span aria-hidden="true">{monthName(month).slice(0, 3)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
