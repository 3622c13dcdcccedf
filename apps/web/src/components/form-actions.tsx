import type { ReactNode } from 'react';
import { Button } from './button';
import { i18n } from '../lib/i18n';

/**
 * A form's or a dialog's buttons: side by side at the end of the row from a tablet's width, stacked on a phone with
 * the main one (given last) on top.
 */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

/** A form's main button, given last in its FormActions: at least 12rem wide from a tablet's width. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="sm:min-w-48" pending={pending}>
      {children}
    </Button>
  );
}

/** A small form's Cancel and main button, side by side at the end of the row even on a phone (a reply, a rename). */
export function CancelAndSubmit({ onCancel, pending, children }: { onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="subtle" onClick={onCancel}>
        {i18n.t('Cancel')}
      </Button>
      <Button type="submit" pending={pending}>
        {children}
      </Button>
    </div>
  );
}
