import { APP_PATHS, isAppPath } from '@staybook/domain/app-routes';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from './dashboard-routes';
import { discoverRoutes, ROOT_ROUTE_ID, routes } from './router';

/** The full path of every route in the table that has one, joined with its parents' paths. */
function pathsOf(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === undefined) return pathsOf(route.children ?? [], parent);
    const own = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [own, ...pathsOf(route.children ?? [], own)];
  });
}

/** The app's whole table: the dashboard's routes under the root, where the router adds them. */
const allRoutes: RouteObject[] = routes.map((route) =>
  route.id === ROOT_ROUTE_ID && !route.index ? { ...route, children: [...(route.children ?? []), ...dashboardRoutes] } : route,
);

/** The path pattern of the deepest route the router picks for `pathname` ('index' for an index route). */
function matchedRoute(table: RouteObject[], pathname: string): string | undefined {
  const route = matchRoutes(table, pathname)?.at(-1)?.route;
  return route?.index ? 'index' : route?.path;
}

/** Opens `pathname` in a memory router that discovers routes as the app's does; answers it once it has settled. */
async function openAt(pathname: string) {
  const router = createMemoryRouter(routes, { initialEntries: [pathname], patchRoutesOnNavigation: discoverRoutes });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return router;
}

function deepestOf(router: Awaited<ReturnType<typeof openAt>>): string | undefined {
  const route = router.state.matches.at(-1)?.route;
  return route?.index ? 'index' : route?.path;
}

describe('the route table', () => {
  it('has a page at exactly the paths the server knows, and the not-found page for the rest', () => {
    const paths = pathsOf(allRoutes);
    expect(paths.filter((path) => path !== '/*').sort()).toEqual(Object.values(APP_PATHS).sort());
    expect(paths.filter((path) => path === '/*')).toHaveLength(1);
  });

  it('names no dashboard page in what the first paint loads: they are in dashboard-routes.tsx', () => {
    const firstPaint = pathsOf(routes);
    expect(firstPaint.filter((path) => path.startsWith(APP_PATHS.dashboard))).toEqual([]);
    expect(pathsOf(dashboardRoutes).every((path) => path.startsWith(APP_PATHS.dashboard))).toBe(true);
  });

  it.each(['/no-such-page', '/dashboard/nothing', '/room/a/b', '/room/', '/auth', '/login/extra', '/dashboardx'])(
    'shows the not-found page at %s, where the server answers 404',
    async (path) => {
      expect(isAppPath(path)).toBe(false);
      expect(matchedRoute(allRoutes, path)).toBe('*');
      expect(deepestOf(await openAt(path))).toBe('*');
    },
  );

  it.each(['/', '/room/123', '/dashboard', '/dashboard/profile', '/Login', '/dashboard/', '/Dashboard/Trips/b1/receipt'])(
    'shows a page of its own at %s, where the server answers 200',
    async (path) => {
      expect(isAppPath(path)).toBe(true);
      expect(matchedRoute(allRoutes, path)).not.toBe('*');
      expect(deepestOf(await openAt(path))).toBe(matchedRoute(allRoutes, path));
    },
  );

  it('finds a dashboard page on the way to it from another page', async () => {
    const router = await openAt('/');
    await router.navigate(APP_PATHS.manageUsers);
    expect(deepestOf(router)).toBe(APP_PATHS.manageUsers);
    await router.navigate(APP_PATHS.messages);
    expect(deepestOf(router)).toBe(APP_PATHS.messages);
  });

  it('has a room page ready before the next task, as a page the server painted needs to hydrate (main.tsx)', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/room/123'], patchRoutesOnNavigation: discoverRoutes });
    // A path with a parameter may have a more specific route still to find: the router asks discoverRoutes first.
    expect(router.state.initialized).toBe(false);
    await new Promise((resolve) => setTimeout(resolve));
    expect(router.state.initialized).toBe(true);
    expect(deepestOf(router)).toBe(APP_PATHS.room);
  });
});
