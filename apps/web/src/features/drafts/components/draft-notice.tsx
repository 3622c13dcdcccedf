import { i18n } from '../../../lib/i18n';
import type { Draft } from '../hooks/use-draft';

/**
 * 'Draft restored' while the form's draft says so, with the way to start afresh: Discard forgets the draft, then
 * `onDiscard` empties the form.
 */
export function RestoredDraftNotice({ draft, onDiscard }: { draft: Pick<Draft<unknown>, 'noticeShown' | 'clear'>; onDiscard: () => void }) {
  if (!draft.noticeShown) return null;
  const discard = () => {
    draft.clear();
    onDiscard();
  };
  return (
    <p role="status" className="flex items-center gap-2 self-start rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <span>{i18n.t('Draft restored')}</span>
      <span aria-hidden="true">·</span>
      <button type="button" onClick={discard} className="font-semibold underline underline-offset-2 hover:text-sky-700">
        {i18n.t('Discard')}
      </button>
    </p>
  );
}
