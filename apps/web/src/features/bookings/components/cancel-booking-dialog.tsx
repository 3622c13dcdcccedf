import type { Booking } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';

import { Modal, ModalActions } from '../../../components/modal';
import { settleDialogAction } from '../../../lib/notify';
import type { BookingsView } from '../api/booking-keys';
import { useCancelBooking } from '../api/use-cancel-booking';

interface CancelBookingDialogProps {
  booking: Booking;
  /** Who is cancelling: the guest ('mine') or the room's host ('managed'). */
  view: BookingsView;
  onClose: () => void;
}

export function CancelBookingDialog({ booking, view, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelBooking();
  const refund = formatMoney(booking.priceCents - booking.refundedCents);
  const who = view === 'mine' ? 'You are' : 'The guest is';

  const handleConfirm = () =>
    settleDialogAction(async () => {
      await cancel.mutateAsync(booking._id);
      return 'Booking Canceled';
    }, onClose);

  return (
    <Modal
      open
      onClose={() => !cancel.isPending && onClose()}
      title="Cancel this booking?"
      description={
        <>
          <p className="font-medium text-neutral-800">
            {`${booking.title}, ${formatIsoDate(booking.from)} – ${formatIsoDate(booking.to)}`}
          </p>
          <p className="mt-2">{`${who} refunded ${refund} in full and the nights become free again.`}</p>
        </>
      }
    >
      <hr className="my-6 border-neutral-200" />
      <ModalActions
        onCancel={onClose}
        cancelLabel="Keep booking"
        confirmLabel="Yes, cancel"
        pending={cancel.isPending}
        onConfirm={() => void handleConfirm()}
      />
    </Modal>
  );
}
