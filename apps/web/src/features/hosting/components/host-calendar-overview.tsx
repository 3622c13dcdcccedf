import { addDays, type IsoDate } from '@staybook/domain/dates';
import type { HostCalendarNight } from '@staybook/domain/host-calendar';
import type { RoomSummary } from '@staybook/domain/rooms';
import { LabelledSection } from '../../../components/labelled-section';
import { useNextDays } from '../api/use-host-calendar';
import { longDate, nightStateText, shortDate } from '../utils/host-calendar-grid';
import { NIGHT_STATE_STYLES } from './host-calendar-legend';
import { i18n } from '../../../lib/i18n';

/** The listings the overview shows at most: one request each. */
export const OVERVIEW_LISTINGS = 10;
const DAYS = 30;

interface HostCalendarOverviewProps {
  /** The host's listings, newest first; the first ten are shown. */
  rooms: readonly RoomSummary[];
  /** Whether the host has more listings than those shown. */
  more: boolean;
  /** The listing the big calendar shows. */
  currentId: string;
  /** A listing's name pressed: the big calendar shows it. */
  onChoose: (roomId: string) => void;
}

/** The next 30 days of the host's listings, a row each: what holds each night, in colour and in words. */
export function HostCalendarOverview({ rooms, more, currentId, onChoose }: HostCalendarOverviewProps) {
  const shown = rooms.slice(0, OVERVIEW_LISTINGS);
  // The days run from today where the first listing is (the same query as its row: one request).
  const start = useNextDays(shown[0]!._id).data?.today;
  const days = start ? Array.from({ length: DAYS }, (_, i) => addDays(start, i)) : [];
  return (
    <LabelledSection title={i18n.t('Next 30 days')} className="flex flex-col gap-2" titleClassName="text-xl font-semibold text-neutral-900">
      <p className="text-sm text-neutral-700">
        {more || rooms.length > OVERVIEW_LISTINGS
          ? i18n.t("Showing your first {count} listings. Choose a listing's name to see its calendar below; the Listing menu has them all.", { count: OVERVIEW_LISTINGS })
          : i18n.t("Choose a listing's name to see its calendar below.")}
      </p>
      {/* Positioned, so the cells' hidden texts scroll with the table instead of widening a phone's page. On a phone the 30
          nights scroll sideways: a named region the keyboard can focus and scroll, as the payout statement's table. */}
      <div role="region" aria-label={i18n.t('What holds each of the next 30 nights, per listing')} tabIndex={0} className="relative overflow-x-auto">
        <table className="border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">{i18n.t('What holds each of the next 30 nights, per listing')}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-2 text-left font-medium text-neutral-700">
                {i18n.t('Listing')}
              </th>
              {days.map((date) => (
                <th key={date} scope="col" className="w-5 text-center font-normal text-neutral-700">
                  <span aria-hidden="true">{Number(date.slice(8))}</span>
                  <span className="sr-only">{shortDate(date)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((room) => (
              <OverviewRow key={room._id} room={room} days={days} current={room._id === currentId} onChoose={onChoose} />
            ))}
          </tbody>
        </table>
      </div>
    </LabelledSection>
  );
}

interface OverviewRowProps {
  room: RoomSummary;
  days: readonly IsoDate[];
  current: boolean;
  onChoose: (roomId: string) => void;
}

function OverviewRow({ room, days, current, onChoose }: OverviewRowProps) {
  const result = useNextDays(room._id);
  const nights = new Map<IsoDate, HostCalendarNight>(result.data?.nights.map((night) => [night.date, night]));
  return (
    <tr>
      <th scope="row" className="max-w-48 pr-2 text-left font-normal">
        <button
          type="button"
          aria-current={current || undefined}
          onClick={() => onChoose(room._id)}
          title={room.title}
          className={`block max-w-48 truncate rounded px-1 py-0.5 text-left text-sm hover:underline ${current ? 'font-semibold text-rose-700' : 'text-neutral-900'}`}
        >
          {room.title}
        </button>
      </th>
      {result.isError ? (
        <td colSpan={Math.max(days.length, 1)} className="text-sm text-rose-700">
          {`${i18n.t('Could not be loaded.')} `}
          <button type="button" className="font-semibold underline" onClick={() => void result.refetch()}>
            {i18n.t('Try again')}
          </button>
        </td>
      ) : result.isPending || days.length === 0 ? (
        <td colSpan={Math.max(days.length, 1)} className="text-sm text-neutral-700">
          {i18n.t('Loading…')}
        </td>
      ) : (
        days.map((date) => <OverviewCell key={date} date={date} night={nights.get(date)} />)
      )}
    </tr>
  );
}

function OverviewCell({ date, night }: { date: IsoDate; night: HostCalendarNight | undefined }) {
  const text = `${longDate(date)}: ${night ? nightStateText(night) : i18n.t('not loaded')}`;
  return (
    <td className="p-0">
      <span aria-hidden="true" title={text} className={`block h-6 w-5 rounded-sm ${night ? NIGHT_STATE_STYLES[night.state].swatch : 'bg-neutral-100'}`} />
      <span className="sr-only">{text}</span>
    </td>
  );
}
