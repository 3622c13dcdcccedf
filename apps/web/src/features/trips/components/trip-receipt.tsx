import { tripOpenedFrom, tripPath } from '@staybook/domain/app-routes';
import { refundLineLabel } from '@staybook/domain/bookings';
import { formatMoment } from '@staybook/domain/dates';
import { currencyNamed, formatMoney, marketplaceCurrency } from '@staybook/domain/money';
import { lineLabel } from '@staybook/domain/quote';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { countOf } from '@staybook/domain/text';
import type { Trip } from '@staybook/domain/trips';
import { useLocation } from 'react-router';
import { PrintedSheet, SheetBlock, SheetColumns, SheetRow } from '../../../components/printed-sheet';
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
    <PrintedSheet
      back={{ to: tripPath(booking._id), state: openedFrom, label: 'Back to the trip' }}
      title={{ id: 'receipt-title', text: 'Receipt', subtitle: `Booking reference ${trip.reference}`, issuer: 'Seller' }}
    >
      <SheetColumns>
        <SheetBlock title="Details">
          <SheetRow term="Receipt number" value={trip.reference} />
          <SheetRow term="Date booked" value={formatMoment(booking.date)} />
          <SheetRow term="Status" value={receiptStatus(booking)} />
          <SheetRow term="Currency" value={marketplaceCurrency()} />
        </SheetBlock>
        <SheetBlock title="Parties">
          <SheetRow term="Seller" value={PRODUCT_NAME} />
          <SheetRow term="Guest" value={booking.guest.name} />
          <SheetRow term="Guest e-mail" value={booking.guest.email} />
          <SheetRow term="Host" value={booking.host.name} />
        </SheetBlock>
      </SheetColumns>

      <SheetBlock title="Stay">
        <SheetRow term="Room" value={trip.room.title} />
        <SheetRow term="Location" value={trip.room.location} />
        <SheetRow term="Dates" value={stayDates(trip.stay)} />
        <SheetRow term="Nights" value={String(trip.stay.nights)} />
        <SheetRow term="Guests" value={countOf(trip.stay.guests, 'guest')} />
      </SheetBlock>

      <SheetColumns>
        <div className="flex flex-col gap-6 print:gap-4">
          <SheetBlock title="Charges">
            {trip.price.lines.map((line) => (
              <SheetRow key={`${line.kind}:${line.unitCents ?? ''}:${line.weekend ?? ''}`} term={lineLabel(line)} value={`${line.credit ? '−' : ''}${formatMoney(line.amountCents)}`} />
            ))}
            <SheetRow term="Total" value={formatMoney(trip.price.totalCents)} strong />
          </SheetBlock>
          {/* A refund of one line would only repeat 'Amount refunded'. */}
          {refundLines.length > 1 && (
            <SheetBlock title="Refund">
              {refundLines.map((line) => (
                <SheetRow key={line.kind} term={refundLineLabel(line.kind, trip.price.lines)} value={formatMoney(line.refundCents)} />
              ))}
              <SheetRow term="Total refunded" value={formatMoney(trip.payment.refundedCents)} strong />
            </SheetBlock>
          )}
        </div>
        <SheetBlock title="Payment">
          <SheetRow term="Card" value={describeCard(trip.payment.card)} />
          <SheetRow term="Amount captured" value={formatMoney(trip.payment.capturedCents)} />
          <SheetRow term="Amount refunded" value={formatMoney(trip.payment.refundedCents)} />
          <SheetRow term="Net paid" value={formatMoney(netPaidCents(trip.payment))} strong />
        </SheetBlock>
      </SheetColumns>

      <p className="border-t border-neutral-300 pt-4 text-xs text-neutral-500">
        {`All amounts in ${currencyNamed()}. ${PRODUCT_NAME} collected this payment for the stay above.`}
      </p>
    </PrintedSheet>
  );
}
