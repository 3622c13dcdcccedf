import { signupSchema } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ImageField } from '../../../components/image-field';
import { NewPasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { describeImageProblem } from '../../uploads/api/upload-image';
import { useAuth } from '../hooks/use-auth';

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { signUp } = useAuth();
  const [image, setImage] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: onSignedUp,
    onError: (error) => notify.error(errorMessage(error)),
  });

  const { errors, field, handleSubmit } = useSchemaForm({
    schema: signupSchema,
    initial: { name: '', email: '', password: '' },
    check: () => ({ image: describeImageProblem(image) ?? undefined }),
    // The check above guarantees a usable image by now.
    onValid: (details) => image && mutation.mutate({ ...details, image }),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        label="Name"
        autoComplete="name"
        {...field('name')}
      />
      <ImageField label="Select Image" name="image" required onChange={setImage} error={errors.image} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <NewPasswordField label="Password" {...field('password')} />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        Continue
      </Button>
    </form>
  );
}
