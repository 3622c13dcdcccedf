import { useHostRequestCount } from '../api/use-host-request-count';

/** The sidebar's count beside 'Manage Users': nothing when no request waits; read out as '3 pending requests'. */
export function HostRequestBadge() {
  const { data: requested } = useHostRequestCount();
  if (!requested) return null;
  return (
    <span className="ml-auto rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white">
      {/* The space keeps the link's name 'Manage Users 3 pending requests' rather than 'Manage Users3 pending requests'. */}
      {` ${requested > 99 ? '99+' : requested}`}
      <span className="sr-only">{requested === 1 ? ' pending request' : ' pending requests'}</span>
    </span>
  );
}
