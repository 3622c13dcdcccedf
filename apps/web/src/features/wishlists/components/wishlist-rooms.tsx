import { formatMoney } from '@staybook/domain/money';
import { stayProblemText } from '@staybook/domain/stay-rules';
import type { RoomStay, WishlistRoom } from '@staybook/domain/wishlists';
import { Button } from '../../../components/button';
import { RoomCard } from '../../rooms/components/room-card';
import { i18n } from '../../../lib/i18n';

/** A list's homes as cards, each with the list's stay in it (free with its total, or why not) when it has one. */
export function WishlistRooms({
  items,
  stayGuests,
  onRemove,
  removing,
}: {
  items: WishlistRoom[];
  stayGuests?: number | undefined;
  /** The owner's 'Remove'; a shared list's reader has none. */
  onRemove?: (item: WishlistRoom) => void;
  removing?: string | null;
}) {
  return (
    <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((item) => (
        <li key={item.room._id} className="flex flex-col gap-2">
          <RoomCard room={item.room} eager={false} highPriority={false} />
          {item.stay && <StayNote stay={item.stay} guests={stayGuests} />}
          {onRemove && (
            <Button variant="subtle" onClick={() => onRemove(item)} pending={removing === item.room._id} aria-label={i18n.t('Remove {title}', { title: item.room.title })}>
              {i18n.t('Remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function StayNote({ stay, guests }: { stay: RoomStay; guests?: number | undefined }) {
  if (!stay.available) return <p className="text-sm text-neutral-700">{i18n.t('Not available: {reason}', { reason: stayProblemText(stay.reasonFacts) })}</p>;
  const who = guests && guests > 1 ? `, ${i18n.t('{count, plural, one {# guest} other {# guests}}', { count: guests })}` : '';
  return (
    <p className="text-sm">
      <span className="font-semibold text-emerald-800">{i18n.t('Available')}</span>
      <span className="text-neutral-700">
        {' '}
        · {i18n.t('{count, plural, one {# night} other {# nights}}', { count: stay.nights })}
        {who} · {i18n.t('{amount} total', { amount: formatMoney(stay.totalCents) })}
      </span>
    </p>
  );
}
