import { PASSWORD_MIN_LENGTH } from '@staybook/domain';
import { useId, type ComponentProps } from 'react';

/** How the product's text inputs look; fields with their own layout (the card form) start from it. */
export const INPUT_CLASS =
  'w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 text-neutral-900 placeholder:text-neutral-400 focus:border-rose-500 focus:outline-rose-500 aria-invalid:border-rose-600';

/** An input's props, `ref` included (a form library registers the field through it). */
interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field and read with it (e.g. the password policy). */
  hint?: string;
  /** Shown instead of the hint when the value was rejected. */
  error?: string | undefined;
}

export function TextField({ label, hint, error, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={INPUT_CLASS}
        {...inputProps}
      />
      {/* Always rendered, so a message appearing does not push the form down. */}
      <p id={noteId} className={`min-h-5 text-sm ${error ? 'text-rose-600' : 'text-neutral-500'}`}>
        {note}
      </p>
    </div>
  );
}

/** A field for choosing a password: tells the policy and lets password managers offer a new one. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return (
    <TextField type="password" autoComplete="new-password" required hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} {...props} />
  );
}
