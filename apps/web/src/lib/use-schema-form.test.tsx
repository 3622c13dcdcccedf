import { loginSchema, signupSchema } from '@staybook/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../components/text-field';
import { useSchemaForm } from './use-schema-form';

afterEach(cleanup);

function LoginLikeForm({ onValid }: { onValid: (data: unknown) => void }) {
  const { field, handleSubmit } = useSchemaForm({
    schema: loginSchema,
    initial: { email: '', password: '' },
    onValid,
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <TextField label="Email address" type="email" {...field('email')} />
      <TextField label="Password" type="password" {...field('password')} />
      <button type="submit">Sign In</button>
    </form>
  );
}

function SignupLikeForm({ onValid, photoChosen }: { onValid: (data: unknown) => void; photoChosen: boolean }) {
  const { errors, field, handleSubmit } = useSchemaForm({
    schema: signupSchema,
    initial: { name: '', email: '', password: '' },
    check: () => ({ image: photoChosen ? undefined : 'Please choose a photo' }),
    onValid,
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <TextField label="Name" {...field('name')} />
      <TextField label="Email address" type="email" {...field('email')} />
      <TextField label="Password" type="password" {...field('password')} />
      {errors.image && <p>{errors.image}</p>}
      <button type="submit">Continue</button>
    </form>
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('useSchemaForm', () => {
  it('shows the shared schema\'s message under each wrong field and keeps what was typed', async () => {
    const onValid = vi.fn();
    render(<LoginLikeForm onValid={onValid} />);
    type('Email address', 'gus@staybook');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email address');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveProperty('value', 'gus@staybook');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid email address').id).toBe(email.getAttribute('aria-describedby'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Password is required').id).toBe(password.getAttribute('aria-describedby'));
    expect(onValid).not.toHaveBeenCalled();
    // The keyboard goes to the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('clears a message once the field is fixed and hands the parsed values over', () => {
    const onValid = vi.fn();
    render(<LoginLikeForm onValid={onValid} />);
    type('Email address', 'gus@staybook');
    type('Password', 'secret words');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    type('Email address', 'gus@staybook.example');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBeNull();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ email: 'gus@staybook.example', password: 'secret words' });
  });

  it('adds the messages of checks the schema cannot make, and submits nothing while one stands', () => {
    const onValid = vi.fn();
    render(<SignupLikeForm onValid={onValid} photoChosen={false} />);
    type('Name', 'Gus');
    type('Email address', 'gus@staybook.example');
    type('Password', 'short');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Please choose a photo')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Gus');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'short');

    type('Password', 'long enough now');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(screen.getByText('Please choose a photo')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});
