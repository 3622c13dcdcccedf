/**
 * A sidebar entry's count: nothing at zero, '99+' beyond 99, and read out with what it counts ('Messages 2 unread').
 * The leading space keeps the link's name 'Messages 2 unread' rather than 'Messages2 unread'.
 */
export function CountBadge({ count, one, many }: { count: number | undefined; one: string; many: string }) {
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white">
      {` ${count > 99 ? '99+' : count}`}
      <span className="sr-only">{` ${count === 1 ? one : many}`}</span>
    </span>
  );
}
