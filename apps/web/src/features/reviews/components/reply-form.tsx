import { zodResolver } from '@hookform/resolvers/zod';
import { reviewReplyBodySchema, type ReviewReplyBody } from '@staybook/domain/reviews';
import { useForm } from 'react-hook-form';
import { CancelAndSubmit } from '../../../components/form-actions';
import { TextAreaField } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { sendForm } from '../../../lib/send-form';
import { useReplyToReview } from '../api/use-reply-to-review';
import { i18n } from '../../../lib/i18n';

/** The room's host's one public reply to a review, written under it. */
export function ReplyForm({ reviewId, roomId, onDone }: { reviewId: string; roomId: string; onDone: () => void }) {
  const reply = useReplyToReview({ reviewId, roomId });
  const { register, handleSubmit, setError, formState } = useForm<ReviewReplyBody>({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { body: '' },
  });
  const submit = handleSubmit(async ({ body }) => {
    if ((await sendForm(() => reply.mutateAsync(body), setError, ['body'])) !== 'sent') return;
    notify.success(i18n.t('Reply posted'));
    onDone();
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <TextAreaField label={i18n.t('Your reply')} rows={3} required autoFocus error={formState.errors.body?.message} {...register('body')} />
      <CancelAndSubmit onCancel={onDone} pending={formState.isSubmitting}>
        {i18n.t('Post reply')}
      </CancelAndSubmit>
    </form>
  );
}
