import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ImageFormField } from '../../../components/image-field';
import { EmailField, NewPasswordField } from '../../../components/account-fields';
import { TextField } from '../../../components/fields';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { imageFileSchema } from '../../uploads/api/image-file-schema';
import { useAuth } from '../hooks/use-auth';
import { i18n } from '../../../lib/i18n';

/** The server's sign-up rules, plus the photo the form uploads first. */
const signupFormSchema = signupSchema.extend({ image: imageFileSchema({ required: true }) });

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useAuth();
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_answer, input) => onSignedUp(input.email),
    onError: (error) => notify.error(errorMessage(error)),
  });

  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', password: '', image: null },
    // The photo registers after the inputs: focus goes by the page's order instead.
    shouldFocusError: false,
  });
  const { errors } = formState;
  const formRef = useFocusFirstInvalid(formState.submitCount);

  return (
    <form
      noValidate
      // The schema guarantees a usable image by now.
      ref={formRef}
      onSubmit={(event) =>
        void handleSubmit(({ image, ...details }) => image && mutation.mutate({ ...details, image }))(event)
      }
      className="flex flex-col gap-2"
    >
      <TextField label={i18n.t('Name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <ImageFormField control={control} name="image" label={i18n.t('Select Image')} required />
      <EmailField error={errors.email?.message} {...register('email')} />
      <NewPasswordField label={i18n.t('Password')} error={errors.password?.message} {...register('password')} />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        {i18n.t('Continue')}
      </Button>
    </form>
  );
}
