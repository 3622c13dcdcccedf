/**
 * A visitor who presses a heart is asked to log in first; the home they meant to save waits here (this tab only,
 * for half an hour) and is saved once they are back signed in (`usePendingSave`).
 */
const KEY = 'staybook:save-after-login';
const KEPT_MS = 30 * 60_000;

export function rememberPendingSave(roomId: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ roomId, at: Date.now() }));
  } catch {
    // Storage refused (a private window's quota): the visitor saves it again after logging in.
  }
}

/** The home waiting to be saved, taken (it is saved once), or null. */
export function takePendingSave(): string | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    sessionStorage.removeItem(KEY);
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('roomId' in value) || !('at' in value)) return null;
    const { roomId, at } = value;
    return typeof roomId === 'string' && typeof at === 'number' && Date.now() - at < KEPT_MS ? roomId : null;
  } catch {
    return null;
  }
}
