import { APP_PATHS } from '@staybook/domain/app-routes';
import { payoutIdSchema, type PayoutStatement } from '@staybook/domain/earnings';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { RecordNotFound, WithRecord } from '../../../components/with-record';
import { ApiRequestError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { usePayoutStatement } from '../api/use-payout-statement';

/**
 * The statement the address names, once it has arrived: a loader meanwhile, 'Payout not found' for an id that names
 * no payout of the signed-in host's (the server answers 404 for anyone else's), and the error screen with 'Try
 * again' when the server could not answer.
 */
export function WithPayoutStatement({ children }: { children: (statement: PayoutStatement) => ReactNode }) {
  const { payoutId = '' } = useParams();
  // A malformed id names no payout: no request, the not-found state straight away.
  const wellFormed = payoutIdSchema.safeParse(payoutId).success;
  const statement = usePayoutStatement(payoutId, { enabled: wellFormed });

  const missing = !wellFormed || (statement.error instanceof ApiRequestError && statement.error.status === 404);
  return (
    <WithRecord query={statement} missing={missing} notFound={<PayoutNotFound />}>
      {children}
    </WithRecord>
  );
}

function PayoutNotFound() {
  return (
    <RecordNotFound
      standalone
      title={i18n.t('Payout not found')}
      text={i18n.t('This payout does not exist, or it belongs to another account. Your payouts are listed on the Earnings page.')}
      action={{ to: APP_PATHS.earnings, label: i18n.t('Go to Earnings') }}
    />
  );
}
