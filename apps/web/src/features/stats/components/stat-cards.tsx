import { formatMoment } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { formatAverage } from '@staybook/domain/ratings';
import type { IconType } from 'react-icons';
// Lucide, as the dashboard's sidebar: no icon set the home page uses, so none of this lands in its chunk.
import { LuCalendarCheck, LuCalendarClock, LuDollarSign, LuHouse, LuPiggyBank, LuStar, LuUsers, LuWallet } from 'react-icons/lu';
import type { StatsView } from '@staybook/domain/stats';
import type { StatsByView } from '../api/stats-api';

type Card = { label: string; value: string; icon: IconType; tint: string };

/** The spec's cards for each dashboard, in its order. */
export function cardsFor<V extends StatsView>(view: V, stats: StatsByView[V]): Card[] {
  const sales = formatMoney(stats.totalPriceCents);
  const totalSales = { label: 'Total Sales', value: sales, icon: LuDollarSign, tint: 'bg-emerald-500' };
  const bookings = { label: 'Total Bookings', value: String(stats.totalBookings), icon: LuCalendarCheck, tint: 'bg-sky-500' };
  const rooms = (count: number) => ({ label: 'Total Rooms', value: String(count), icon: LuHouse, tint: 'bg-rose-500' });
  if (view === 'admin') {
    const admin = stats as StatsByView['admin'];
    return [
      totalSales,
      { label: 'Total User', value: String(admin.totalUsers), icon: LuUsers, tint: 'bg-violet-500' },
      bookings,
      rooms(admin.totalRooms),
    ];
  }
  if (view === 'host') {
    const host = stats as StatsByView['host'];
    return [
      totalSales,
      // What those sales pay the host, after the marketplace's commission (decision 049).
      { label: 'Earnings', value: formatMoney(host.earningsCents), icon: LuPiggyBank, tint: 'bg-teal-600' },
      bookings,
      rooms(host.totalRooms),
      { label: 'Host Since', value: formatMoment(host.hostSince), icon: LuCalendarClock, tint: 'bg-amber-500' },
      {
        label: 'Average rating',
        value: host.rating.average === null ? 'No reviews yet' : formatAverage(host.rating.average),
        icon: LuStar,
        tint: 'bg-yellow-500',
      },
    ];
  }
  const guest = stats as StatsByView['guest'];
  return [
    { label: 'Total Spent', value: sales, icon: LuWallet, tint: 'bg-emerald-500' },
    bookings,
    { label: 'Guest Since', value: formatMoment(guest.guestSince), icon: LuCalendarClock, tint: 'bg-amber-500' },
  ];
}

/** One column on phones, two on tablets, four on wide screens (the host's six: three a row). */
export function StatCards({ cards }: { cards: Card[] }) {
  const wide = cards.length > 4 ? 'lg:grid-cols-3' : 'xl:grid-cols-4';
  return (
    <ul aria-label="Totals" className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${wide}`}>
      {cards.map(({ label, value, icon: Icon, tint }) => (
        <li key={label} className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
          <span className={`flex size-12 shrink-0 items-center justify-center rounded-lg text-white ${tint}`}>
            <Icon size={24} aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-neutral-500">{label}</p>
            <p className="truncate text-2xl font-semibold text-neutral-900" data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
              {value}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
