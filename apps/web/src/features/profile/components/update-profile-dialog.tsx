import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser } from '@staybook/domain/accounts';
import { profileUpdateSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../../components/avatar';
import { useCloseTabQuestion } from '../../../components/leave-guard';
import { RestoredDraftNotice } from '../../drafts/components/draft-notice';
import { ImageFormField } from '../../../components/image-field';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/fields';
import { useDraft } from '../../drafts/hooks/use-draft';
import { useImagePreview } from '../../../hooks/use-preview-url';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/hooks/use-auth';
import { imageFileSchema } from '../../uploads/api/image-file-schema';
import { i18n } from '../../../lib/i18n';

interface UpdateProfileDialogProps {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}

/** A new photo is optional; one that is chosen must be usable. */
const profileFormSchema = profileUpdateSchema.extend({ image: imageFileSchema({ required: false }) });

/**
 * The name and photo of the signed-in person. A name typed and not saved waits as a draft for the next time the
 * dialog opens (features/drafts/hooks/use-draft.ts); a chosen photo is a file, which a draft cannot keep.
 */
export function UpdateProfileDialog({ user, open, onClose }: UpdateProfileDialogProps) {
  const { updateProfile } = useAuth();
  const draft = useDraft<string>('profile-name');
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      draft.clear();
      notify.success(i18n.t('Profile updated'));
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  const { register, handleSubmit, control, formState, reset, subscribe } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: draft.restored ?? user.name, image: null },
  });
  const keepDraft = draft.keep;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => keepDraft(values.name, values.name === user.name) }),
    [subscribe, keepDraft, user.name],
  );
  const [previewUrl, showPreview] = useImagePreview();
  // Closing the tab with a name or photo not saved asks first (the typed name is kept as a draft either way).
  const dirty = formState.isDirty;
  useCloseTabQuestion(() => open && dirty && !mutation.isSuccess);

  return (
    <Modal open={open} onClose={onClose} title={i18n.t('Update Profile')}>
      <form noValidate onSubmit={handleSubmit(({ name, image }) => mutation.mutate({ name, image }))} className="flex flex-col gap-2">
        <RestoredDraftNotice draft={draft} onDiscard={() => reset({ name: user.name, image: null })} />
        <div className="flex justify-center pb-2">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt={i18n.t('New photo preview')}
              width={96}
              height={96}
              className="size-24 rounded-full object-cover"
            />
          ) : (
            <Avatar src={user.image ?? null} alt={i18n.t('Current photo')} size={96} />
          )}
        </div>
        <TextField label={i18n.t('Name')} autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
        <ImageFormField control={control} name="image" label={i18n.t('New photo (optional)')} onFile={showPreview} />
        <ModalActions onCancel={onClose} confirmLabel={i18n.t('Save')} pending={mutation.isPending} />
      </form>
    </Modal>
  );
}
