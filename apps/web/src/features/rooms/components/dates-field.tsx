import { formatIsoDate } from '@staybook/domain/dates';
import { flexibleSummary } from '@staybook/domain/flexible-stays';
import { Suspense, useId } from 'react';
import { Loader } from '../../../components/loader';
import { PopoverPanel } from '../../../components/popover-panel';
import { usePopover } from '../../../hooks/use-popover';
import { lazyPage } from '../../../lib/lazy-page';
import { CHOICE_INPUT } from '../utils/choice-input';
import { PanelFoot } from './panel-foot';
import type { WhenDraft } from '../utils/search-draft';
import { i18n } from '../../../lib/i18n';

// The calendar brings react-day-picker: loaded when the dates are first opened, not with the home page.
const StayRangePicker = lazyPage(() => import('./stay-range-picker'), 'StayRangePicker');
// The flexible choices: loaded when 'Flexible' is first chosen.
const FlexibleDatesPicker = lazyPage(() => import('./flexible-dates-picker'), 'FlexibleDatesPicker');

interface DatesFieldProps {
  when: WhenDraft;
  onChange: (when: Partial<WhenDraft>) => void;
  error?: string | undefined;
  /** In the small screens' sheet the calendar opens in place, one month wide; elsewhere over the page. */
  inSheet?: boolean;
}

/**
 * Check in and Check out as one control: a button showing both dates that opens one range calendar below it, or,
 * with 'Flexible' chosen in it, a kind of stay ('A weekend') and the months it may start in (decision 054).
 * Escape, a click outside it or 'Done' closes the panel and hands focus back to the button.
 */
export function DatesField({ when, onChange, error, inSheet = false }: DatesFieldProps) {
  const { open, close, rootRef, buttonProps, panelId, onKeyDown } = usePopover({ inSheet });
  const errorId = useId();
  const modeName = useId();
  const range = { checkin: when.checkin, checkout: when.checkout };

  return (
    <div ref={rootRef} className="relative flex flex-col gap-2" onKeyDown={onKeyDown}>
      <button
        {...buttonProps}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`grid h-full ${when.flexible ? '' : 'grid-cols-2'} divide-x divide-neutral-300 rounded-md border border-neutral-300 bg-neutral-50 text-left aria-invalid:border-rose-600`}
      >
        {when.flexible ? (
          <Slot label={i18n.t('When')} text={when.stay && when.months.length > 0 ? flexibleSummary(when.stay, when.months) : undefined} empty={i18n.t('Add a stay')} />
        ) : (
          <>
            <Slot label={i18n.t('Check in')} text={range.checkin && formatIsoDate(range.checkin)} />
            <Slot label={i18n.t('Check out')} text={range.checkout && formatIsoDate(range.checkout)} />
          </>
        )}
      </button>
      {error && (
        <p id={errorId} className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {open && (
        <PopoverPanel id={panelId} label={i18n.t('Choose dates')} inSheet={inSheet} width="w-max">
          <fieldset className="mx-auto mb-3 flex w-max rounded-full bg-neutral-100 p-1">
            <legend className="sr-only">{i18n.t('How to choose dates')}</legend>
            {([false, true] as const).map((flexible) => (
              <label
                key={String(flexible)}
                className="relative cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold text-neutral-700 has-checked:bg-white has-checked:text-neutral-900 has-checked:shadow has-focus-visible:outline-2"
              >
                <input type="radio" name={modeName} className={CHOICE_INPUT} checked={when.flexible === flexible} onChange={() => onChange({ flexible })} />
                {flexible ? i18n.t('Flexible') : i18n.t('Dates')}
              </label>
            ))}
          </fieldset>
          <Suspense fallback={<Loader size="short" />}>
            {when.flexible ? (
              <FlexibleDatesPicker choice={{ stay: when.stay, months: when.months }} onChange={onChange} />
            ) : (
              <StayRangePicker range={range} onChange={(picked) => onChange({ checkin: picked.checkin, checkout: picked.checkout })} twoMonths={!inSheet} />
            )}
          </Suspense>
          <PanelFoot
            clearLabel={i18n.t('Clear dates')}
            canClear={when.flexible ? Boolean(when.stay) || when.months.length > 0 : Boolean(range.checkin)}
            onClear={() => onChange(when.flexible ? { stay: undefined, months: [] } : { checkin: undefined, checkout: undefined })}
            onDone={close}
          />
        </PopoverPanel>
      )}
    </div>
  );
}

function Slot({ label, text, empty = i18n.t('Add date') }: { label: string; text: string | undefined; empty?: string }) {
  return (
    <span className="flex flex-col px-3 py-1.5">
      <span className="text-xs font-semibold text-neutral-800">{label}</span>
      <span className={text ? 'truncate text-neutral-900' : 'text-neutral-500'}>{text ?? empty}</span>
    </span>
  );
}
