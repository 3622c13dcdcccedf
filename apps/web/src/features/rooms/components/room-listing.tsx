import { formatNumber } from '@staybook/domain/dates';
import type { ListedRoom, SearchTotal } from '@staybook/domain/rooms';
import { isNarrowed, type RoomSearch } from '@staybook/domain/search';
import type { ReactNode } from 'react';
import { ErrorScreen } from '../../../components/error-screen';
import { Loader } from '../../../components/loader';
import { ShowMore } from '../../../components/show-more';
import { useOnVisible } from '../../../hooks/use-on-visible';
import { useRooms } from '../api/use-rooms';
import { NoResults } from './no-results';
import { NoRooms } from './no-rooms';
import { RoomCard } from './room-card';
import { HydrateLater } from '../../../lib/hydrate-later';
import { i18n } from '../../../lib/i18n';

/**
 * Only the first card's picture is fetched at once, at high priority (the server preloads it too): it is the page's
 * largest content, and on a phone the only one on screen. The others are lazy: those on screen load as soon as the
 * page is laid out, without taking a phone's bandwidth from the first (six eager pictures held Lighthouse's mobile
 * LCP at 2.6 s; 2.3 s with one).
 */
const EAGER_CARDS = 1;
const HIGH_PRIORITY_CARDS = 1;


/** '48 stays', '1 stay', '1,000+ stays' (the API counts up to a cap). */
export function describeTotal({ count, more }: SearchTotal): string {
  return more ? i18n.t('{count}+ stays', { count: formatNumber(count) }) : i18n.t('{count, plural, one {# stay} other {# stays}}', { count });
}

interface RoomListingProps {
  search: RoomSearch;
  /** Widens a search that found nothing. */
  onSearch: (search: RoomSearch) => void;
  /** What each card carries over its picture (the heart that saves the home, which the page composes). */
  cardAction?: (room: ListedRoom) => ReactNode;
  /** Told which home's card the pointer or the focus is on (null: none), for the map to single out its marker. */
  onCardHighlight?: (roomId: string | null) => void;
  /** Beside the map on a wide screen: fewer cards to a row. */
  besideMap?: boolean;
}

export function RoomListing({ search, onSearch, cardAction, onCardHighlight, besideMap = false }: RoomListingProps) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useRooms(search);

  const loadMore = () => void fetchNextPage();
  const sentinelRef = useOnVisible(loadMore, {
    // A failed page stops the automatic loading; the button below retries on request.
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  });

  if (isPending) return <Loader />;
  if (!data) return <ErrorScreen message={error?.message} />;

  const rooms = data.pages.flatMap((page) => page.items);
  // A category (or the whole marketplace) without rooms keeps the spec's words; a search that found nothing has its own.
  if (rooms.length === 0) return isNarrowed(search) ? <NoResults search={search} onSearch={onSearch} /> : <NoRooms />;
  const total = data.pages[0]?.total;
  // The place the search named, when the server knew where it is: cards say how far each home is from it.
  const near = data.pages[0]?.near?.name;

  return (
    <div className="pt-6 pb-12">
      {total && (
        <p data-testid="result-count" className="mb-4 font-semibold text-neutral-800">
          {describeTotal(total)}
        </p>
      )}
      <div
        data-testid="room-grid"
        className={
          besideMap
            ? 'grid grid-cols-1 gap-8 sm:grid-cols-2 2xl:grid-cols-3'
            : 'grid grid-cols-1 gap-8 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6'
        }
      >
        {/* A painted card is a working link already: the cards take their turns after the search (hydrate-later.tsx). */}
        {rooms.map((room, index) => (
          <HydrateLater key={room._id}>
            <RoomCard
              room={room}
              search={search}
              near={near}
              action={cardAction?.(room)}
              onHighlight={onCardHighlight}
              eager={index < EAGER_CARDS}
              highPriority={index < HIGH_PRIORITY_CARDS}
            />
          </HydrateLater>
        ))}
      </div>
      <div ref={sentinelRef} aria-hidden="true" />
      {isFetchingNextPage && <Loader size="short" />}
      {isFetchNextPageError && (
        <p role="alert" className="mt-8 text-center text-rose-600">
          {error?.message}
        </p>
      )}
      {/* While the next page loads, the loader above stands in for the button. */}
      {!isFetchingNextPage && (
        <ShowMore pages={{ hasNextPage, isFetchingNextPage, fetchNextPage }} className="mt-10">
          {i18n.t('Show more rooms')}
        </ShowMore>
      )}
    </div>
  );
}
