import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoLink } from '../../../components/logo-link';
import { i18n } from '../../../lib/i18n';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the sign-in pages: a centred card under the logo, without the site header. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-neutral-50 px-4 py-10">
      <LogoLink className="mb-6" />
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-10">
        <div className="mb-6 text-center">
          <h1 className="text-3xl font-bold text-neutral-900">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-neutral-500">{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  );
}

/** The line between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-4 flex items-center gap-3 text-sm text-neutral-500" aria-hidden="true">
      <span className="h-px flex-1 bg-neutral-200" />
      {i18n.t('or')}
      <span className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}

/** The card's last line, for a visitor on the wrong one of the two pages: log in instead of signing up, or the reverse. */
export function OtherWayIn({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-neutral-500">
      {question}{' '}
      <Link to={to} className="font-semibold text-rose-600 hover:underline">
        {label}
      </Link>
    </p>
  );
}
