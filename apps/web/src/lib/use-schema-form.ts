import { useState, type FormEvent } from 'react';
import { focusFirstInvalid, toFieldErrors } from './form-errors';

type FieldErrors = Partial<Record<string, string>>;

/** The part of a zod schema a form needs; the forms pass the same schemas the API validates with. */
interface Schema<Out> {
  safeParse(data: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

interface SchemaFormOptions<Values extends Record<string, string>, Out> {
  schema: Schema<Out>;
  initial: Values;
  /** Checks the schema cannot make (a chosen file, two fields that must match): answers messages by field. */
  check?: (values: Values) => FieldErrors;
  onValid: (data: Out) => void;
}

/**
 * A form's typed values and per-field messages. What the person typed is never cleared by an error;
 * a rejected submit moves focus to the first field to fix.
 */
export function useSchemaForm<Values extends Record<string, string>, Out>({
  schema,
  initial,
  check,
  onValid,
}: SchemaFormOptions<Values, Out>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Props for a TextField bound to one value. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    const nextErrors = { ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)), ...check?.(values) };
    setErrors(nextErrors);
    if (parsed.success && Object.values(nextErrors).every((message) => !message)) onValid(parsed.data);
    else focusFirstInvalid(event.currentTarget);
  };

  return { values, errors, field, handleSubmit };
}
