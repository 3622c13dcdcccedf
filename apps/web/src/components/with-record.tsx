import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorScreen } from './error-screen';
import { Loader } from './loader';
import { buttonClass } from './button';

/** What `WithRecord` reads of the record's query. */
interface RecordQuery<T> {
  isPending: boolean;
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The record a page's address names, once it has arrived: `notFound` when `missing` (an id that names no record,
 * malformed or answered 404, checked by the page, which knows its record's id and the server's answers), a loader
 * meanwhile, and the error screen with 'Try again' when the server could not answer.
 */
export function WithRecord<T>({
  query,
  missing,
  notFound,
  children,
}: {
  query: RecordQuery<T>;
  missing: boolean;
  notFound: ReactNode;
  children: (record: T) => ReactNode;
}) {
  if (missing) return notFound;
  if (query.isPending) return <Loader />;
  if (!query.data) return <ErrorScreen message={query.error?.message} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/**
 * What a page says when its address names no record: what was not found, why that may be, and a link to where the
 * person's own records are. `standalone`: a page outside the app's layout (the printable statement), its own main
 * landmark with its own margins; otherwise a section of the layout's main.
 */
export function RecordNotFound({ title, text, action, standalone = false }: { title: string; text: string; action: { to: string; label: string }; standalone?: boolean }) {
  const Landmark = standalone ? 'main' : 'section';
  return (
    <Landmark className={`mx-auto flex max-w-xl flex-col items-center gap-4 ${standalone ? 'px-4 ' : ''}py-16 text-center`}>
      <h1 className="text-2xl font-bold text-neutral-900">{title}</h1>
      <p className="text-neutral-600">{text}</p>
      <Link
        to={action.to}
        className={buttonClass()}
      >
        {action.label}
      </Link>
    </Landmark>
  );
}
