import { CountBadge } from '../../../components/count-badge';
import { useUnreadCount } from '../api/use-unread-count';

/** The sidebar's count beside 'Messages': nothing when all is read; read out as '2 unread'. */
export function UnreadBadge() {
  return <CountBadge count={useUnreadCount().data} one="unread" many="unread" />;
}
