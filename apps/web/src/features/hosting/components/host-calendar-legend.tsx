import type { CalendarNightState } from '@staybook/domain/host-calendar';
import { i18n } from '../../../lib/i18n';

/**
 * Each night state's colours, shared by the month grid and the 30-day overview; every pair keeps text at 4.5:1 or
 * more. The state is never told by colour alone: the cells say it in text too (their marker and accessible name).
 */
export const NIGHT_STATE_STYLES: Record<CalendarNightState, { cell: string; swatch: string; label: string }> = {
  free: { cell: 'bg-white text-neutral-900', swatch: 'bg-white border border-neutral-400', label: /*i18n*/ 'Free' },
  booked: { cell: 'bg-sky-100 text-sky-950', swatch: 'bg-sky-300', label: /*i18n*/ 'Booked' },
  blocked: { cell: 'bg-neutral-200 text-neutral-900', swatch: 'bg-neutral-500', label: /*i18n*/ 'Blocked by you' },
  imported: { cell: 'bg-amber-100 text-amber-950', swatch: 'bg-amber-400', label: /*i18n*/ 'Blocked by an imported calendar' },
  preparation: { cell: 'bg-violet-100 text-violet-950', swatch: 'bg-violet-300', label: /*i18n*/ 'Preparation time' },
  outside: { cell: 'bg-neutral-100 text-neutral-700', swatch: 'bg-neutral-300', label: /*i18n*/ 'Outside the availability window' },
  past: { cell: 'bg-neutral-50 text-neutral-600', swatch: 'bg-neutral-100 border border-neutral-300', label: /*i18n*/ 'Past' },
};

const LEGEND_ORDER: readonly CalendarNightState[] = ['free', 'booked', 'blocked', 'imported', 'preparation', 'outside', 'past'];

/** What the colours mean, and the marks a cell may carry. */
export function HostCalendarLegend() {
  return (
    <ul aria-label={i18n.t('Legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700">
      {LEGEND_ORDER.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${NIGHT_STATE_STYLES[state].swatch}`} />
          {i18n.known(NIGHT_STATE_STYLES[state].label)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="font-semibold text-rose-700">
          $
        </span>
        {i18n.t('Price set for the night')}
      </li>
      <li>{i18n.t('No check-in: no stay can start that night')}</li>
    </ul>
  );
}
