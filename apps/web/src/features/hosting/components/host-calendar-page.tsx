import { listingPricingPath } from '@staybook/domain/app-routes';
import type { RoomSummary } from '@staybook/domain/rooms';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useMyListings } from '../api/use-my-listings';
import { HostCalendar } from './host-calendar';
import { HostCalendarOverview } from './host-calendar-overview';
import { NoListings } from './no-listings';
import { i18n } from '../../../lib/i18n';

/** The address's parameter naming the listing the calendar shows (`?room=<id>`); without it, the newest listing. */
const ROOM_PARAM = 'room';

/**
 * The host calendar (issue 31): the next 30 days of the host's listings at a glance, and one listing's months,
 * chosen from the listing menu or by a listing's name in the overview.
 */
export function HostCalendarPage() {
  const listings = useMyListings();
  const [params, setParams] = useSearchParams();
  const calendarRef = useRef<HTMLElement>(null);

  if (listings.isPending) return <Loader />;
  if (!listings.data) return <LoadError what={i18n.t('Your listings')} error={listings.error} onRetry={() => void listings.refetch()} />;
  const rooms = listings.data.pages.flatMap((page) => page.items);
  if (rooms.length === 0) return <NoListings text={i18n.t('Once you add a room, its calendar shows here: its nights, prices and stays, month by month.')} />;
  const room = rooms.find((r) => r._id === params.get(ROOM_PARAM)) ?? rooms[0]!;

  const choose = (roomId: string) => setParams({ [ROOM_PARAM]: roomId }, { replace: true });
  const chooseAndShow = (roomId: string) => {
    choose(roomId);
    calendarRef.current?.focus();
    calendarRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="flex flex-col gap-10">
      <HostCalendarOverview rooms={rooms} more={listings.hasNextPage} currentId={room._id} onChoose={chooseAndShow} />
      <section ref={calendarRef} tabIndex={-1} aria-labelledby="host-calendar-title" className="flex flex-col gap-4 outline-none">
        <h2 id="host-calendar-title" className="text-xl font-semibold text-neutral-900">
          {room.title}
        </h2>
        <ListingSwitcher
          rooms={rooms}
          value={room._id}
          onChange={choose}
          more={listings.hasNextPage}
          loadingMore={listings.isFetchingNextPage}
          onMore={() => void listings.fetchNextPage()}
        />
        <Link to={listingPricingPath(room._id)} className="self-start text-sm font-semibold text-neutral-900 underline underline-offset-2 hover:text-neutral-700">
          {i18n.t('Pricing and availability')}
        </Link>
        <HostCalendar key={room._id} roomId={room._id} />
      </section>
    </div>
  );
}

interface ListingSwitcherProps {
  rooms: readonly RoomSummary[];
  value: string;
  onChange: (roomId: string) => void;
  /** Whether more listings can be loaded into the menu. */
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

function ListingSwitcher({ rooms, value, onChange, more, loadingMore, onMore }: ListingSwitcherProps) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <SelectField label={i18n.t('Listing')} className="w-full max-w-md" value={value} onChange={(event) => onChange(event.target.value)}>
        {rooms.map((room) => (
          <option key={room._id} value={room._id}>
            {`${room.title} (${room.location})`}
          </option>
        ))}
      </SelectField>
      {more && (
        <Button variant="subtle" className="sm:mt-7" pending={loadingMore} onClick={onMore}>
          {i18n.t('Show more listings')}
        </Button>
      )}
    </div>
  );
}
