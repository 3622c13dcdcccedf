import { useParams } from 'react-router';
import { SharedWishlistPage } from '../../features/wishlists/components/shared-wishlist-page';

/** `/wishlists/shared/:token`: a wishlist's private link, read-only, for anyone who has it. */
export function SharedWishlistRoute() {
  const { token = '' } = useParams();
  return <SharedWishlistPage key={token} token={token} />;
}
