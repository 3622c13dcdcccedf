import { useParams } from 'react-router';
import { WishlistPage } from '../../../features/wishlists/components/wishlist-page';

/** `/dashboard/wishlists/:id`: the API answers only the list's owner (anyone else hears it does not exist). */
export function WishlistRoute() {
  const { id = '' } = useParams();
  // Keyed by the list, so one list's dialogs and fields never carry over to another.
  return <WishlistPage key={id} listId={id} />;
}
