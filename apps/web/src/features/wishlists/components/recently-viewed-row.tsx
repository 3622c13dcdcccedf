import { LabelledSection } from '../../../components/labelled-section';
import { RoomCard } from '../../rooms/components/room-card';
import { useRecentlyViewed } from '../api/use-wishlists';
import { HeartButton } from './heart-button';
import { i18n } from '../../../lib/i18n';

/** The homes a signed-in person opened last, on the home page (loaded after its first paint). */
export function RecentlyViewedRow() {
  const { data } = useRecentlyViewed();
  if (!data || data.items.length === 0) return null;
  return (
    <LabelledSection title={i18n.t('Recently viewed')} className="pt-6" titleClassName="mb-4 text-xl font-semibold text-neutral-900">
      <ul className="grid auto-cols-[minmax(12rem,14rem)] grid-flow-col gap-6 overflow-x-auto pb-2">
        {data.items.map((room) => (
          <li key={room._id}>
            <RoomCard room={room} eager={false} highPriority={false} action={<HeartButton roomId={room._id} title={room.title} />} />
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
