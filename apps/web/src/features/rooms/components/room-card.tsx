import { imageAtWidth, imageSrcSet, ROOM_CARD_IMAGE_SIZES } from '@staybook/domain/images';
import { formatMoney } from '@staybook/domain/money';
import type { Room } from '@staybook/domain/rooms';
import { Link } from 'react-router';

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
      <p className="mt-3 truncate font-semibold text-neutral-900">{room.location}</p>
      <p className="font-light text-neutral-500">5 nights .</p>
      <p className="flex items-baseline gap-1">
        <span className="font-semibold">{formatMoney(room.priceCents)}</span>
        <span className="font-light">night</span>
      </p>
    </Link>
  );
}
