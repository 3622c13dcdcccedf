import { tripOpenedFrom, tripPath } from '@staybook/domain/app-routes';
import { formatMoment } from '@staybook/domain/dates';
import { currencyNamed, formatMoney, marketplaceCurrency } from '@staybook/domain/money';
import { lineLabel } from '@staybook/domain/quote';
import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { useLocation } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { refundLineText } from '../../../lib/refund-line-text';
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
      back={{ to: tripPath(booking._id), state: openedFrom, label: i18n.t('Back to the trip') }}
      title={{
        id: 'receipt-title',
        text: i18n.t('Receipt'),
        subtitle: i18n.t('Booking reference {reference}', { reference: trip.reference }),
        issuer: i18n.t('Seller'),
      }}
    >
      <SheetColumns>
        <SheetBlock title={i18n.t('Details')}>
          <SheetRow term={i18n.t('Receipt number')} value={trip.reference} />
          <SheetRow term={i18n.t('Date booked')} value={formatMoment(booking.date)} />
          <SheetRow term={i18n.t('Status')} value={receiptStatus(booking)} />
          <SheetRow term={i18n.t('Currency')} value={marketplaceCurrency()} />
        </SheetBlock>
        <SheetBlock title={i18n.t('Parties')}>
          <SheetRow term={i18n.t('Seller')} value={PRODUCT_NAME} />
          <SheetRow term={i18n.t('Guest')} value={booking.guest.name} />
          <SheetRow term={i18n.t('Guest e-mail')} value={booking.guest.email} />
          <SheetRow term={i18n.t('Host')} value={booking.host.name} />
        </SheetBlock>
      </SheetColumns>

      <SheetBlock title={i18n.t('Stay')}>
        <SheetRow term={i18n.t('Room')} value={trip.room.title} />
        <SheetRow term={i18n.t('Location')} value={trip.room.location} />
        <SheetRow term={i18n.t('Dates')} value={stayDates(trip.stay)} />
        <SheetRow term={i18n.t('Nights')} value={String(trip.stay.nights)} />
        <SheetRow term={i18n.t('Guests')} value={i18n.t('{count, plural, one {# guest} other {# guests}}', { count: trip.stay.guests })} />
      </SheetBlock>

      <SheetColumns>
        <div className="flex flex-col gap-6 print:gap-4">
          <SheetBlock title={i18n.t('Charges')}>
            {trip.price.lines.map((line) => (
              <SheetRow key={`${line.kind}:${line.unitCents ?? ''}:${line.weekend ?? ''}`} term={lineLabel(line)} value={`${line.credit ? '−' : ''}${formatMoney(line.amountCents)}`} />
            ))}
            <SheetRow term={i18n.t('Total')} value={formatMoney(trip.price.totalCents)} strong />
          </SheetBlock>
          {/* A refund of one line would only repeat 'Amount refunded'. */}
          {refundLines.length > 1 && (
            <SheetBlock title={i18n.t('Refund')}>
              {refundLines.map((line) => (
                <SheetRow key={line.kind} term={refundLineText(line.kind, trip.price.lines)} value={formatMoney(line.refundCents)} />
              ))}
              <SheetRow term={i18n.t('Total refunded')} value={formatMoney(trip.payment.refundedCents)} strong />
            </SheetBlock>
          )}
        </div>
        <SheetBlock title={i18n.t('Payment')}>
          <SheetRow term={i18n.t('Card')} value={describeCard(trip.payment.card)} />
          <SheetRow term={i18n.t('Amount captured')} value={formatMoney(trip.payment.capturedCents)} />
          <SheetRow term={i18n.t('Amount refunded')} value={formatMoney(trip.payment.refundedCents)} />
          <SheetRow term={i18n.t('Net paid')} value={formatMoney(netPaidCents(trip.payment))} strong />
        </SheetBlock>
      </SheetColumns>

      <p className="border-t border-neutral-300 pt-4 text-xs text-neutral-500">
        {i18n.t('All amounts in {currency}. {product} collected this payment for the stay above.', { currency: currencyNamed(), product: PRODUCT_NAME })}
      </p>
    </PrintedSheet>
  );
}
