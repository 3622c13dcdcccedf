import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { PrivateRoute } from './guards/private-route';
import { PublicOnlyRoute } from './guards/public-only-route';
import { RoleRoute } from './guards/role-route';
import { AppRoot } from './layouts/app-root';
import { MainLayout } from './layouts/main-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** A page loaded on first visit, so the home page's first paint does not pay for it. */
const RELOADED_FOR = 'staybook:reloaded-for-new-version';

/**
 * A tab opened before a new version was deployed asks for page code that no longer exists. Reloading
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

function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await loadOrReload(load))[name] }));
}

const RoomDetailRoute = lazyPage(() => import('./routes/room-detail'), 'RoomDetailRoute');
const LoginRoute = lazyPage(() => import('./routes/login'), 'LoginRoute');
const SignupRoute = lazyPage(() => import('./routes/signup'), 'SignupRoute');
const ResetPasswordRoute = lazyPage(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const AuthCompleteRoute = lazyPage(() => import('./routes/auth-complete'), 'AuthCompleteRoute');
const DashboardLayout = lazyPage(
  () => import('../features/dashboard/components/dashboard-layout'),
  'DashboardLayout',
);
const StatisticsRoute = lazyPage(() => import('./routes/dashboard/statistics'), 'StatisticsRoute');
const AddRoomRoute = lazyPage(() => import('./routes/dashboard/add-room'), 'AddRoomRoute');
const MyListingsRoute = lazyPage(() => import('./routes/dashboard/my-listings'), 'MyListingsRoute');
const ManageUsersRoute = lazyPage(() => import('./routes/dashboard/manage-users'), 'ManageUsersRoute');
const MyBookingsRoute = lazyPage(() => import('./routes/dashboard/my-bookings'), 'MyBookingsRoute');
const ManageBookingsRoute = lazyPage(() => import('./routes/dashboard/manage-bookings'), 'ManageBookingsRoute');
const ProfileRoute = lazyPage(() => import('./routes/dashboard/profile'), 'ProfileRoute');

/** The tall loader while a page's code arrives (the dashboard's own pages use its Suspense). */
function page(Page: ComponentType) {
  return (
    <Suspense fallback={<Loader />}>
      <Page />
    </Suspense>
  );
}

/** Every route of the app, in one place (product spec, section 2). */
const routes: RouteObject[] = [
  {
    // Holds the auth state, so every page (and the 401/403 handling) can reach it.
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <MainLayout />,
        children: [
          {
            // A page that fails shows the error screen inside the frame, keeping the header's way home.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: 'room/:id', element: <PrivateRoute>{page(RoomDetailRoute)}</PrivateRoute> },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
      // Log in and sign up: for visitors only, outside the main layout.
      { path: '/login', element: <PublicOnlyRoute>{page(LoginRoute)}</PublicOnlyRoute> },
      { path: '/signup', element: <PublicOnlyRoute>{page(SignupRoute)}</PublicOnlyRoute> },
      // Public: the password-reset e-mail's link, and where Google sign-in comes back to.
      { path: '/reset-password', element: page(ResetPasswordRoute) },
      { path: '/auth/complete', element: page(AuthCompleteRoute) },
      {
        path: '/dashboard',
        element: <PrivateRoute>{page(DashboardLayout)}</PrivateRoute>,
        children: [
          {
            // A failing page shows the error screen beside the sidebar.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <StatisticsRoute /> },
              {
                path: 'add-room',
                element: (
                  <RoleRoute roles={['host']}>
                    <AddRoomRoute />
                  </RoleRoute>
                ),
              },
              {
                path: 'my-listings',
                element: (
                  <RoleRoute roles={['host']}>
                    <MyListingsRoute />
                  </RoleRoute>
                ),
              },
              {
                path: 'manage-users',
                element: (
                  <RoleRoute roles={['admin']}>
                    <ManageUsersRoute />
                  </RoleRoute>
                ),
              },
              { path: 'my-bookings', element: <MyBookingsRoute /> },
              {
                path: 'manage-bookings',
                element: (
                  <RoleRoute roles={['host']}>
                    <ManageBookingsRoute />
                  </RoleRoute>
                ),
              },
              { path: 'profile', element: <ProfileRoute /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
