import { CANCELLATION_POLICY_LABELS } from '@staybook/domain/cancellation';
import type { Booking, CancellationQuote } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { useState } from 'react';

import { ActionProblem } from '../../../components/alert-text';
import { Loader } from '../../../components/loader';
import { ConfirmDialog } from '../../../components/modal';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { BookingsView } from '../api/booking-keys';
import { useCancelBooking } from '../api/use-cancel-booking';
import { useCancellationQuote } from '../api/use-cancellation-quote';
import { RefundLines } from './refund-lines';
import { i18n } from '../../../lib/i18n';

interface CancelBookingDialogProps {
  booking: Booking;
  /** Who is cancelling: the guest ('mine') or the room's host ('managed'). */
  view: BookingsView;
  onClose: () => void;
}

/** What the person confirming reads: the refund the server will make, in the stay's policy's words. */
export function describeRefund(quote: CancellationQuote): { headline: string; detail: string } {
  const refund = formatMoney(quote.refundCents);
  const total = formatMoney(quote.totalCents);
  if (quote.cancelledBy === 'host') {
    return {
      headline: i18n.t('The guest will be refunded {refund} of {total}', { refund, total }),
      detail: i18n.t('A stay cancelled by its host is always refunded in full, and the nights become free again.'),
    };
  }
  const policy = i18n.t(CANCELLATION_POLICY_LABELS[quote.policy]);
  const headline = i18n.t('You will be refunded {refund} of {total}', { refund, total });
  if (quote.share === 'full') {
    return { headline, detail: i18n.t('Under the {policy} cancellation policy this stay was booked with, cancelling today refunds the whole total. The nights become free again.', { policy }) };
  }
  if (quote.share === 'half') {
    return { headline, detail: i18n.t('Under the {policy} cancellation policy this stay was booked with, cancelling today refunds half of the total. The nights become free again.', { policy }) };
  }
  return { headline, detail: i18n.t('Under the {policy} cancellation policy this stay was booked with, cancelling today refunds nothing. The nights become free again.', { policy }) };
}

export function CancelBookingDialog({ booking, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelBooking();
  const quote = useCancellationQuote(booking._id);
  const [problem, setProblem] = useState<string | null>(null);
  const refund = quote.data ? describeRefund(quote.data) : null;

  const handleConfirm = async () => {
    if (!quote.data) return;
    setProblem(null);
    try {
      await cancel.mutateAsync({ id: booking._id, expectedRefundCents: quote.data.refundCents });
    } catch (error) {
      // The refund changed while the dialog was open (midnight passed a threshold): show the new one, cancel nothing.
      if (error instanceof ApiRequestError && error.status === 409) {
        setProblem(errorMessage(error));
        void quote.refetch();
        return;
      }
      notify.error(errorMessage(error));
      onClose();
      return;
    }
    notify.success(i18n.t('Booking Canceled'));
    onClose();
  };

  return (
    <ConfirmDialog
      title={i18n.t('Cancel this booking?')}
      description={
        <>
          <p className="font-medium text-neutral-800">
            {`${booking.title}, ${formatIsoDate(booking.from)} – ${formatIsoDate(booking.to)}`}
          </p>
          {refund && (
            <>
              <p className="mt-3 text-lg font-semibold text-neutral-900" data-testid="refund-headline">
                {refund.headline}
              </p>
              <p className="mt-1">{refund.detail}</p>
            </>
          )}
        </>
      }
      onClose={onClose}
      cancelLabel={i18n.t('Keep booking')}
      confirmLabel={i18n.t('Yes, cancel')}
      pending={cancel.isPending}
      confirmDisabled={!quote.data || quote.isFetching}
      onConfirm={() => void handleConfirm()}
    >
      {quote.data && (
        <RefundLines
          title={i18n.t('The refund, line by line')}
          refunds={quote.data.lines}
          charged={booking.lines}
          totalLabel={i18n.t('Total refund')}
          totalCents={quote.data.refundCents}
        />
      )}
      {quote.isPending && <Loader size="short" />}
      {quote.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {`${errorMessage(quote.error)} `}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void quote.refetch()}>
            {i18n.t('Try again')}
          </button>
        </p>
      )}
      <ActionProblem>{problem}</ActionProblem>
    </ConfirmDialog>
  );
}
