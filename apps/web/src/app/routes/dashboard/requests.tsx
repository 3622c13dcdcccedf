import { BookingsTable } from '../../../features/bookings/components/bookings-table';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { i18n } from '../../../lib/i18n';

/** Requests to book the host's listings, each to accept or decline before it lapses (decision 049). */
export function RequestsRoute() {
  return (
    <DashboardPage title={i18n.t('Requests')}>
      <p className="mb-4 max-w-2xl text-sm text-neutral-600">
        {i18n.t(
          "Guests ask for listings that do not book instantly. Each request holds the nights and the guest's card for 24 hours: accept it to book the stay and charge the card, or decline it to release both. Unanswered requests expire.",
        )}
      </p>
      <BookingsTable view="requests" />
    </DashboardPage>
  );
}
