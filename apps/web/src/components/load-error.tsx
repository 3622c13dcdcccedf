import { errorMessage } from '../lib/form-errors';
import { i18n } from '../lib/i18n';

/** Part of a page that could not be loaded, said where it stands, with 'Try again'; the rest of the page stays. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
      {`${i18n.t('{what} could not be loaded: {reason}', { what, reason: errorMessage(error) })} `}
      <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
        {i18n.t('Try again')}
      </button>
    </p>
  );
}
