import type { Room } from '@staybook/domain/rooms';
import { Avatar } from '../../../components/avatar';
import { CancellationPolicyNote } from '../../bookings/components/cancellation-policy';
import { i18n } from '../../../lib/i18n';

export function RoomInfo({ room }: { room: Room }) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <p className="text-xl font-semibold text-neutral-900">{i18n.t('Hosted by {name}', { name: room.host.name })}</p>
          <Avatar src={room.host.image} alt={room.host.name} size={40} />
        </div>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 font-light text-neutral-500">
          <li>{i18n.t('{count, plural, one {# guest} other {# guests}}', { count: room.guests })}</li>
          <li>{i18n.t('{count, plural, one {# room} other {# rooms}}', { count: room.bedrooms })}</li>
          <li>{i18n.t('{count, plural, one {# bathroom} other {# bathrooms}}', { count: room.bathrooms })}</li>
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
