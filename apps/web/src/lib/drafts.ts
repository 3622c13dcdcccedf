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

/**
 * `local` for a form's draft (kept until saved or discarded); `session` for what lives as long as the tab, such as
 * a search being typed on a phone, which a reload keeps but a new visit starts afresh.
 */
export type DraftStore = 'local' | 'session';

function storage(store: DraftStore = 'local'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return store === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // A browser with storage switched off throws on the mere access.
    return null;
  }
}

export function readDraft<T>(key: string | null, store?: DraftStore): StoredDraft<T> | null {
  if (!key) return null;
  try {
    const text = storage(store)?.getItem(key);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredDraft<T>>;
    return stored && typeof stored === 'object' && 'values' in stored && typeof stored.savedAt === 'number' ? (stored as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string | null, values: T, store?: DraftStore): void {
  if (!key) return;
  try {
    storage(store)?.setItem(key, JSON.stringify({ values, savedAt: Date.now() } satisfies StoredDraft<T>));
  } catch {
    // Full: this draft is not kept; what is on screen is still there.
  }
}

export function clearDraft(key: string | null, store?: DraftStore): void {
  if (!key) return;
  try {
    storage(store)?.removeItem(key);
  } catch {
    // Nothing to do: storage that cannot be written kept nothing either.
  }
}
