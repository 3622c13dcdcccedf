import type { Room } from '@staybook/domain/rooms';
import { countOf } from '@staybook/domain/text';
import { Avatar } from '../../../components/avatar';
import { CancellationPolicyNote } from '../../bookings/components/cancellation-policy';

export function RoomInfo({ room }: { room: Room }) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <p className="text-xl font-semibold text-neutral-900">{`Hosted by ${room.host.name}`}</p>
          <Avatar src={room.host.image} alt={room.host.name} size={40} />
        </div>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 font-light text-neutral-500">
          <li>{countOf(room.guests, 'guest')}</li>
          <li>{countOf(room.bedrooms, 'room')}</li>
          <li>{countOf(room.bathrooms, 'bathroom')}</li>
        </ul>
      </div>
      <hr className="border-neutral-200" />
      <p className="text-lg leading-relaxed font-light whitespace-pre-line text-neutral-600">
        {room.description}
      </p>
      <hr className="border-neutral-200" />
      <CancellationPolicyNote policy={room.cancellationPolicy} />
    </div>
  );
}
