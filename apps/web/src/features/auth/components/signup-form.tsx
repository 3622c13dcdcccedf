import { PASSWORD_MIN_LENGTH, signupSchema } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ImageField } from '../../../components/image-field';
import { TextField } from '../../../components/text-field';
import { errorMessage, focusFirstInvalid, toFieldErrors } from '../../../lib/form-errors';
import { describeImageProblem } from '../../uploads/api/upload-image';
import { useAuth } from '../hooks/use-auth';

interface SignupValues {
  name: string;
  email: string;
  password: string;
}

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { signUp } = useAuth();
  const [values, setValues] = useState<SignupValues>({ name: '', email: '', password: '' });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: onSignedUp,
    onError: (error) => toast.error(errorMessage(error)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signupSchema.safeParse(values);
    const imageProblem = describeImageProblem(image);
    const nextErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    if (imageProblem) nextErrors.image = imageProblem;
    setErrors(nextErrors);
    if (parsed.success && image && !imageProblem) mutation.mutate({ ...parsed.data, image });
    else focusFirstInvalid(event.currentTarget);
  };

  const update = (field: keyof SignupValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={update('name')}
        error={errors.name}
      />
      <ImageField label="Select Image" name="image" required onChange={setImage} error={errors.image} />
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        Continue
      </Button>
    </form>
  );
}
