import { profileUpdateSchema, type SessionUser } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { ImageField } from '../../../components/image-field';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAuth } from '../../auth/hooks/use-auth';
import { describeImageProblem } from '../../uploads/api/upload-image';

interface UpdateProfileDialogProps {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}

interface ChosenPhoto {
  file: File;
  /** An object URL for the preview; revoked when replaced or when the dialog closes. */
  previewUrl: string;
}

export function UpdateProfileDialog({ user, open, onClose }: UpdateProfileDialogProps) {
  const { updateProfile } = useAuth();
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      notify.success('Profile updated');
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.previewUrl);
  }, [photo]);

  const choosePhoto = (file: File | null) =>
    setPhoto(file ? { file, previewUrl: URL.createObjectURL(file) } : null);

  const { errors, field, handleSubmit } = useSchemaForm({
    schema: profileUpdateSchema,
    initial: { name: user.name },
    // A new photo is optional; one that is chosen must be usable.
    check: () => ({ image: photo ? (describeImageProblem(photo.file) ?? undefined) : undefined }),
    onValid: ({ name }) => mutation.mutate({ name, image: photo?.file ?? null }),
  });

  return (
    <Modal open={open} onClose={onClose} title="Update Profile">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
        <div className="flex justify-center pb-2">
          {photo ? (
            <img
              src={photo.previewUrl}
              alt="New photo preview"
              width={96}
              height={96}
              className="size-24 rounded-full object-cover"
            />
          ) : (
            <Avatar src={user.image ?? null} alt="Current photo" size={96} />
          )}
        </div>
        <TextField
          label="Name"
          autoComplete="name"
          required
          {...field('name')}
        />
        <ImageField label="New photo (optional)" name="image" onChange={choosePhoto} error={errors.image} />
        <ModalActions onCancel={onClose} confirmLabel="Save" pending={mutation.isPending} />
      </form>
    </Modal>
  );
}
