import type { Room } from '@staybook/domain/rooms';
import type { ReactNode } from 'react';
import { Heading } from '../../../components/heading';
import { ReservationCard } from '../../bookings/components/reservation-card';
import { LazyRoomReviews } from '../../reviews/components/lazy-room-reviews';
import { HouseRules } from './house-rules';
import { RoomAmenities } from './room-amenities';
import { RoomGallery } from './room-gallery';
import { RoomInfo } from './room-info';
import { HydrateLater } from '../../../lib/hydrate-later';
import { i18n } from '../../../lib/i18n';

/** A room's page; `action` sits beside its title (the heart that saves it, which the route composes). */
export function RoomDetail({ room, action }: { room: Room; action?: ReactNode }) {
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-6 pt-8 pb-16">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Heading level={1} title={room.title} />
          <p className="mt-1 font-light text-neutral-500">{room.location}</p>
        </div>
        {action}
      </div>
      <RoomGallery title={room.title} photos={room.photos} />
      <div className="grid grid-cols-1 gap-10 md:grid-cols-7 md:gap-8">
        {/* What the room is like reads as painted: it hydrates after the gallery and the reservation card (lib/hydrate-later.tsx). */}
        <HydrateLater>
          <div className="flex flex-col gap-8 md:col-span-4">
            <RoomInfo room={room} />
            <RoomAmenities amenities={room.amenities} />
            <HouseRules room={room} />
            <WhereYoullBe room={room} />
          </div>
        </HydrateLater>
        <div className="md:col-span-3">
          <ReservationCard room={room} />
        </div>
      </div>
      <LazyRoomReviews room={room} />
    </article>
  );
}

/** Where the home is, as far as a guest may know before booking (docs/decisions/051-where-a-home-is.md). */
function WhereYoullBe({ room }: { room: Room }) {
  return (
    <section aria-labelledby="where-heading" className="flex flex-col gap-2">
      <h2 id="where-heading" className="text-xl font-semibold text-neutral-900">
        {i18n.t('Where you’ll be')}
      </h2>
      <p className="text-neutral-700">{room.location}</p>
      <p className="text-sm text-neutral-600">{i18n.t('The exact address and how to get in come with your booking confirmation.')}</p>
    </section>
  );
}
