import { REQUEST_MESSAGE_MAX, type Booking } from '@staybook/domain/bookings';
import { dateFormat, formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { useState } from 'react';
import { ActionProblem } from '../../../components/alert-text';
import { TextAreaField } from '../../../components/fields';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAnswerRequest, useWithdrawRequest } from '../api/use-requests';
import { i18n } from '../../../lib/i18n';

/** "Answer by Nov 30, 2026, 8:00 PM": when a request lapses, in the reader's own time. */
export function answerByText(booking: Booking): string {
  if (!booking.request) return '';
  return i18n.t('Answer by {when}', { when: answerByTime(booking) });
}

/** "Nov 30, 2026, 8:00 PM": when a request lapses, in the reader's own time and language. */
export function answerByTime(booking: Booking): string {
  if (!booking.request) return '';
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(booking.request.expiresAt));
}

/**
 * A request dialog's action: any failure is said in the dialog (`problem`), nothing changed; once done, a toast says
 * so (`done`) as the dialog closes.
 */
function useRequestAction(onClose: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error));
      return;
    }
    notify.success(done);
    onClose();
  };
  return { problem, run };
}

function stayLine(booking: Booking): string {
  return i18n.t('{title}, {from} – {to}, {count, plural, one {# guest} other {# guests}}', {
    title: booking.title,
    from: formatIsoDate(booking.from),
    to: formatIsoDate(booking.to),
    count: booking.guests,
  });
}

/**
 * The host's answer to a request: 'accept' confirms the stay and charges the held card; 'decline' releases the hold
 * and opens the nights. Either way the host may write the guest a few words, mailed with the answer.
 */
export function AnswerRequestDialog({ booking, answer, onClose }: { booking: Booking; answer: 'accept' | 'decline'; onClose: () => void }) {
  const mutation = useAnswerRequest();
  const { problem, run } = useRequestAction(onClose);
  const [message, setMessage] = useState('');
  const accept = answer === 'accept';
  const tooLong = message.length > REQUEST_MESSAGE_MAX;
  const confirm = () =>
    run(
      () => mutation.mutateAsync({ id: booking._id, answer, ...(message.trim() ? { message: message.trim() } : {}) }),
      accept ? i18n.t('Request Accepted') : i18n.t('Request Declined'),
    );

  return (
    <ConfirmDialog
      title={accept ? i18n.t('Accept this request?') : i18n.t('Decline this request?')}
      description={
        <>
          <p className="font-medium text-neutral-800">{stayLine(booking)}</p>
          <p className="mt-2">
            {accept
              ? booking.guest.name
                ? i18n.t("{name}'s card is charged {amount} and the stay is booked.", { name: booking.guest.name, amount: formatMoney(booking.priceCents) })
                : i18n.t("The guest's card is charged {amount} and the stay is booked.", { amount: formatMoney(booking.priceCents) })
              : booking.guest.name
                ? i18n.t("The hold on {name}'s card is released and the nights open again. They are told by e-mail.", { name: booking.guest.name })
                : i18n.t("The hold on the guest's card is released and the nights open again. They are told by e-mail.")}
          </p>
        </>
      }
      onClose={onClose}
      cancelLabel={i18n.t('Not now')}
      confirmLabel={accept ? i18n.t('Accept') : i18n.t('Decline')}
      pending={mutation.isPending}
      confirmDisabled={tooLong}
      onConfirm={() => void confirm()}
    >
      <TextAreaField
        label={i18n.t('Message to the guest (optional)')}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={tooLong ? i18n.t('Keep the message under {max} characters.', { max: REQUEST_MESSAGE_MAX }) : undefined}
        hint={accept ? i18n.t('Check-in details, a welcome.') : i18n.t('A reason helps the guest choose other dates.')}
      />
      <ActionProblem>{problem}</ActionProblem>
    </ConfirmDialog>
  );
}

/** The guest withdraws their request before the host answers: the hold on their card is released. */
export function WithdrawRequestDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const mutation = useWithdrawRequest();
  const { problem, run } = useRequestAction(onClose);
  const confirm = () => run(() => mutation.mutateAsync(booking._id), i18n.t('Request Withdrawn'));

  return (
    <ConfirmDialog
      title={i18n.t('Withdraw this request?')}
      description={
        <>
          <p className="font-medium text-neutral-800">{stayLine(booking)}</p>
          <p className="mt-2">{i18n.t('The hold on your card is released: you are not charged. The host is told by e-mail.')}</p>
        </>
      }
      onClose={onClose}
      cancelLabel={i18n.t('Keep request')}
      confirmLabel={i18n.t('Withdraw request')}
      pending={mutation.isPending}
      onConfirm={() => void confirm()}
    >
      <ActionProblem>{problem}</ActionProblem>
    </ConfirmDialog>
  );
}
