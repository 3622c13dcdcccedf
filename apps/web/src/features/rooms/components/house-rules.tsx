import type { Room } from '@staybook/domain/rooms';
import { LuClock } from 'react-icons/lu';
import { i18n } from '../../../lib/i18n';

/**
 * The room page's 'House rules': when a stay may begin and must end, as the host typed the times (24-hour, local
 * to the room: the same clock whatever the guest's own zone), then the host's rules as plain text, line breaks kept.
 */
export function HouseRules({ room }: { room: Pick<Room, 'checkInTime' | 'checkOutTime' | 'houseRules'> }) {
  const times = [
    room.checkInTime && i18n.t('Check-in after {time}', { time: room.checkInTime }),
    room.checkOutTime && i18n.t('Checkout before {time}', { time: room.checkOutTime }),
  ].filter((line): line is string => Boolean(line));
  if (times.length === 0 && !room.houseRules) return null;
  return (
    <section aria-labelledby="room-house-rules" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
      <h2 id="room-house-rules" className="text-xl font-semibold text-neutral-900">
        {i18n.t('House rules')}
      </h2>
      {times.length > 0 && (
        <ul className="flex flex-col gap-2 text-neutral-700">
          {times.map((line) => (
            <li key={line} className="flex items-center gap-4">
              <LuClock size={24} aria-hidden="true" className="shrink-0 text-neutral-800" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      )}
      {room.houseRules && <p className="leading-relaxed font-light whitespace-pre-line text-neutral-600">{room.houseRules}</p>}
    </section>
  );
}
