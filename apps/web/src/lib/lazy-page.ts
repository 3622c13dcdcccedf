import { createElement, lazy, useState, type ComponentType } from 'react';

const RELOADED_FOR = 'staybook:reloaded-for-new-version';

/**
 * The address this page was loaded afresh for by the last page of the tab (null: it was not), read once as the app
 * starts and forgotten in the tab, so a later deploy gets a fresh load of its own. Kept for the page's whole life:
 * another piece of code loading fine on it says nothing about the one that failed.
 */
const reloadedFor = takeReloadMarker();
/** Set once this page has asked for a fresh load: a second failure meanwhile waits for the new page too. */
let leaving = false;

function takeReloadMarker(): string | null {
  try {
    if (typeof sessionStorage === 'undefined') return null;
    const marker = sessionStorage.getItem(RELOADED_FOR);
    sessionStorage.removeItem(RELOADED_FOR);
    return marker;
  } catch {
    return null;
  }
}

/**
 * A tab opened before a new version was deployed asks for code that no longer exists. Loading the page afresh
 * once fetches the new version; a failure on the fresh page, for the address it was loaded for, is a real error
 * and reaches the error screen. `pathname` is the page the code is for: the address shown, or where a navigation
 * is going (the router's route discovery loads the dashboard's routes before the address changes).
 */
export async function loadOrReload<M>(load: () => Promise<M>, pathname = location.pathname): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (leaving) return new Promise<M>(() => {});
    if (reloadedFor === pathname) throw error;
    try {
      sessionStorage.setItem(RELOADED_FOR, pathname);
    } catch {
      // Without the tab's storage the fresh page could not tell it was one: no reload, rather than one per load.
      throw error;
    }
    leaving = true;
    if (pathname === location.pathname) location.reload();
    else location.assign(pathname);
    return new Promise<M>(() => {});
  }
}

/** A lazily loaded component that can also be loaded ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Loads the code; a component mounted afterwards renders at once instead of suspending. */
  preload: () => Promise<void>;
};

/**
 * A page (or a heavy part of one) loaded on first use, so the home page's first paint does not pay
 * for it. `name` is the component's export in the loaded module. Once `preload` has loaded it, it renders
 * without suspending: that is how a page painted by the server hydrates, and how the server paints it
 * (render-to-string cannot wait), with the same tree on both sides (decision 045).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy: ComponentType<P> = lazy(async () => {
    const component: ComponentType<P> = (await loadOrReload(load))[name];
    loaded = component;
    return { default: component };
  });
  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it and lose its state.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  Page.preload = async () => {
    loaded = (await load())[name];
  };
  return Page;
}
