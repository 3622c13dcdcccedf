import { formatIsoDate } from '@staybook/domain/dates';
import { Suspense, useId } from 'react';
import { Loader } from '../../../components/loader';
import { PopoverPanel } from '../../../components/popover-panel';
import { usePopover } from '../../../hooks/use-popover';
import { lazyPage } from '../../../lib/lazy-page';
import type { DateRange } from '../utils/search-draft';

// The calendar brings react-day-picker: loaded when the dates are first opened, not with the home page.
const StayRangePicker = lazyPage(() => import('./stay-range-picker'), 'StayRangePicker');

interface DatesFieldProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
  error?: string | undefined;
  /** In the small screens' sheet the calendar opens in place, one month wide; elsewhere over the page. */
  inSheet?: boolean;
}

/**
 * Check in and Check out as one control: a button showing both dates that opens one range calendar below it.
 * Escape, a click outside it or 'Done' closes the calendar and hands focus back to the button.
 */
export function DatesField({ range, onChange, error, inSheet = false }: DatesFieldProps) {
  const { open, close, rootRef, buttonProps, panelId, onKeyDown } = usePopover({ inSheet });
  const errorId = useId();

  return (
    <div ref={rootRef} className="relative flex flex-col gap-2" onKeyDown={onKeyDown}>
      <button
        {...buttonProps}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="grid h-full grid-cols-2 divide-x divide-neutral-300 rounded-md border border-neutral-300 bg-neutral-50 text-left aria-invalid:border-rose-600"
      >
        <DateSlot label="Check in" date={range.checkin} />
        <DateSlot label="Check out" date={range.checkout} />
      </button>
      {error && (
        <p id={errorId} className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {open && (
        <PopoverPanel id={panelId} label="Choose dates" inSheet={inSheet} width="w-max">
          <Suspense fallback={<Loader size="short" />}>
            <StayRangePicker range={range} onChange={onChange} twoMonths={!inSheet} />
          </Suspense>
          <div className="mt-2 flex justify-end gap-4 px-2">
            <button
              type="button"
              className="text-sm font-semibold text-neutral-800 underline disabled:text-neutral-400 disabled:no-underline"
              disabled={!range.checkin}
              onClick={() => onChange({})}
            >
              Clear dates
            </button>
            <button type="button" className="rounded-lg bg-neutral-900 px-4 py-2 text-sm font-semibold text-white" onClick={close}>
              Done
            </button>
          </div>
        </PopoverPanel>
      )}
    </div>
  );
}

function DateSlot({ label, date }: { label: string; date: string | undefined }) {
  return (
    <span className="flex flex-col px-3 py-1.5">
      <span className="text-xs font-semibold text-neutral-800">{label}</span>
      <span className={date ? 'text-neutral-900' : 'text-neutral-500'}>{date ? formatIsoDate(date) : 'Add date'}</span>
    </span>
  );
}
