import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/** The message to show for anything an API call or upload threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}


/**
 * Puts the server's message for each refused field under that field, focusing the first; answers whether there
 * was any. Only the form's own `fields` are taken: a message about anything else is the caller's to show.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const refused = fields.filter((field) => error.fields[field]);
  refused.forEach((field, index) => setError(field, { type: 'server', message: error.fields[field] }, { shouldFocus: index === 0 }));
  return refused.length > 0;
}
