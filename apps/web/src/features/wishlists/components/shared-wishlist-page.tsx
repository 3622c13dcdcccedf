import { formatIsoDate } from '@staybook/domain/dates';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { ErrorScreen } from '../../../components/error-screen';
import { Heading } from '../../../components/heading';
import { Loader } from '../../../components/loader';
import { ShowMore } from '../../../components/show-more';
import { isClientError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSharedWishlist } from '../api/use-wishlists';
import { WishlistRooms } from './wishlist-rooms';
import { i18n } from '../../../lib/i18n';

/** A wishlist opened by its private link: read-only, for anyone who has it. */
export function SharedWishlistPage({ token }: { token: string }) {
  const query = useSharedWishlist(token);
  const first = query.data?.pages[0];
  useDocumentTitle(`${first ? first.list.name : i18n.t('Shared wishlist')} | ${PRODUCT_NAME}`);
  if (query.isPending) return <Loader />;
  if (!first) {
    const gone = isClientError(query.error);
    return <ErrorScreen message={gone ? i18n.t('This link no longer opens a wishlist: its owner may have stopped sharing it.') : query.error?.message} />;
  }
  const { list, owner } = first;
  const items = (query.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <section className="flex flex-col gap-6 pt-8 pb-16">
      <div>
        <Heading level={1} title={list.name} />
        <p className="mt-1 text-neutral-600">
          {i18n.t("{name}'s wishlist · {count, plural, one {# home} other {# homes}}", { name: owner.firstName, count: list.count })}
          {list.stay &&
            i18n.t(' · {checkin} to {checkout}, {count, plural, one {# guest} other {# guests}}', {
              checkin: formatIsoDate(list.stay.checkin),
              checkout: formatIsoDate(list.stay.checkout),
              count: list.stay.guests,
            })}
        </p>
      </div>
      {items.length === 0 ? <p className="text-neutral-600">{i18n.t('No homes on this list yet.')}</p> : <WishlistRooms items={items} stayGuests={list.stay?.guests} />}
      <ShowMore pages={query}>{i18n.t('Show more homes')}</ShowMore>
    </section>
  );
}
