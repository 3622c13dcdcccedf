import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const RELOADED_FOR = 'staybook:reloaded-for-new-version';

/**
 * A tab opened before a new version was deployed asks for code that no longer exists. Reloading
 * once fetches the new version; a second failure is a real error and reaches the error screen.
 */
async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED_FOR);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_FOR) === location.pathname) throw error;
    sessionStorage.setItem(RELOADED_FOR, location.pathname);
    location.reload();
    return new Promise<M>(() => {});
  }
}

/**
 * A page (or a heavy part of one) loaded on first use, so the home page's first paint does not pay
 * for it. `name` is the component's export in the loaded module.
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await loadOrReload(load))[name] }));
}
