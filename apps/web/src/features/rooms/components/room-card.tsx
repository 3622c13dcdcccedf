import { roomPath } from '@staybook/domain/app-routes';
import { imageAtWidth, imageSrcSet, ROOM_CARD_IMAGE_SIZES } from '@staybook/domain/images';
import { shortStayText } from '@staybook/domain/flexible-stays';
import { distanceText } from '@staybook/domain/geo';
import { formatMoney } from '@staybook/domain/money';
import { cardRatingText, formatAverage, type Rating } from '@staybook/domain/ratings';
import type { ListedRoom } from '@staybook/domain/rooms';
import { isDatedSearch, type RoomSearch } from '@staybook/domain/search';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../../lib/i18n';

interface RoomCardProps {
  room: ListedRoom;
  /** The search the card was found by: with dates, its link carries the stay to the room page. */
  search?: RoomSearch;
  /** The place the search named, when the server knew it: the card says how far the home is from it. */
  near?: string | undefined;
  /** Cards in the first row are visible at once, so they should not wait for lazy loading. */
  eager: boolean;
  /** The very first cards are the page's largest content: fetch them before anything else. */
  highPriority: boolean;
  /** What sits over the picture beside the link, such as the heart that saves the home (the page composes it). */
  action?: ReactNode;
  /** Told when the pointer or the focus comes onto the card (its id) and leaves it (null): the map singles out its marker. */
  onHighlight?: ((roomId: string | null) => void) | undefined;
}

/**
 * The room page continues a dated search: its dates (and guests, when more than one) travel in the link; with
 * flexible dates, the dates of the home's first fitting stay (`stay`, from the card).
 */
export function roomLink(roomId: string, search: RoomSearch = {}, stay?: { checkin?: string | undefined; checkout?: string | undefined }): string {
  if (stay?.checkin && stay.checkout) return roomPath(roomId, { checkin: stay.checkin, checkout: stay.checkout, guests: search.guests });
  return roomPath(roomId, isDatedSearch(search) ? { checkin: search.checkin, checkout: search.checkout, guests: search.guests } : null);
}

export function RoomCard({ room, search = {}, near, eager, highPriority, action, onHighlight }: RoomCardProps) {
  // The server prices each room of a dated search (its one price rule); a card never prices a stay itself.
  const { nights, totalCents, checkin, checkout } = room;
  const flexibleStay = checkin && checkout ? shortStayText({ from: checkin, to: checkout }) : null;
  // The action sits over the picture beside the link, never inside it (a button in a link is neither).
  const highlight = onHighlight && {
    onMouseEnter: () => onHighlight(room._id),
    onMouseLeave: () => onHighlight(null),
    onFocus: () => onHighlight(room._id),
    onBlur: () => onHighlight(null),
  };
  return (
    <div className="relative" {...highlight}>
      <Link data-testid="room-card" to={roomLink(room._id, search, room)} className="group block rounded-xl outline-offset-4">
        <div className="aspect-square w-full overflow-hidden rounded-xl bg-neutral-200">
          <img
            src={imageAtWidth(room.image, 640)}
            srcSet={imageSrcSet(room.image)}
            sizes={ROOM_CARD_IMAGE_SIZES}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={highPriority ? 'high' : 'auto'}
            decoding="async"
            width={640}
            height={640}
            alt={room.title}
            className="size-full object-cover transition duration-300 group-hover:scale-110"
          />
        </div>
        <div className="mt-3 flex items-baseline justify-between gap-2">
          <p title={room.location} className="truncate font-semibold text-neutral-900">{room.location}</p>
          <CardRating rating={room.rating} />
        </div>
        {near && room.distanceKm !== undefined && <p className="text-sm text-neutral-500">{distanceText(room.distanceKm, near)}</p>}
        {/* Without dates, the spec's fixed text; with them, the stay's own nights and total; flexible, its dates. */}
        <p className="font-light text-neutral-500">
          {nights !== undefined && totalCents !== undefined
            ? i18n.t('{stay} · {total} total', { stay: flexibleStay ?? i18n.t('{count, plural, one {# night} other {# nights}}', { count: nights }), total: formatMoney(totalCents) })
            : i18n.t('5 nights .')}
        </p>
        <p className="flex items-baseline gap-1">
          <span className="font-semibold">{formatMoney(room.priceCents)}</span>
          <span className="font-light">{i18n.t('night')}</span>
        </p>
      </Link>
      {action && <div className="absolute top-3 right-3">{action}</div>}
    </div>
  );
}

/** '★ 4.87 (23)', or 'New' below three reviews; read as a sentence. */
function CardRating({ rating }: { rating: Rating }) {
  const text = cardRatingText(rating);
  const label = text === 'New' ? i18n.t('New listing') : i18n.t('Rated {average} out of 5 from {count} reviews', { average: formatAverage(rating.average!), count: rating.count });
  return (
    <p className="shrink-0 text-sm text-neutral-900">
      <span aria-hidden="true">{text === 'New' ? i18n.t('New') : text}</span>
      <span className="sr-only">{label}</span>
    </p>
  );
}
