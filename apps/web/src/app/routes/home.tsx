import { findCategory } from '@staybook/domain/categories';
import { HOME_PAGE_TITLE } from '@staybook/domain/product';
import { CategoryStrip } from '../../features/rooms/components/category-strip';
import { NoRooms } from '../../features/rooms/components/no-rooms';
import { RoomListing } from '../../features/rooms/components/room-listing';
import { SearchBar } from '../../features/rooms/components/search-bar';
import { useRoomSearch } from '../../features/rooms/hooks/use-room-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { HeartButton } from '../../features/wishlists/components/heart-button';
import type { ListedRoom } from '@staybook/domain/rooms';
import { lazyPage } from '../../lib/lazy-page';
import { Suspense } from 'react';

// Signed-in people only, after the first paint (decision 050): its code never weighs on a visitor's home page.
const RecentlyViewedRow = lazyPage(() => import('../../features/wishlists/components/recently-viewed-row'), 'RecentlyViewedRow');

/** Every card of the list carries the heart that saves its home. */
const heartFor = (room: ListedRoom) => <HeartButton roomId={room._id} title={room.title} />;

export function HomeRoute() {
  useDocumentTitle(HOME_PAGE_TITLE);
  const { search, setSearch, unknownCategory } = useRoomSearch();
  const category = findCategory(search.category);

  return (
    <>
      <h1 className="sr-only">{category ? `${category.label} stays` : 'All stays'}</h1>
      <SearchBar search={search} onSearch={setSearch} />
      <CategoryStrip search={search} unknownCategory={unknownCategory} />
      {category && <p className="pt-4 text-center text-neutral-600">{category.description}</p>}
      {/* An unknown category cannot have rooms, so the API is not asked about it. */}
      {unknownCategory ? <NoRooms /> : <RoomListing search={search} onSearch={setSearch} cardAction={heartFor} />}
      {/*
       * After the list, never above it: the row arrives after the list and changes as the person opens homes, so
       * above it would push the list down under someone coming back to where they were in it.
       */}
      <RecentlyViewed />
    </>
  );
}

/**
 * The signed-in person's 'Recently viewed' row. Its own component, so the session arriving re-renders only this
 * slot, never the search the server painted (hydration keeps those elements as they were).
 */
function RecentlyViewed() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedRow />
    </Suspense>
  );
}
