import type { RoomSearch } from '@staybook/domain/search';
import { Modal } from '../../../components/modal';
import type { SearchDraft } from '../utils/search-draft';
import { SearchForm } from './search-form';
import { i18n } from '../../../lib/i18n';

interface SearchSheetProps {
  search: RoomSearch;
  onSearch: (search: RoomSearch) => void;
  onClose: () => void;
  /** What was typed before the sheet was last closed, for this search. */
  typed?: SearchDraft | undefined;
  onTyped?: (draft: SearchDraft) => void;
}

/**
 * The search on a small screen: every field of the bar, stacked, in a dialog that keeps focus inside, closes on
 * Escape and hands focus back to 'Where to?'. Loaded when first opened. Closed without searching, what was typed
 * comes back when it opens again (while the search it started from is still the one shown).
 */
export function SearchSheet({ search, onSearch, onClose, typed, onTyped }: SearchSheetProps) {
  return (
    <Modal open onClose={onClose} title={i18n.t('Where to?')} description={i18n.t('Search stays by place, dates, guests and price.')}>
      <SearchForm search={search} onSearch={onSearch} variant="sheet" typed={typed} onTyped={onTyped} />
    </Modal>
  );
}
