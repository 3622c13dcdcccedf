import { formatIsoDate } from '@staybook/domain/dates';
import { flexibleSummary } from '@staybook/domain/flexible-stays';
import { isDatedSearch, isFlexibleSearch, searchToQuery, type RoomSearch } from '@staybook/domain/search';
import { Suspense, useState } from 'react';
import { FiSearch } from 'react-icons/fi';
import { clearDraft, readDraft, writeDraft } from '../../../lib/drafts';
import { lazyPage } from '../../../lib/lazy-page';
import type { SearchDraft } from '../utils/search-draft';
import { SearchForm } from './search-form';
import { i18n } from '../../../lib/i18n';

// The sheet brings the dialog: loaded when a small screen first opens it.
const SearchSheet = lazyPage(() => import('./search-sheet'), 'SearchSheet');

/** Where the sheet's typing is kept for the tab's life, so a reload loses none of it (decision 041). */
const SHEET_DRAFT = 'staybook:draft:search-sheet';
type SheetTyping = { query: string; draft: SearchDraft };

interface SearchBarProps {
  search: RoomSearch;
  onSearch: (search: RoomSearch) => void;
}

/** The search under the header: the whole form on wide screens, one 'Where to?' button opening it in a sheet on small ones. */
export function SearchBar({ search, onSearch }: SearchBarProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // What was typed in the sheet, and for which search: a sheet closed without searching, or the page reloaded,
  // loses nothing.
  const [typed, setTypedState] = useState<SheetTyping | null>(() => readDraft<SheetTyping>(SHEET_DRAFT, 'session')?.values ?? null);
  const setTyped = (next: SheetTyping | null) => {
    setTypedState(next);
    if (next) writeDraft(SHEET_DRAFT, next, 'session');
    else clearDraft(SHEET_DRAFT, 'session');
  };
  const query = searchToQuery(search);
  return (
    <div className="pt-6">
      <div className="hidden md:block">
        <SearchForm search={search} onSearch={onSearch} variant="bar" />
      </div>
      <div className="md:hidden">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
          className="flex w-full items-center gap-3 rounded-full border border-neutral-300 px-5 py-3 text-left shadow-sm"
        >
          <FiSearch aria-hidden="true" size={20} />
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-neutral-900">{i18n.t('Where to?')}</span>
            <span className="line-clamp-2 text-sm text-neutral-600">{summarize(search)}</span>
          </span>
        </button>
        {sheetOpen && (
          <Suspense fallback={null}>
            <SearchSheet
              search={search}
              typed={typed?.query === query ? typed.draft : undefined}
              onTyped={(draft) => setTyped({ query, draft })}
              onClose={() => setSheetOpen(false)}
              onSearch={(next) => {
                setSheetOpen(false);
                setTyped(null);
                onSearch(next);
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** The search in a line, under 'Where to?'. */
export function summarize(search: RoomSearch): string {
  const place = search.where ?? i18n.t('Anywhere');
  const when = isDatedSearch(search)
    ? `${formatIsoDate(search.checkin)} – ${formatIsoDate(search.checkout)}`
    : isFlexibleSearch(search)
      ? flexibleSummary(search.stay, search.months)
      : i18n.t('Any dates');
  const who = search.guests ? i18n.t('{count, plural, one {# guest} other {# guests}}', { count: search.guests }) : i18n.t('Any guests');
  return `${place} · ${when} · ${who}`;
}
