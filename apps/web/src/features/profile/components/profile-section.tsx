import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { notify } from '../../../lib/notify';

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

/** A secret shown the one time the server gives it (a token, a signing secret), to copy before it goes. */
export function SecretOnce({ label, value, onDone, children }: { label: string; value: string; onDone: () => void; children: ReactNode }) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => notify.success('Copied'),
      () => notify.error('Could not copy: select the text and copy it yourself'),
    );
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{children}</p>
      <TextField label={label} value={value} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono" />
      <div className="flex gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="subtle" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
