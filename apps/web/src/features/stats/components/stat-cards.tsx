import { formatMoment } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { formatAverage } from '@staybook/domain/ratings';
import type { IconType } from 'react-icons';
// Lucide, as the dashboard's sidebar: no icon set the home page uses, so none of this lands in its chunk.
import { LuCalendarCheck, LuCalendarClock, LuDollarSign, LuHouse, LuPiggyBank, LuStar, LuUsers, LuWallet } from 'react-icons/lu';
import type { StatsView } from '@staybook/domain/stats';
import { i18n } from '../../../lib/i18n';
import type { AnyStats, StatsByView } from '../api/stats-api';

/** A figure's card; `id` names it for the browser tests (`stat-total-sales`) in every language. */
type Card = { id: string; label: string; value: string; icon: IconType; tint: string };

const totalSales = ({ totalPriceCents }: AnyStats): Card => ({ id: 'total-sales', label: i18n.t('Total Sales'), value: formatMoney(totalPriceCents), icon: LuDollarSign, tint: 'bg-emerald-500' });
const totalBookings = ({ totalBookings }: AnyStats): Card => ({ id: 'total-bookings', label: i18n.t('Total Bookings'), value: String(totalBookings), icon: LuCalendarCheck, tint: 'bg-sky-500' });
const totalRooms = ({ totalRooms }: { totalRooms: number }): Card => ({ id: 'total-rooms', label: i18n.t('Total Rooms'), value: String(totalRooms), icon: LuHouse, tint: 'bg-rose-500' });

/** The spec's cards for each dashboard, in its order. */
const CARDS: { [V in StatsView]: (stats: StatsByView[V]) => Card[] } = {
  admin: (admin) => [
    totalSales(admin),
    { id: 'total-user', label: i18n.t('Total User'), value: String(admin.totalUsers), icon: LuUsers, tint: 'bg-violet-500' },
    totalBookings(admin),
    totalRooms(admin),
  ],
  host: (host) => [
    totalSales(host),
    // What those sales pay the host, after the marketplace's commission (decision 049).
    { id: 'earnings', label: i18n.t('Earnings'), value: formatMoney(host.earningsCents), icon: LuPiggyBank, tint: 'bg-teal-600' },
    totalBookings(host),
    totalRooms(host),
    { id: 'host-since', label: i18n.t('Host Since'), value: formatMoment(host.hostSince), icon: LuCalendarClock, tint: 'bg-amber-500' },
    {
      id: 'average-rating',
      label: i18n.t('Average rating'),
      value: host.rating.average === null ? i18n.t('No reviews yet') : formatAverage(host.rating.average),
      icon: LuStar,
      tint: 'bg-yellow-500',
    },
  ],
  guest: (guest) => [
    { id: 'total-spent', label: i18n.t('Total Spent'), value: formatMoney(guest.totalPriceCents), icon: LuWallet, tint: 'bg-emerald-500' },
    totalBookings(guest),
    { id: 'guest-since', label: i18n.t('Guest Since'), value: formatMoment(guest.guestSince), icon: LuCalendarClock, tint: 'bg-amber-500' },
  ],
};

export function cardsFor<V extends StatsView>(view: V, stats: StatsByView[V]): Card[] {
  return CARDS[view](stats);
}

/** One column on phones, two on tablets, four on wide screens (the host's six: three a row). */
export function StatCards({ cards }: { cards: Card[] }) {
  const wide = cards.length > 4 ? 'lg:grid-cols-3' : 'xl:grid-cols-4';
  return (
    <ul aria-label={i18n.t('Totals')} className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${wide}`}>
      {cards.map(({ id, label, value, icon: Icon, tint }) => (
        <li key={id} className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
          <span className={`flex size-12 shrink-0 items-center justify-center rounded-lg text-white ${tint}`}>
            <Icon size={24} aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-neutral-500">{label}</p>
            <p className="truncate text-2xl font-semibold text-neutral-900" data-testid={`stat-${id}`}>
              {value}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
