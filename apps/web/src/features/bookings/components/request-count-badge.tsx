import { CountBadge } from '../../../components/count-badge';
import { useRequestCount } from '../api/use-requests';

/** The sidebar's count beside 'Requests': nothing when no request waits; read out as '2 waiting requests'. */
export function RequestCountBadge() {
  return <CountBadge count={useRequestCount().data} one="waiting request" many="waiting requests" />;
}
