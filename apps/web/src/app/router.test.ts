import { APP_PATHS, isAppPath } from '@staybook/domain/app-routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** The full path of every route in the table that has one, joined with its parents' paths. */
function pathsOf(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === undefined) return pathsOf(route.children ?? [], parent);
    const own = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [own, ...pathsOf(route.children ?? [], own)];
  });
}

/** The path pattern of the deepest route the router picks for `pathname` ('index' for an index route). */
function matchedRoute(pathname: string): string | undefined {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  return route?.index ? 'index' : route?.path;
}

describe('the route table', () => {
  it('has a page at exactly the paths the server knows, and the not-found page for the rest', () => {
    const paths = pathsOf(routes);
    expect(paths.filter((path) => path !== '/*').sort()).toEqual(Object.values(APP_PATHS).sort());
    expect(paths.filter((path) => path === '/*')).toHaveLength(1);
  });

  it.each(['/no-such-page', '/dashboard/nothing', '/room/a/b', '/room/', '/auth', '/login/extra'])(
    'shows the not-found page at %s, where the server answers 404',
    (path) => {
      expect(isAppPath(path)).toBe(false);
      expect(matchedRoute(path)).toBe('*');
    },
  );

  it.each(['/', '/room/123', '/dashboard', '/dashboard/profile', '/Login', '/dashboard/'])(
    'shows a page of its own at %s, where the server answers 200',
    (path) => {
      expect(isAppPath(path)).toBe(true);
      expect(matchedRoute(path)).not.toBe('*');
    },
  );
});
