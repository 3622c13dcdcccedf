import { findCategory } from '@staybook/domain/categories';
import { HOME_PAGE_TITLE } from '@staybook/domain/product';
import { useSearchParams } from 'react-router';
import { CategoryStrip } from '../../features/rooms/components/category-strip';
import { NoRooms } from '../../features/rooms/components/no-rooms';
import { RoomListing } from '../../features/rooms/components/room-listing';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function HomeRoute() {
  useDocumentTitle(HOME_PAGE_TITLE);
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('category') || null;
  const category = findCategory(requested);

  return (
    <>
      <h1 className="sr-only">{category ? `${category.label} stays` : 'All stays'}</h1>
      <CategoryStrip selected={category?.label ?? null} />
      {category && <p className="pt-4 text-center text-neutral-600">{category.description}</p>}
      {/* An unknown category cannot have rooms, so the API is not asked about it. */}
      {requested && !category ? <NoRooms /> : <RoomListing category={category?.label ?? null} />}
    </>
  );
}
