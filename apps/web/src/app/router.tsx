import type { Capability } from '@staybook/domain/access';
import { APP_PATHS } from '@staybook/domain/app-routes';
import { Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { lazyPage } from '../lib/lazy-page';
import { PrivateRoute } from './guards/private-route';
import { PublicOnlyRoute } from './guards/public-only-route';
import { RoleRoute } from './guards/role-route';
import { AppRoot } from './layouts/app-root';
import { MainLayout } from './layouts/main-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

const RoomDetailRoute = lazyPage(() => import('./routes/room-detail'), 'RoomDetailRoute');
/**
 * The room page's code; asked for as the app starts at a room's address (room-head-start.ts), and loaded before a
 * room page the server painted is hydrated or painted (main.tsx, entry-server.tsx), so it renders at once.
 */
export const loadRoomPage = RoomDetailRoute.preload;
const LoginRoute = lazyPage(() => import('./routes/login'), 'LoginRoute');
const SignupRoute = lazyPage(() => import('./routes/signup'), 'SignupRoute');
const ResetPasswordRoute = lazyPage(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const AuthCompleteRoute = lazyPage(() => import('./routes/auth-complete'), 'AuthCompleteRoute');
const VerifyEmailRoute = lazyPage(() => import('./routes/verify-email'), 'VerifyEmailRoute');
const DashboardLayout = lazyPage(
  () => import('../features/dashboard/components/dashboard-layout'),
  'DashboardLayout',
);
const StatisticsRoute = lazyPage(() => import('./routes/dashboard/statistics'), 'StatisticsRoute');
const AddRoomRoute = lazyPage(() => import('./routes/dashboard/add-room'), 'AddRoomRoute');
const MyListingsRoute = lazyPage(() => import('./routes/dashboard/my-listings'), 'MyListingsRoute');
const HostCalendarRoute = lazyPage(() => import('./routes/dashboard/host-calendar'), 'HostCalendarRoute');
const ListingPricingRoute = lazyPage(() => import('./routes/dashboard/listing-pricing'), 'ListingPricingRoute');
const ManageUsersRoute = lazyPage(() => import('./routes/dashboard/manage-users'), 'ManageUsersRoute');
const MarketplaceFeesRoute = lazyPage(() => import('./routes/dashboard/fees'), 'MarketplaceFeesRoute');
const FinanceRoute = lazyPage(() => import('./routes/dashboard/finance'), 'FinanceRoute');
const PayoutsRoute = lazyPage(() => import('./routes/dashboard/payouts'), 'PayoutsRoute');
const MyBookingsRoute = lazyPage(() => import('./routes/dashboard/my-bookings'), 'MyBookingsRoute');
const ManageBookingsRoute = lazyPage(() => import('./routes/dashboard/manage-bookings'), 'ManageBookingsRoute');
const MessagesRoute = lazyPage(() => import('./routes/dashboard/messages'), 'MessagesRoute');
const ProfileRoute = lazyPage(() => import('./routes/dashboard/profile'), 'ProfileRoute');
const TripRoute = lazyPage(() => import('./routes/dashboard/trip'), 'TripRoute');
const TripReceiptRoute = lazyPage(() => import('./routes/trip-receipt'), 'TripReceiptRoute');
const ReviewRoute = lazyPage(() => import('./routes/dashboard/review'), 'ReviewRoute');

/** The tall loader while a page's code arrives (the dashboard's own pages use its Suspense). */
function page(Page: ComponentType) {
  return (
    <Suspense fallback={<Loader />}>
      <Page />
    </Suspense>
  );
}

/** A dashboard page only the roles the access table allows may open; anyone else is sent to the dashboard. */
function forRole(capability: Capability, Page: ComponentType) {
  return (
    <RoleRoute capability={capability}>
      <Page />
    </RoleRoute>
  );
}

/**
 * Every route of the app, in one place (product spec, section 2). The paths come from the domain package,
 * where the server reads them too: it answers 404 for any path not listed there. The browser runs them in a
 * browser router (main.tsx); the server renders the home page's and a room page's first view with them (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    // Holds the auth state, so every page (and the 401 handling) can reach it.
    element: <AppRoot />,
    errorElement: <RouteError />,
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
      // The receipt prints without the dashboard's frame, so it stands outside it.
      { path: APP_PATHS.tripReceipt, element: <PrivateRoute>{page(TripReceiptRoute)}</PrivateRoute>, errorElement: <RouteError /> },
      {
        path: APP_PATHS.dashboard,
        element: <PrivateRoute>{page(DashboardLayout)}</PrivateRoute>,
        children: [
          {
            // A failing page shows the error screen beside the sidebar.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <StatisticsRoute /> },
              { path: APP_PATHS.addRoom, element: forRole('addRoom', AddRoomRoute) },
              { path: APP_PATHS.myListings, element: forRole('myListings', MyListingsRoute) },
              // The calendar of the host's own listings: whoever may open My Listings.
              { path: APP_PATHS.hostCalendar, element: forRole('hostCalendar', HostCalendarRoute) },
              // One listing's prices and rules: changing one's own rooms, as My Listings does.
              { path: APP_PATHS.listingPricing, element: forRole('myListings', ListingPricingRoute) },
              { path: APP_PATHS.manageUsers, element: forRole('manageUsers', ManageUsersRoute) },
              { path: APP_PATHS.marketplaceFees, element: forRole('marketplaceFees', MarketplaceFeesRoute) },
              { path: APP_PATHS.finance, element: forRole('finance', FinanceRoute) },
              { path: APP_PATHS.myBookings, element: <MyBookingsRoute /> },
              { path: APP_PATHS.manageBookings, element: forRole('manageBookings', ManageBookingsRoute) },
              { path: APP_PATHS.payouts, element: forRole('payouts', PayoutsRoute) },
              { path: APP_PATHS.messages, element: <MessagesRoute /> },
              { path: APP_PATHS.profile, element: <ProfileRoute /> },
              // Any signed-in user may open a trip; the API answers only the stay's guest and host.
              { path: APP_PATHS.trip, element: <TripRoute /> },
              // The same: the API answers the review only to the stay's guest and host.
              { path: APP_PATHS.review, element: <ReviewRoute /> },
            ],
          },
        ],
      },
    ],
  },
];
