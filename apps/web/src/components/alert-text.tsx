import type { ReactNode } from 'react';

/** A message read out as soon as it shows (`role="alert"`), in the caller's look; nothing while there is none. */
export function AlertText({ className, children }: { className: string; children: ReactNode }) {
  return children ? (
    <p role="alert" className={className}>
      {children}
    </p>
  ) : null;
}

/** Why a dialog's or a form's action did not go through (a refused answer, a refund that changed), above its buttons. */
export function ActionProblem({ children }: { children: string | null }) {
  return <AlertText className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{children}</AlertText>;
}
