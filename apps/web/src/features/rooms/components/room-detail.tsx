import { imageAtWidth, imageSrcSet } from '@staybook/domain/images';
import type { Room } from '@staybook/domain/rooms';
import { Heading } from '../../../components/heading';
import { ReservationCard } from '../../bookings/components/reservation-card';
import { LazyRoomReviews } from '../../reviews/components/lazy-room-reviews';
import { HouseRules } from './house-rules';
import { RoomAmenities } from './room-amenities';
import { RoomInfo } from './room-info';

/** The photo spans the article (max-w-5xl = 1024px) inside the container's padding. */
const PHOTO_SIZES = [
  '(min-width: 1104px) 1024px',
  '(min-width: 768px) calc(100vw - 80px)',
  '(min-width: 640px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

export function RoomDetail({ room }: { room: Room }) {
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-6 pt-8 pb-16">
      <div>
        <Heading level={1} title={room.title} />
        <p className="mt-1 font-light text-neutral-500">{room.location}</p>
      </div>
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-neutral-200 md:aspect-[2/1]">
        <img
          src={imageAtWidth(room.image, 1600)}
          srcSet={imageSrcSet(room.image)}
          sizes={PHOTO_SIZES}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          width={1600}
          height={800}
          alt={room.title}
          className="size-full object-cover"
        />
      </div>
      <div className="grid grid-cols-1 gap-10 md:grid-cols-7 md:gap-8">
        <div className="flex flex-col gap-8 md:col-span-4">
          <RoomInfo room={room} />
          <RoomAmenities amenities={room.amenities} />
          <HouseRules room={room} />
        </div>
        <div className="md:col-span-3">
          <ReservationCard room={room} />
        </div>
      </div>
      <LazyRoomReviews room={room} />
    </article>
  );
}
