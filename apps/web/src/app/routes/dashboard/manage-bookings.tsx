import { PRODUCT_NAME } from '@staybook/domain/product';
import { BookingsTable } from '../../../features/bookings/components/bookings-table';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ManageBookingsRoute() {
  useDocumentTitle(`Manage Bookings | ${PRODUCT_NAME}`);
  return (
    <section className="flex flex-col gap-6">
      <DashboardPageHeading title="Manage Bookings" />
      <BookingsTable view="managed" />
    </section>
  );
}
