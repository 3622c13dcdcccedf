import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Checkbox, TextField, toggled } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../lib/i18n';

/** A titled card of the profile page under the person's own details (access tokens, webhooks). */
export function ProfileSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mx-auto mt-6 flex max-w-2xl flex-col gap-4 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-neutral-200">
      <div>
        <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
        <p className="text-sm text-neutral-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * A section of one's own records of a kind (access tokens, webhook endpoints; decision 056): the form that makes one,
 * the secret a new one comes with, shown this once, and the list (or why it could not be loaded, or that there is none).
 */
export function OwnRecordsSection<Item, Made>({
  title,
  description,
  createForm,
  secretOf,
  records,
  none,
  children,
}: {
  title: string;
  description: string;
  /** The form that makes one, and tells what it made. */
  createForm: (onCreated: (made: Made) => void) => ReactNode;
  /** The new one's secret: the field's label, the secret, and what to do with it. */
  secretOf: (made: Made) => { label: string; value: string; note: string };
  /** The records, and what they are called ('Your access tokens'): the list's label, and the subject of a load error. */
  records: { query: UseQueryResult<{ items: Item[] }>; label: string };
  /** What the section says when there is none. */
  none: string;
  /** The list of the records, under `records.label`. */
  children: (items: Item[]) => ReactNode;
}) {
  const [made, setMade] = useState<Made | null>(null);
  const secret = made === null ? null : secretOf(made);
  const { query, label } = records;
  return (
    <ProfileSection title={title} description={description}>
      {createForm(setMade)}
      {secret && (
        <SecretOnce label={secret.label} value={secret.value} onDone={() => setMade(null)}>
          {secret.note}
        </SecretOnce>
      )}
      {query.isError ? (
        <LoadError what={label} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data?.items.length === 0 ? (
        <p className="text-sm text-neutral-600">{none}</p>
      ) : (
        children(query.data?.items ?? [])
      )}
    </ProfileSection>
  );
}

/** A create form of these sections: its fields, then the button that makes one. */
export function CreateForm({ label, submit, pending, onSubmit, children }: { label: string; submit: string; pending: boolean; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-2">
      {children}
      <div>
        <Button type="submit" pending={pending}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

/** A secret shown the one time the server gives it (a token, a signing secret), to copy before it goes. */
export function SecretOnce({ label, value, onDone, children }: { label: string; value: string; onDone: () => void; children: ReactNode }) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => notify.success(i18n.t('Copied')),
      () => notify.error(i18n.t('Could not copy: select the text and copy it yourself')),
    );
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{children}</p>
      <TextField label={label} value={value} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono" />
      <div className="flex gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          {i18n.t('Copy')}
        </Button>
        <Button variant="subtle" onClick={onDone}>
          {i18n.t('Done')}
        </Button>
      </div>
    </div>
  );
}

/** A labelled group of checkboxes choosing some of a few known values (a token's scopes, an endpoint's events). */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  hint,
  error,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  hint: string;
  error?: string | undefined;
}) {
  const noteId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={noteId}>
      <legend className="mb-1 text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="grid grid-cols-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1 text-sm text-neutral-800 hover:bg-neutral-100">
            <Checkbox checked={value.includes(option.value)} invalid={!!error} onChange={(e) => onChange(toggled(value, option.value, e.currentTarget.checked))} />
            {option.label}
          </label>
        ))}
      </div>
      <p id={noteId} className={`min-h-5 text-sm ${error ? 'text-rose-600' : 'text-neutral-500'}`}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}

/** A form's messages by the field they are about: the schema's issues, or the server's refusal. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/**
 * A create form's values, from `empty`, and its sending: checked with the shared schema first (each message under
 * its field), then sent; the server's refusal of a field goes under it too, any other failure in a toast. Once made,
 * the form is empty again and `sent` runs with the answer.
 */
export function useCreateForm<Values extends object, Out, Answer>(
  empty: Values,
  schema: { safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
  send: (body: Out, handlers: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void }) => void,
  sent: (answer: Answer) => void,
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    send(parsed.data, {
      onSuccess: (answer) => {
        setValues(empty);
        sent(answer);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) setErrors({ ...error.fields });
        else notify.error(errorMessage(error));
      },
    });
  };
  return { values, set, errors, onSubmit };
}
