import { useUnreadCount } from '../api/use-unread-count';

/** The sidebar's count beside 'Messages': nothing when all is read; read out as '2 unread'. */
export function UnreadBadge() {
  const { data: unread } = useUnreadCount();
  if (!unread) return null;
  return (
    <span className="ml-auto rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white">
      {/* The space keeps the link's name 'Messages 2 unread' rather than 'Messages2 unread'. */}
      {` ${unread > 99 ? '99+' : unread}`}
      <span className="sr-only"> unread</span>
    </span>
  );
}
