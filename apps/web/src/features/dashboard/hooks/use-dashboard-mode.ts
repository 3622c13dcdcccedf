import { useState } from 'react';

/** A host may browse the dashboard as a guest; the choice outlives a reload. */
export type DashboardMode = 'host' | 'guest';

const STORAGE_KEY = 'staybook:dashboard-mode';

function readStoredMode(): DashboardMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'guest' ? 'guest' : 'host';
  } catch {
    // Storage can be blocked (privacy settings); the default still works.
    return 'host';
  }
}

export function useDashboardMode(): [DashboardMode, () => void] {
  const [mode, setMode] = useState<DashboardMode>(readStoredMode);
  const toggle = () => {
    const next: DashboardMode = mode === 'host' ? 'guest' : 'host';
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered this time; nothing else depends on it.
    }
  };
  return [mode, toggle];
}
