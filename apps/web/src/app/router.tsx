import { APP_PATHS } from '@staybook/domain/app-routes';
import { matchPath, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { lazyPage, loadOrReload } from '../lib/lazy-page';
import { PrivateRoute } from './guards/private-route';
import { PublicOnlyRoute } from './guards/public-only-route';
import { AppRoot } from './layouts/app-root';
import { MainLayout } from './layouts/main-layout';
import { page } from './page';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

const RoomDetailRoute = lazyPage(() => import('./routes/room-detail'), 'RoomDetailRoute');
/**
 * The room page's code; asked for as the app starts at a room's address (room-head-start.ts), and loaded before a
 * room page the server painted is hydrated or painted (main.tsx, entry-server.tsx), so it renders at once.
 */
export const loadRoomPage = RoomDetailRoute.preload;
const SharedWishlistRoute = lazyPage(() => import('./routes/shared-wishlist'), 'SharedWishlistRoute');
const LoginRoute = lazyPage(() => import('./routes/login'), 'LoginRoute');
const SignupRoute = lazyPage(() => import('./routes/signup'), 'SignupRoute');
const ResetPasswordRoute = lazyPage(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const AuthCompleteRoute = lazyPage(() => import('./routes/auth-complete'), 'AuthCompleteRoute');
const VerifyEmailRoute = lazyPage(() => import('./routes/verify-email'), 'VerifyEmailRoute');

/** The route the dashboard's routes are added under (dashboard-routes.tsx). */
export const ROOT_ROUTE_ID = 'root';

/**
 * The app's routes (product spec, section 2): the public ones here, the dashboard's (every /dashboard address) in
 * dashboard-routes.tsx, which the router loads on the way to the first of them (`discoverRoutes`), so the home page's
 * first paint carries none of them (docs/decisions/050-first-paint-room-for-pages.md). The paths come from the domain
 * package, where the server reads them too: it answers 404 for any path not listed there. The browser runs them in a
 * browser router (main.tsx); the server renders the home page's and a room page's first view with them (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    // Holds the auth state, so every page (and the 401 handling) can reach it.
    element: <AppRoot />,
    errorElement: <RouteError />,
    // Drawn while the app, opened at a dashboard address, loads the dashboard's routes.
    hydrateFallbackElement: <Loader />,
    children: [
      {
        path: APP_PATHS.home,
        element: <MainLayout />,
        children: [
          {
            // A page that fails shows the error screen inside the frame, keeping the header's way home.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: APP_PATHS.room, element: <PrivateRoute>{page(RoomDetailRoute)}</PrivateRoute> },
              // A wishlist's private link: anyone who has it, signed in or not.
              { path: APP_PATHS.sharedWishlist, element: page(SharedWishlistRoute) },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
      // Log in and sign up: for visitors only, outside the main layout.
      { path: APP_PATHS.login, element: <PublicOnlyRoute>{page(LoginRoute)}</PublicOnlyRoute> },
      { path: APP_PATHS.signup, element: <PublicOnlyRoute>{page(SignupRoute)}</PublicOnlyRoute> },
      // Public: the password-reset and verification e-mails' links, and where Google sign-in comes back to.
      { path: APP_PATHS.resetPassword, element: page(ResetPasswordRoute) },
      { path: APP_PATHS.verifyEmail, element: page(VerifyEmailRoute) },
      { path: APP_PATHS.authComplete, element: page(AuthCompleteRoute) },
    ],
  },
];

/** Whether `pathname` is a dashboard address (matched as the router matches: any letter case, a trailing slash). */
function isDashboardPath(pathname: string): boolean {
  return matchPath(`${APP_PATHS.dashboard}/*`, pathname) !== null;
}

/**
 * The router's route discovery (`patchRoutesOnNavigation`): it is asked whenever an address matches no route of its
 * own, only the not-found page or a path with parameters. On the way to a dashboard address it loads the dashboard's
 * routes and adds them under the root; once added, adding them again changes nothing. Any other address answers at
 * once, before the browser's next task, so a room page the server painted is still ready to hydrate (main.tsx).
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!isDashboardPath(path)) return;
  const { dashboardRoutes } = await loadOrReload(() => import('./dashboard-routes'), path);
  patch(ROOT_ROUTE_ID, dashboardRoutes);
};
