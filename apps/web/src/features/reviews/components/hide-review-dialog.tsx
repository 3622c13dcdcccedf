import { zodResolver } from '@hookform/resolvers/zod';
import { hideReviewBodySchema, type HideReviewBody } from '@staybook/domain/reviews';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../components/fields';
import { Modal, ModalActions } from '../../../components/modal';
import { notify } from '../../../lib/notify';
import { sendForm } from '../../../lib/send-form';
import { useHideReview } from '../api/use-hide-review';
import { i18n } from '../../../lib/i18n';

/**
 * An admin takes a review that breaks the rules off the room, with the reason its author and the room's host are
 * mailed (and the audit log keeps).
 */
export function HideReviewDialog({
  reviewId,
  roomId,
  authorName,
  onClose,
  onHidden,
}: {
  reviewId: string;
  roomId: string;
  authorName: string;
  onClose: () => void;
  /** The review is gone, and with it the button that opened this dialog. */
  onHidden: () => void;
}) {
  const hide = useHideReview({ reviewId, roomId });
  const { register, handleSubmit, setError, formState } = useForm<HideReviewBody>({
    resolver: zodResolver(hideReviewBodySchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    const outcome = await sendForm(() => hide.mutateAsync(reason), setError, ['reason']);
    // A refusal about something other than the reason leaves nothing to fix here.
    if (outcome === 'toast') onClose();
    if (outcome !== 'sent') return;
    notify.success(i18n.t('Review hidden'));
    onHidden();
  });
  return (
    <Modal
      open
      onClose={() => !hide.isPending && onClose()}
      title={i18n.t('Hide review')}
      description={i18n.t("{name}'s review will disappear from the room and its rating. {name} and the room's host are told why by mail.", { name: authorName })}
    >
      <form noValidate onSubmit={submit}>
        <TextAreaField label={i18n.t('Reason')} rows={3} required error={formState.errors.reason?.message} {...register('reason')} />
        <ModalActions onCancel={onClose} confirmLabel={i18n.t('Hide review')} pending={formState.isSubmitting} />
      </form>
    </Modal>
  );
}
