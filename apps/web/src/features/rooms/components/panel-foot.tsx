import { i18n } from '../../../lib/i18n';

/**
 * The foot of a search filter's open panel (the dates', the amenities'): a link-like button that clears what the
 * panel holds, off while it holds nothing, and 'Done', which closes it.
 */
export function PanelFoot({ clearLabel, canClear, onClear, onDone }: { clearLabel: string; canClear: boolean; onClear: () => void; onDone: () => void }) {
  return (
    <div className="mt-2 flex justify-end gap-4 px-2">
      <button
        type="button"
        className="text-sm font-semibold text-neutral-800 underline disabled:text-neutral-400 disabled:no-underline"
        disabled={!canClear}
        onClick={onClear}
      >
        {clearLabel}
      </button>
      <button type="button" className="rounded-lg bg-neutral-900 px-4 py-2 text-sm font-semibold text-white" onClick={onDone}>
        {i18n.t('Done')}
      </button>
    </div>
  );
}
