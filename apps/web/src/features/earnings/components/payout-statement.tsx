import { APP_PATHS, OPENED_FROM_PAYOUTS, payoutStatementPath, statementOpenedFromPayouts } from '@staybook/domain/app-routes';
import { formatIsoDate, formatMoment } from '@staybook/domain/dates';
import type { PayoutStatement as Statement, StatementStay } from '@staybook/domain/earnings';
import { currencyNamed, formatMoney, marketplaceCurrency } from '@staybook/domain/money';
import { PAYOUT_STATUS_LABELS } from '@staybook/domain/payouts';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { Link, useLocation } from 'react-router';
import { PrintedSheet, SheetBlock, SheetColumns, SheetRow } from '../../../components/printed-sheet';
import { i18n, messageParts } from '../../../lib/i18n';
import { formatTakenBack } from '../utils/money-text';

const CELL = 'px-2 py-1.5 text-left align-top print:px-1 print:py-1';
const MONEY_CELL = `${CELL} text-right whitespace-nowrap tabular-nums`;

/**
 * A payout's statement, what a host files with their books: who was paid, when, how much and to which account, and
 * the stays it paid, each with the host's share, the tax collected with it and what refunds took back. On screen a
 * bar offers 'Print' and the way back; printed, only the statement remains (the `print:` variants and `@page` in
 * index.css, as the trip's receipt).
 */
