import { isDatedSearch, type RoomSearch } from '@staybook/domain/search';
import { Button } from '../../../components/button';
import { Heading } from '../../../components/heading';
import { i18n } from '../../../lib/i18n';

/** Each filter that can narrow a search, how to let it go, and the search without it. */
const WIDENINGS: ReadonlyArray<{ label: string; applies: (s: RoomSearch) => boolean; clear: (s: RoomSearch) => RoomSearch }> = [
  { label: /*i18n*/ 'Clear place', applies: (s) => s.where !== undefined, clear: ({ where: _, ...s }) => s },
  { label: /*i18n*/ 'Clear dates', applies: isDatedSearch, clear: ({ checkin: _, checkout: __, ...s }) => s },
  { label: /*i18n*/ 'Any number of guests', applies: (s) => s.guests !== undefined, clear: ({ guests: _, ...s }) => s },
  {
    label: /*i18n*/ 'Any price',
    applies: (s) => s.minPrice !== undefined || s.maxPrice !== undefined,
    clear: ({ minPrice: _, maxPrice: __, ...s }) => s,
  },
  { label: /*i18n*/ 'Any bedrooms', applies: (s) => s.bedrooms !== undefined, clear: ({ bedrooms: _, ...s }) => s },
  { label: /*i18n*/ 'Search the whole map', applies: (s) => s.area !== undefined, clear: ({ area: _, ...s }) => s },
  { label: /*i18n*/ 'Any amenities', applies: (s) => s.amenities !== undefined, clear: ({ amenities: _, ...s }) => s },
];

/** A search that finds nothing: says so, and offers to let go of each filter narrowing it. */
export function NoResults({ search, onSearch }: { search: RoomSearch; onSearch: (search: RoomSearch) => void }) {
  const widenings = WIDENINGS.filter((widening) => widening.applies(search));
  const { category, sort } = search;
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-6">
      <Heading
        center
        title={i18n.t('No stays match your search')}
        subtitle={
          widenings.length > 1 ? i18n.t('Try removing a filter, or all of them.') : i18n.t('Try removing the filter below.')
        }
      />
      <div className="flex flex-wrap justify-center gap-3">
        {widenings.map((widening) => (
          <Button key={i18n.t(widening.label)} variant="outline" onClick={() => onSearch(widening.clear(search))}>
            {i18n.t(widening.label)}
          </Button>
        ))}
        {widenings.length > 1 && (
          <Button variant="subtle" onClick={() => onSearch({ category, sort })}>
            {i18n.t('Clear all filters')}
          </Button>
        )}
      </div>
    </div>
  );
}
