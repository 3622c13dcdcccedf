import { APP_PATHS } from '@staybook/domain/app-routes';
import { payoutIdSchema, type PayoutStatement } from '@staybook/domain/earnings';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { WithRecord } from '../../../components/with-record';
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
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-neutral-900">{i18n.t('Payout not found')}</h1>
      <p className="text-neutral-600">
        {i18n.t('This payout does not exist, or it belongs to another account. Your payouts are listed on the Earnings page.')}
      </p>
      <Link
        to={APP_PATHS.earnings}
        className="rounded-lg border-2 border-rose-600 bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white transition hover:border-rose-700 hover:bg-rose-700"
      >
        {i18n.t('Go to Earnings')}
      </Link>
    </main>
  );
}
