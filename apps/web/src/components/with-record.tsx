import type { ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { Loader } from './loader';

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
