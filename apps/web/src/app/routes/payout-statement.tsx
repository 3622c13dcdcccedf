import { formatIsoDate } from '@staybook/domain/dates';
import type { PayoutStatement as Statement } from '@staybook/domain/earnings';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { PayoutStatement } from '../../features/earnings/components/payout-statement';
import { WithPayoutStatement } from '../../features/earnings/components/with-payout-statement';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { i18n } from '../../lib/i18n';

/** `/dashboard/earnings/payouts/:payoutId`: a payout's printable statement, outside the dashboard's frame. */
export function PayoutStatementRoute() {
  return <WithPayoutStatement>{(statement) => <StatementPage statement={statement} />}</WithPayoutStatement>;
}

function StatementPage({ statement }: { statement: Statement }) {
  useDocumentTitle(i18n.t('Payout statement {date} | {product}', { date: formatIsoDate(statement.payout.asOf), product: PRODUCT_NAME }));
  return <PayoutStatement statement={statement} />;
}
