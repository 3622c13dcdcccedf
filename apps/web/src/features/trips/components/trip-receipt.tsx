import { tripOpenedFrom, tripPath } from '@staybook/domain/app-routes';
import { refundLineLabel } from '@staybook/domain/bookings';
import { formatMoment } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { lineLabel } from '@staybook/domain/quote';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { countOf } from '@staybook/domain/text';
import type { Trip } from '@staybook/domain/trips';
import type { ReactNode } from 'react';
import { FaArrowLeft, FaPrint } from 'react-icons/fa';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { describeCard, netPaidCents, receiptStatus, stayDates } from '../utils/trip-text';

/**
 * A stay's receipt, what an accountant files: the seller, the reference, who paid whom for which nights, the
 * price rule, the card and the money captured, refunded (line by line after a cancellation) and kept. On screen a
 * bar offers 'Print' and the way back; printed, only the receipt remains (print stylesheet: the `print:` variants
 * and `@page` in index.css).
 */
export function TripReceipt({ trip }: { trip: Trip }) {
  const { booking } = trip;
  const refundLines = trip.payment.refundLines ?? [];
  // Passed back to the trip page, whose way back it names (Messages, when opened from there).
  const openedFrom = tripOpenedFrom(useLocation().state);
  return (
    // The receipt is a page of its own, outside the dashboard's frame: its own main landmark.
    <main className="min-h-screen bg-neutral-100 px-4 py-8 print:min-h-0 print:bg-white print:p-0">
      <div className="mx-auto mb-6 flex max-w-2xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={tripPath(booking._id)} state={openedFrom} className="inline-flex items-center gap-2 text-sm font-semibold text-neutral-700 hover:text-neutral-900">
          <FaArrowLeft aria-hidden="true" />
          Back to the trip
        </Link>
        <Button onClick={() => window.print()}>
          <FaPrint aria-hidden="true" />
          Print
        </Button>
      </div>

      <article
        aria-labelledby="receipt-title"
        className="mx-auto flex max-w-2xl flex-col gap-6 rounded-xl bg-white p-8 print:gap-4 text-sm text-neutral-900 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none"
      >
        <header className="flex items-start justify-between gap-6 border-b border-neutral-300 pb-4">
          <div>
            <h1 id="receipt-title" className="text-3xl font-bold">
              Receipt
            </h1>
            <p className="mt-1 text-neutral-600">{`Booking reference ${trip.reference}`}</p>
          </div>
          <div className="text-right">
            <p className="text-lg font-bold text-rose-600">{PRODUCT_NAME}</p>
            <p className="text-neutral-600">Seller</p>
          </div>
        </header>

        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 print:grid-cols-2">
          <Block title="Details">
            <Row term="Receipt number" value={trip.reference} />
            <Row term="Date booked" value={formatMoment(booking.date)} />
            <Row term="Status" value={receiptStatus(booking)} />
            <Row term="Currency" value="USD" />
          </Block>
          <Block title="Parties">
            <Row term="Seller" value={PRODUCT_NAME} />
            <Row term="Guest" value={booking.guest.name} />
            <Row term="Guest e-mail" value={booking.guest.email} />
            <Row term="Host" value={booking.host.name} />
          </Block>
        </div>

        <Block title="Stay">
          <Row term="Room" value={trip.room.title} />
          <Row term="Location" value={trip.room.location} />
          <Row term="Dates" value={stayDates(trip.stay)} />
          <Row term="Nights" value={String(trip.stay.nights)} />
          <Row term="Guests" value={countOf(trip.stay.guests, 'guest')} />
        </Block>

        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 print:grid-cols-2">
          <div className="flex flex-col gap-6 print:gap-4">
            <Block title="Charges">
              {trip.price.lines.map((line) => (
                <Row key={`${line.kind}:${line.unitCents ?? ''}:${line.weekend ?? ''}`} term={lineLabel(line)} value={`${line.credit ? '−' : ''}${formatMoney(line.amountCents)}`} />
              ))}
              <Row term="Total" value={formatMoney(trip.price.totalCents)} strong />
            </Block>
            {/* A refund of one line would only repeat 'Amount refunded'. */}
            {refundLines.length > 1 && (
              <Block title="Refund">
                {refundLines.map((line) => (
                  <Row key={line.kind} term={refundLineLabel(line.kind, trip.price.lines)} value={formatMoney(line.refundCents)} />
                ))}
                <Row term="Total refunded" value={formatMoney(trip.payment.refundedCents)} strong />
              </Block>
            )}
          </div>
          <Block title="Payment">
            <Row term="Card" value={describeCard(trip.payment.card)} />
            <Row term="Amount captured" value={formatMoney(trip.payment.capturedCents)} />
            <Row term="Amount refunded" value={formatMoney(trip.payment.refundedCents)} />
            <Row term="Net paid" value={formatMoney(netPaidCents(trip.payment))} strong />
          </Block>
        </div>

        <p className="border-t border-neutral-300 pt-4 text-xs text-neutral-500">
          {`All amounts in US dollars (USD). ${PRODUCT_NAME} collected this payment for the stay above.`}
        </p>
      </article>
    </main>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h2>
      <dl className="divide-y divide-neutral-200">{children}</dl>
    </section>
  );
}

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 py-1.5 print:py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt className={`shrink-0 ${strong ? '' : 'text-neutral-600'}`}>{term}</dt>
      <dd className="min-w-0 text-right wrap-anywhere">{value}</dd>
    </div>
  );
}
