import { formatIsoDate } from '@staybook/domain/dates';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { countOf } from '@staybook/domain/text';
import { ErrorScreen } from '../../../components/error-screen';
import { Heading } from '../../../components/heading';
import { Loader } from '../../../components/loader';
import { ShowMore } from '../../../components/show-more';
import { isClientError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSharedWishlist } from '../api/use-wishlists';
import { WishlistRooms } from './wishlist-rooms';

/** A wishlist opened by its private link: read-only, for anyone who has it. */
export function SharedWishlistPage({ token }: { token: string }) {
  const query = useSharedWishlist(token);
  const first = query.data?.pages[0];
  useDocumentTitle(`${first ? first.list.name : 'Shared wishlist'} | ${PRODUCT_NAME}`);
  if (query.isPending) return <Loader />;
  if (!first) {
    const gone = isClientError(query.error);
    return <ErrorScreen message={gone ? 'This link no longer opens a wishlist: its owner may have stopped sharing it.' : query.error?.message} />;
  }
  const { list, owner } = first;
  const items = (query.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <section className="flex flex-col gap-6 pt-8 pb-16">
      <div>
        <Heading level={1} title={list.name} />
        <p className="mt-1 text-neutral-600">
          {`${owner.firstName}'s wishlist · ${countOf(list.count, 'home')}`}
          {list.stay && ` · ${formatIsoDate(list.stay.checkin)} to ${formatIsoDate(list.stay.checkout)}, ${countOf(list.stay.guests, 'guest')}`}
        </p>
      </div>
      {items.length === 0 ? <p className="text-neutral-600">No homes on this list yet.</p> : <WishlistRooms items={items} stayGuests={list.stay?.guests} />}
      <ShowMore pages={query}>Show more homes</ShowMore>
    </section>
  );
}
