import { CountBadge } from '../../../components/count-badge';
import { useHostRequestCount } from '../api/use-host-request-count';

/** The sidebar's count beside 'Manage Users': nothing when no request waits; read out as '3 pending requests'. */
export function HostRequestBadge() {
  return <CountBadge count={useHostRequestCount().data} one="pending request" many="pending requests" />;
}
