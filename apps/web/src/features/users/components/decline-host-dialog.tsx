import { zodResolver } from '@hookform/resolvers/zod';
import type { ManagedUser } from '@staybook/domain/accounts';
import { DECLINE_REASON_MAX_LENGTH, declineHostBodySchema } from '@staybook/domain/identity';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../components/fields';
import { Modal, ModalActions } from '../../../components/modal';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { showServerFieldErrors } from '../../../lib/send-form';
import { notify } from '../../../lib/notify';
import { useDeclineHostRequest } from '../api/use-answer-host-request';
import { i18n } from '../../../lib/i18n';

interface DeclineHostDialogProps {
  user: ManagedUser;
  onClose: () => void;
}

/** An admin declines a guest's host request, saying why: the reason is mailed to them, and they may ask again. */
export function DeclineHostDialog({ user, onClose }: DeclineHostDialogProps) {
  const decline = useDeclineHostRequest();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(declineHostBodySchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(({ reason }) =>
    decline.mutate(
      { userId: user._id, reason },
      {
        onSuccess: () => {
          notify.success(i18n.t('Host request declined'));
          onClose();
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, ['reason'])) return;
          notify.error(errorMessage(error));
          // Another admin answered first: there is nothing left to decline.
          if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) onClose();
        },
      },
    ),
  );

  return (
    <Modal open onClose={onClose} title={i18n.t('Decline host request')} description={i18n.t('{name} ({email}) stays a guest.', { name: user.name || i18n.t('This guest'), email: user.email })}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <TextAreaField
          label={i18n.t('Reason')}
          required
          rows={4}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          hint={i18n.t('We send it to them by e-mail; they may ask again later.')}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <ModalActions onCancel={onClose} confirmLabel={i18n.t('Decline request')} pending={decline.isPending} />
      </form>
    </Modal>
  );
}
