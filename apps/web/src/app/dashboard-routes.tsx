// Add dashboard pages here: one line in DASHBOARD_PAGES (inside the dashboard's frame) or PRINTED_PAGES (printed
// without it), with the page's path from APP_PATHS and, unless every signed-in user may open it, its capability.
// This module loads on the way to the first /dashboard address, never with the home page (decision 050).
import type { Capability } from '@staybook/domain/access';
import { APP_PATHS } from '@staybook/domain/app-routes';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { lazyPage } from '../lib/lazy-page';
import { PrivateRoute } from './guards/private-route';
import { RoleRoute } from './guards/role-route';
import { page } from './page';
import { RouteError } from './routes/route-error';

interface DashboardPage {
  /** Its address, from APP_PATHS. */
  path: string;
  /** The page's code, loaded when it is first opened: `lazyPage(() => import('./routes/…'), 'SomeRoute')`. */
  Page: ComponentType;
  /** The access table's entry for it; without one, every signed-in user may open it. */
  capability?: Capability;
}

/** The pages inside the dashboard's frame (its sidebar). */
const DASHBOARD_PAGES: DashboardPage[] = [
  // The dashboard's own address: the statistics of the role (and, for a host, the mode).
  { path: APP_PATHS.dashboard, Page: lazyPage(() => import('./routes/dashboard/statistics'), 'StatisticsRoute') },
  { path: APP_PATHS.addRoom, capability: 'addRoom', Page: lazyPage(() => import('./routes/dashboard/add-room'), 'AddRoomRoute') },
  { path: APP_PATHS.myListings, capability: 'myListings', Page: lazyPage(() => import('./routes/dashboard/my-listings'), 'MyListingsRoute') },
  // The calendar of the host's own listings: whoever may open My Listings.
  { path: APP_PATHS.hostCalendar, capability: 'hostCalendar', Page: lazyPage(() => import('./routes/dashboard/host-calendar'), 'HostCalendarRoute') },
  // One listing's prices and rules: changing one's own rooms, as My Listings does.
  { path: APP_PATHS.listingPricing, capability: 'myListings', Page: lazyPage(() => import('./routes/dashboard/listing-pricing'), 'ListingPricingRoute') },
  { path: APP_PATHS.manageUsers, capability: 'manageUsers', Page: lazyPage(() => import('./routes/dashboard/manage-users'), 'ManageUsersRoute') },
  { path: APP_PATHS.marketplaceFees, capability: 'marketplaceFees', Page: lazyPage(() => import('./routes/dashboard/fees'), 'MarketplaceFeesRoute') },
  { path: APP_PATHS.finance, capability: 'finance', Page: lazyPage(() => import('./routes/dashboard/finance'), 'FinanceRoute') },
  { path: APP_PATHS.myBookings, Page: lazyPage(() => import('./routes/dashboard/my-bookings'), 'MyBookingsRoute') },
  { path: APP_PATHS.manageBookings, capability: 'manageBookings', Page: lazyPage(() => import('./routes/dashboard/manage-bookings'), 'ManageBookingsRoute') },
  { path: APP_PATHS.requests, capability: 'requests', Page: lazyPage(() => import('./routes/dashboard/requests'), 'RequestsRoute') },
  { path: APP_PATHS.earnings, capability: 'earnings', Page: lazyPage(() => import('./routes/dashboard/earnings'), 'EarningsRoute') },
  { path: APP_PATHS.payouts, capability: 'payouts', Page: lazyPage(() => import('./routes/dashboard/payouts'), 'PayoutsRoute') },
  { path: APP_PATHS.messages, Page: lazyPage(() => import('./routes/dashboard/messages'), 'MessagesRoute') },
  { path: APP_PATHS.wishlists, Page: lazyPage(() => import('./routes/dashboard/wishlists'), 'WishlistsRoute') },
  // Any signed-in user may open a list's address; the API answers only its owner.
  { path: APP_PATHS.wishlist, Page: lazyPage(() => import('./routes/dashboard/wishlist'), 'WishlistRoute') },
  { path: APP_PATHS.profile, Page: lazyPage(() => import('./routes/dashboard/profile'), 'ProfileRoute') },
  // Any signed-in user may open a trip; the API answers only the stay's guest and host.
  { path: APP_PATHS.trip, Page: lazyPage(() => import('./routes/dashboard/trip'), 'TripRoute') },
  // The same: the API answers the review only to the stay's guest and host.
  { path: APP_PATHS.review, Page: lazyPage(() => import('./routes/dashboard/review'), 'ReviewRoute') },
];

/** The pages that print, without the dashboard's frame. */
const PRINTED_PAGES: DashboardPage[] = [
  // The API answers the receipt only to the stay's guest and host.
  { path: APP_PATHS.tripReceipt, Page: lazyPage(() => import('./routes/trip-receipt'), 'TripReceiptRoute') },
  // A payout's statement: for hosts, as Earnings; the API answers only the payout's own host.
  { path: APP_PATHS.payoutStatement, capability: 'earnings', Page: lazyPage(() => import('./routes/payout-statement'), 'PayoutStatementRoute') },
];

/** Only the roles the access table allows may open a page with a capability; anyone else is sent to the dashboard. */
function guarded({ capability }: DashboardPage, content: ReactNode): ReactNode {
  return capability ? <RoleRoute capability={capability}>{content}</RoleRoute> : content;
}

/**
 * Every route under /dashboard, all behind the login guard. The router adds them beside the app's other routes, as
 * children of its root route (router.tsx), the first time it is asked for a /dashboard address.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    id: 'dashboard',
    path: APP_PATHS.dashboard,
    element: (
      <PrivateRoute>
        <DashboardLayout />
      </PrivateRoute>
    ),
    children: [
      {
        // A failing page shows the error screen beside the sidebar.
        errorElement: <RouteError />,
        children: DASHBOARD_PAGES.map((entry): RouteObject => {
          const element = guarded(entry, <entry.Page />);
          return entry.path === APP_PATHS.dashboard ? { index: true, element } : { path: entry.path, element };
        }),
      },
    ],
  },
  ...PRINTED_PAGES.map(
    (entry): RouteObject => ({
      path: entry.path,
      // With no frame around it, the page shows the tall loader itself while its code arrives.
      element: <PrivateRoute>{guarded(entry, page(entry.Page))}</PrivateRoute>,
      errorElement: <RouteError />,
    }),
  ),
];
