import type { RoomSearch } from '@staybook/domain/search';
import { Modal } from '../../../components/modal';
import { SearchForm } from './search-form';

interface SearchSheetProps {
  search: RoomSearch;
  onSearch: (search: RoomSearch) => void;
  onClose: () => void;
}

/**
 * The search on a small screen: every field of the bar, stacked, in a dialog that keeps focus inside, closes on
 * Escape and hands focus back to 'Where to?'. Loaded when first opened.
 */
export function SearchSheet({ search, onSearch, onClose }: SearchSheetProps) {
  return (
    <Modal open onClose={onClose} title="Where to?" description="Search stays by place, dates, guests and price.">
      <SearchForm search={search} onSearch={onSearch} variant="sheet" />
    </Modal>
  );
}
