import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';
import { errorMessage } from './form-errors';
import { notify } from './notify';

// What forms and dialogs do with the server's answer to what they sent. Kept apart from lib/notify.ts, which the home
// page loads before it paints: only lazily loaded pages and dialogs send forms (decision 017's budget).

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

/**
 * Sends a form (`send`), answering 'sent' once the server took it. A refusal shows the server's message under each of
 * the form's `fields` it names ('fields'), or else as an error toast ('toast'); what was typed stays.
 */
export async function sendForm<T extends FieldValues>(
  send: () => Promise<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): Promise<'sent' | 'fields' | 'toast'> {
  try {
    await send();
    return 'sent';
  } catch (error) {
    if (showServerFieldErrors(error, setError, fields)) return 'fields';
    notify.error(errorMessage(error));
    return 'toast';
  }
}

/**
 * Runs a dialog's action and settles it as the spec's dialogs do: the action's success message, or its
 * error, as a toast; the dialog closes either way.
 */
export async function settleDialogAction(action: () => Promise<string>, close: () => void): Promise<void> {
  try {
    notify.success(await action());
  } catch (error) {
    notify.error(errorMessage(error));
  } finally {
    close();
  }
}
