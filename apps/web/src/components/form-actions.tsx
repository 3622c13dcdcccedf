import type { ReactNode } from 'react';

/**
 * A form's or a dialog's buttons: side by side at the end of the row from a tablet's width, stacked on a phone with
 * the main one (given last) on top.
 */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}
