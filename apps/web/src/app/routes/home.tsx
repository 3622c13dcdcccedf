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
import { HydrateLater } from '../../lib/hydrate-later';
import { lazyPage } from '../../lib/lazy-page';
import { createSharedValue } from '../../lib/shared-value';
import { Loader } from '../../components/loader';
import { Suspense, useEffect, useState } from 'react';
import { i18n } from '../../lib/i18n';

// Signed-in people only, after the first paint (decision 050): its code never weighs on a visitor's home page.
const RecentlyViewedRow = lazyPage(() => import('../../features/wishlists/components/recently-viewed-row'), 'RecentlyViewedRow');

// Only when someone opens it (decision 053): Leaflet, the clustering and the basemap never weigh on the first paint.
const RoomsMap = lazyPage(() => import('../../features/map/components/rooms-map'), 'RoomsMap');

/** Every card of the list carries the heart that saves its home. */
const heartFor = (room: ListedRoom) => <HeartButton roomId={room._id} title={room.title} />;

export function HomeRoute() {
  useDocumentTitle(i18n.known(HOME_PAGE_TITLE));
  const { search, setSearch, unknownCategory } = useRoomSearch();
  const category = findCategory(search.category);
  const [mapOpen, setMapOpen] = useState(false);
  const [highlighted] = useState(() => createSharedValue<string | null>(null));
  // A link to an area of the map opens the map, once its code is here: after the first paint (the server paints the
  // list alone), without a moment of loading.
  const hasArea = search.area !== undefined;
  useEffect(() => {
    if (hasArea) void RoomsMap.preload().then(() => setMapOpen(true));
  }, [hasArea]);

  return (
    <>
      <h1 className="sr-only">{category ? i18n.t('{category} stays', { category: i18n.t(category.label) }) : i18n.t('All stays')}</h1>
      <SearchBar search={search} onSearch={setSearch} />
      {/* Its entries are links already when painted: it hydrates after the search (lib/hydrate-later.tsx). */}
      <HydrateLater>
        <CategoryStrip search={search} unknownCategory={unknownCategory} />
      </HydrateLater>
      {category && <p className="pt-4 text-center text-neutral-600">{i18n.t(category.description)}</p>}
      {/* An unknown category cannot have rooms, so the API is not asked about it. */}
      {unknownCategory ? (
        <NoRooms />
      ) : (
        <>
          <div className="flex justify-end pt-4">
            <button
              type="button"
              onClick={() => setMapOpen((open) => !open)}
              className="rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold text-neutral-900 hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600"
            >
              {/* On a phone the map takes the list's place; on a wide screen it sits beside it. */}
              {mapOpen ? (
                <>
                  <span className="lg:hidden">{i18n.t('Show list')}</span>
                  <span className="hidden lg:inline">{i18n.t('Hide map')}</span>
                </>
              ) : (
                i18n.t('Show map')
              )}
            </button>
          </div>
          <div className={mapOpen ? 'lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6' : undefined}>
            <div className={mapOpen ? 'hidden lg:block' : undefined}>
              <RoomListing search={search} onSearch={setSearch} cardAction={heartFor} onCardHighlight={highlighted.set} besideMap={mapOpen} />
            </div>
            {mapOpen && (
              <div className="h-[70vh] pt-6 pb-6 lg:sticky lg:top-24 lg:h-[calc(100vh-8rem)] lg:pb-0">
                <Suspense fallback={<Loader />}>
                  <RoomsMap search={search} onSearch={setSearch} highlighted={highlighted} />
                </Suspense>
              </div>
            )}
          </div>
        </>
      )}
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
