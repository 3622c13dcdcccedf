import { formatMoney, imageAtWidth, imageSrcSet, type Room } from '@staybook/domain';
import { Link } from 'react-router';

/**
 * The card's rendered width at each grid breakpoint: the viewport minus the container's padding
 * and the gaps (gap-8), divided by the columns; the container stops growing at 2520px.
 */
const CARD_SIZES = [
  '(min-width: 2520px) 367px',
  '(min-width: 1536px) calc((100vw - 320px) / 6)',
  '(min-width: 1280px) calc((100vw - 288px) / 5)',
  '(min-width: 1024px) calc((100vw - 176px) / 4)',
  '(min-width: 768px) calc((100vw - 144px) / 3)',
  '(min-width: 640px) calc((100vw - 80px) / 2)',
  'calc(100vw - 32px)',
].join(', ');

interface RoomCardProps {
  room: Room;
  /** Cards in the first row are visible at once, so they should not wait for lazy loading. */
  eager: boolean;
  /** The very first cards are the page's largest content: fetch them before anything else. */
  highPriority: boolean;
}

export function RoomCard({ room, eager, highPriority }: RoomCardProps) {
  return (
    <Link
      data-testid="room-card"
      to={`/room/${room._id}`}
      className="group block rounded-xl outline-offset-4"
    >
      <div className="aspect-square w-full overflow-hidden rounded-xl bg-neutral-200">
        <img
          src={imageAtWidth(room.image, 640)}
          srcSet={imageSrcSet(room.image)}
          sizes={CARD_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={highPriority ? 'high' : 'auto'}
          decoding="async"
          width={640}
          height={640}
          alt={room.title}
          className="size-full object-cover transition duration-300 group-hover:scale-110"
        />
      </div>
      <p className="mt-3 truncate font-semibold text-neutral-900">{room.location}</p>
      <p className="font-light text-neutral-500">5 nights .</p>
      <p className="flex items-baseline gap-1">
        <span className="font-semibold">{formatMoney(room.priceCents)}</span>
        <span className="font-light">night</span>
      </p>
    </Link>
  );
}
