import { errorMessage } from '../lib/form-errors';

/** Part of a page that could not be loaded, said where it stands, with 'Try again'; the rest of the page stays. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
      {`${what} could not be loaded: ${errorMessage(error)} `}
      <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
