import type { DashboardMode } from '@staybook/domain/access';
import { useSyncExternalStore } from 'react';

/** A host may browse the dashboard as a guest; the choice outlives a reload. */
export type { DashboardMode };

const STORAGE_KEY = 'staybook:dashboard-mode';

function readStoredMode(): DashboardMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'guest' ? 'guest' : 'host';
  } catch {
    // Storage can be blocked (privacy settings); the default still works.
    return 'host';
  }
}

/**
 * One mode for the whole app: every component reading it (the sidebar, the statistics page) sees a
 * change in the same render. Another tab's change arrives through the `storage` event.
 */
let current: DashboardMode | null = null;
const listeners = new Set<() => void>();

function getMode(): DashboardMode {
  current ??= readStoredMode();
  return current;
}

function setMode(next: DashboardMode): void {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered this time; this tab still follows the choice.
  }
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  const stored = readStoredMode();
  if (stored === current) return;
  current = stored;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function toggleMode(): void {
  setMode(getMode() === 'host' ? 'guest' : 'host');
}

export function useDashboardMode(): [DashboardMode, () => void] {
  const mode = useSyncExternalStore(subscribe, getMode, getMode);
  return [mode, toggleMode];
}
