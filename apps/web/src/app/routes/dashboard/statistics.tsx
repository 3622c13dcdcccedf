import { statsViewOf } from '@staybook/domain/access';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { Loader } from '../../../components/loader';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { useDashboardMode } from '../../../features/dashboard/hooks/use-dashboard-mode';
import { StatisticsDashboard } from '../../../features/stats/components/statistics-dashboard';
import { useRole } from '../../../features/users/api/use-role';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { i18n } from '../../../lib/i18n';

/**
 * The dashboard's first page: the admin's, the host's or the guest's statistics by role. A host in the
 * sidebar's guest mode sees their own stays as a guest.
 */
export function StatisticsRoute() {
  useDocumentTitle(i18n.t('Dashboard | {product}', { product: PRODUCT_NAME }));
  const { role, loading } = useRole();
  const [mode] = useDashboardMode();
  const view = role ? statsViewOf(role, mode) : null;

  return (
    <section>
      <DashboardPageHeading title={i18n.t('Statistics')} />
      {loading || !view ? <Loader /> : <StatisticsDashboard key={view} view={view} />}
    </section>
  );
}
