import { findCategory } from '@staybook/domain/categories';
import { HOME_PAGE_TITLE } from '@staybook/domain/product';
import { CategoryStrip } from '../../features/rooms/components/category-strip';
import { NoRooms } from '../../features/rooms/components/no-rooms';
import { RoomListing } from '../../features/rooms/components/room-listing';
import { SearchBar } from '../../features/rooms/components/search-bar';
import { useRoomSearch } from '../../features/rooms/hooks/use-room-search';
import { useDocumentTitle } from '../../hooks/use-document-title';

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
      {unknownCategory ? <NoRooms /> : <RoomListing search={search} onSearch={setSearch} />}
    </>
  );
}
