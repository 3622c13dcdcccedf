import { createElement, lazy, useState, type ComponentType } from 'react';

const RELOADED_FOR = 'staybook:reloaded-for-new-version';

/**
 * A tab opened before a new version was deployed asks for code that no longer exists. Loading the page afresh
 * once fetches the new version; a second failure is a real error and reaches the error screen. `pathname` is the
 * page the code is for: the address shown, or where a navigation is going (the router's route discovery loads
 * the dashboard's routes before the address changes).
 */
export async function loadOrReload<M>(load: () => Promise<M>, pathname = location.pathname): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED_FOR);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_FOR) === pathname) throw error;
    sessionStorage.setItem(RELOADED_FOR, pathname);
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