export function PayoutStatement({ statement }: { statement: Statement }) {
  const { payout, stays, totals } = statement;
  const date = formatIsoDate(payout.asOf);
  // Opened from Payouts, the way back leads there; from Earnings (or a link from elsewhere), to Earnings.
  const fromPayouts = statementOpenedFromPayouts(useLocation().state);
  const back = fromPayouts
    ? { to: APP_PATHS.payouts, label: i18n.t('Back to Payouts') }
    : { to: APP_PATHS.earnings, label: i18n.t('Back to Earnings') };
  return (
    <PrintedSheet
      back={back}
      title={{ id: 'statement-title', text: i18n.t('Payout statement'), subtitle: i18n.t('Payout of {date}', { date }), issuer: i18n.t('Marketplace') }}
      wide
    >
      <SheetColumns>
        <SheetBlock title={i18n.t('Payout')}>
          <SheetRow term={i18n.t('Payout date')} value={date} />
          <SheetRow term={i18n.t('Sent')} value={formatMoment(payout.createdAt)} />
          <SheetRow term={i18n.t('Status')} value={i18n.known(PAYOUT_STATUS_LABELS[payout.status])} />
          <SheetRow term={i18n.t('Amount')} value={formatMoney(payout.amountCents)} strong />
        </SheetBlock>
        <SheetBlock title={i18n.t('Paid to')}>
          <SheetRow term={i18n.t('Host')} value={statement.hostName} />
          <SheetRow term={i18n.t('Bank account')} value={payout.last4 ? i18n.t('Ending in {last4}', { last4: payout.last4 }) : i18n.t('Not recorded')} />
          <SheetRow term={i18n.t('Currency')} value={marketplaceCurrency()} />
        </SheetBlock>
      </SheetColumns>

      {payout.status === 'failed' && <FailedNote statement={statement} />}

      <section className="flex flex-col gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{i18n.t('Stays in this payout')}</h2>
        {stays.length === 0 ? (
          <p className="text-neutral-600">{i18n.t('This payout lists no stays.')}</p>
        ) : (
          // On a narrow screen the table scrolls sideways: focusable, so the keyboard scrolls it too.
          <div
            role="region"
            aria-label={i18n.t('Stays in this payout')}
            tabIndex={0}
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-rose-500 print:overflow-visible"
          >
            <table className="w-full border-collapse text-sm print:text-xs">
              <caption className="sr-only">{i18n.t('Stays in this payout')}</caption>
              <thead>
                <tr className="border-b border-neutral-300 text-xs text-neutral-600">
                  <th scope="col" className={CELL}>{i18n.t('Booking')}</th>
                  <th scope="col" className={CELL}>{i18n.t('Room')}</th>
                  <th scope="col" className={CELL}>{i18n.t('Dates')}</th>
                  <th scope="col" className={CELL}>{i18n.t('Guest')}</th>
                  <th scope="col" className={MONEY_CELL}>{i18n.t('Your share')}</th>
                  <th scope="col" className={MONEY_CELL}>{i18n.t('Tax')}</th>
                  <th scope="col" className={MONEY_CELL}>{i18n.t('Refunded')}</th>
                  <th scope="col" className={MONEY_CELL}>{i18n.t('Paid')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {stays.map((stay) => (
                  <StayRow key={stay.bookingId} stay={stay} />
                ))}
              </tbody>
              <tfoot className="border-t-2 border-neutral-300 font-semibold">
                {statement.otherCents !== 0 && (
                  <tr>
                    <th scope="row" colSpan={7} className={CELL}>
                      {i18n.t('Balance from before these stays')}
                    </th>
                    <td className={MONEY_CELL}>{formatMoney(statement.otherCents)}</td>
                  </tr>
                )}
                <tr>
                  <th scope="row" colSpan={4} className={CELL}>
                    {i18n.t('Total')}
                  </th>
                  <td className={MONEY_CELL}>{formatMoney(totals.shareCents)}</td>
                  <td className={MONEY_CELL}>{formatMoney(totals.taxCents)}</td>
                  <td className={MONEY_CELL}>{formatTakenBack(totals.refundedCents)}</td>
                  <td className={MONEY_CELL}>{formatMoney(payout.amountCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>

      <p className="border-t border-neutral-300 pt-4 text-xs text-neutral-500">
        {i18n.t(
          "All amounts in {currency}. Your share is what guests paid for your nights and fees, less {product}'s commission; the tax was collected with it for you to remit. A refund after a stay was paid out is taken from the next payout.",
          { currency: currencyNamed(), product: PRODUCT_NAME },
        )}
      </p>
    </PrintedSheet>
  );
}

function StayRow({ stay }: { stay: StatementStay }) {
  return (
    <tr className="break-inside-avoid">
      <td className={`${CELL} whitespace-nowrap`}>{stay.reference}</td>
      <td className={CELL}>{stay.roomTitle}</td>
      <td className={`${CELL} whitespace-nowrap`}>{`${formatIsoDate(stay.checkIn)} – ${formatIsoDate(stay.checkOut)}`}</td>
      <td className={CELL}>{stay.guestName}</td>
      <td className={MONEY_CELL}>{formatMoney(stay.shareCents)}</td>
      <td className={MONEY_CELL}>{formatMoney(stay.taxCents)}</td>
      <td className={MONEY_CELL}>{formatTakenBack(stay.refundedCents)}</td>
      <td className={MONEY_CELL}>{formatMoney(stay.netCents)}</td>
    </tr>
  );
}

/** Why a failed payout's stays are not lost: the payout that sent them again, or the next one that will. */
function FailedNote({ statement }: { statement: Statement }) {
  const { payout, paidWith } = statement;
  // The payout that sent the stays again leads back where this one does.
  const routerState: unknown = useLocation().state;
  return (
    <div role="note" className="rounded-lg bg-rose-50 px-4 py-3 text-rose-800 print:border print:border-rose-300">
      <p className="font-semibold">{i18n.t('This payout failed and its money went back to your available balance.')}</p>
      {payout.failureMessage && <p>{i18n.known(payout.failureMessage)}</p>}
      {paidWith ? (
        <SentAgain paidWith={paidWith} routerState={routerState} />
      ) : (
        <p>{i18n.t('Its stays will be sent with your next payout.')}</p>
      )}
    </div>
  );
}

/** 'Its stays were sent again with the payout of Oct 3, 2026.', the payout a link to its statement. */
function SentAgain({ paidWith, routerState }: { paidWith: NonNullable<Statement['paidWith']>; routerState: unknown }) {
  const sentence = i18n.t('Its stays were sent again with the <0>payout of {date}</0>.', { date: formatIsoDate(paidWith.asOf) });
  return (
    <p>
      {messageParts(sentence).map(({ text, mark }, index) =>
        mark === null ? (
          text
        ) : (
          <Link
            key={index}
            to={payoutStatementPath(paidWith.id)}
            state={statementOpenedFromPayouts(routerState) ? OPENED_FROM_PAYOUTS : undefined}
            className="font-semibold underline underline-offset-2"
          >
            {text}
          </Link>
        ),
      )}
    </p>
  );
}
