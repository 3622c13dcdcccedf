/** One photo of the room form's list: stored, on its way up, or refused. */
export interface PhotoItem {
  /** Stable while the list is reordered (React's key, and what focus follows). */
  key: string;
  /** The stored picture's URL once uploaded (what the room keeps); null until then. */
  url: string | null;
  /** What the list shows: the chosen file itself until it is stored, else the stored picture. */
  preview: string;
  /** The chosen file's name; null for a photo the room already had. */
  name: string | null;
  /** The share of the file sent so far (0 to 1) while it uploads; null otherwise. */
  progress: number | null;
  /** Why the file could not be uploaded. */
  error: string | null;
}

/** The list with the item at `from` moved to `to` (both clamped to the list); the others keep their order. */
export function movePhoto<T>(items: readonly T[], from: number, to: number): T[] {
  const last = items.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  const next = [...items];
  if (source === target || items.length === 0) return next;
  const [moved] = next.splice(source, 1);
  next.splice(target, 0, moved as T);
  return next;
}
