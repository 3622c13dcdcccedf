/**
 * Drafts of what a person types, kept in this browser's storage per person and per form, so leaving a page, a
 * reload or a closed tab loses nothing (docs/decisions/041-drafts.md). A draft is the form's values as JSON; it is
 * removed once the form is saved, or when the person discards it. Storage that is full or switched off keeps no
 * draft, and the form works as before.
 */

const PREFIX = 'staybook:draft:';

export type StoredDraft<T> = { values: T; savedAt: number };

/** Where one person's draft of one form is kept; no person, no draft. */
export function draftKey(userId: string | null | undefined, form: string): string | null {
  return userId ? `${PREFIX}${userId}:${form}` : null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // A browser with storage switched off throws on the mere access.
    return null;
  }
}

export function readDraft<T>(key: string | null): StoredDraft<T> | null {
  if (!key) return null;
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredDraft<T>>;
    return stored && typeof stored === 'object' && 'values' in stored && typeof stored.savedAt === 'number' ? (stored as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string | null, values: T): void {
  if (!key) return;
  try {
    storage()?.setItem(key, JSON.stringify({ values, savedAt: Date.now() } satisfies StoredDraft<T>));
  } catch {
    // Full: this draft is not kept; what is on screen is still there.
  }
}

export function clearDraft(key: string | null): void {
  if (!key) return;
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: storage that cannot be written kept nothing either.
  }
}
