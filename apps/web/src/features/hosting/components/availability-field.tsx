import { formatIsoDate, isTimeZone, todayIn, type IsoDate } from '@staybook/domain/dates';
import type { RoomInput, RoomInputValues } from '@staybook/domain/room-input';
import { Suspense, useId } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { lazyPage } from '../../../lib/lazy-page';
import { i18n } from '../../../lib/i18n';

// The date picker's code arrives with the field, not with the app.
const AvailabilityCalendar = lazyPage(() => import('./availability-calendar'), 'AvailabilityCalendar');

interface AvailabilityFieldProps {
  control: Control<RoomInputValues, unknown, RoomInput>;
  /** On update: the stored start, which the window may keep even once it has passed. */
  keepStart?: IsoDate | undefined;
}

/** The availability window as a date range: the form's `from` and `to`, picked in one calendar. */
export function AvailabilityField({ control, keepStart }: AvailabilityFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const {
    field: { value: fromValue, onChange: setFrom, ref: focusRef },
    fieldState: { error: fromError },
  } = useController({ control, name: 'from' });
  const {
    field: { value: toValue, onChange: setTo },
    fieldState: { error: toError },
  } = useController({ control, name: 'to' });
  // The shared rules' words (and the server's) are English: the page's catalog writes the ones it knows in its language.
  const refused = fromError?.message ?? toError?.message;
  const error = refused && i18n.known(refused);
  // Today where the room is: the zone chosen in the same form.
  const timeZone = useWatch({ control, name: 'timeZone' });

  const summary =
    fromValue && toValue
      ? `${formatIsoDate(fromValue)} – ${formatIsoDate(toValue)}`
      : fromValue
        ? i18n.t('From {date}: now pick the last check-out day', { date: formatIsoDate(fromValue) })
        : i18n.t('Pick the first available day, then the last check-out day');

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-neutral-800">
        {i18n.t('Availability')}
      </span>
      {/* A form library focuses this when the dates need fixing; the calendar's days follow it. */}
      <div
        ref={focusRef}
        tabIndex={-1}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        className="rounded-md focus:outline-2 focus:outline-rose-500"
      >
        <Suspense fallback={<div aria-hidden="true" className="h-[22.5rem] animate-pulse rounded-md bg-neutral-100" />}>
          <AvailabilityCalendar
            from={fromValue}
            to={toValue}
            earliest={todayIn(isTimeZone(timeZone) ? timeZone : 'UTC')}
            keepStart={keepStart}
            labelledBy={labelId}
            onChange={(range) => {
              setFrom(range.from);
              setTo(range.to);
            }}
          />
        </Suspense>
      </div>
      <p id={noteId} data-testid="availability-summary" className={`min-h-5 text-sm ${error ? 'text-rose-600' : 'text-neutral-600'}`}>
        {error ?? summary}
      </p>
    </div>
  );
}
