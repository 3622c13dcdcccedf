/** Says that what the person typed last time is back, with the way to start afresh. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <p role="status" className="flex items-center gap-2 self-start rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <span>Draft restored</span>
      <span aria-hidden="true">·</span>
      <button type="button" onClick={onDiscard} className="font-semibold underline underline-offset-2 hover:text-sky-700">
        Discard
      </button>
    </p>
  );
}

/** 'Draft restored' while the form's draft says so; Discard forgets the draft, then `onDiscard` empties the form. */
export function RestoredDraftNotice({ draft, onDiscard }: { draft: { noticeShown: boolean; clear(): void }; onDiscard: () => void }) {
  if (!draft.noticeShown) return null;
  return (
    <DraftNotice
      onDiscard={() => {
        draft.clear();
        onDiscard();
      }}
    />
  );
}
