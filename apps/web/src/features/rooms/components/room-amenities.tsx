import type { AmenityKey } from '@staybook/domain/amenities';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { lazyPage } from '../../../lib/lazy-page';
import { AmenityList } from './amenity-list';
import { i18n } from '../../../lib/i18n';

// The full list's dialog: loaded when 'Show all' is first pressed.
const AmenitiesDialog = lazyPage(() => import('./amenities-dialog'), 'AmenitiesDialog');

/** How many the section shows before 'Show all'. */
const SHOWN = 10;

/** The room page's 'What this place offers': the first ten amenities, and a dialog with all of them. */
export function RoomAmenities({ amenities }: { amenities: readonly AmenityKey[] }) {
  const [showingAll, setShowingAll] = useState(false);
  if (amenities.length === 0) return null;
  return (
    <section aria-labelledby="room-amenities" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
      <h2 id="room-amenities" className="text-xl font-semibold text-neutral-900">
        {i18n.t('What this place offers')}
      </h2>
      <AmenityList amenities={amenities.slice(0, SHOWN)} />
      {amenities.length > SHOWN && (
        <Button variant="outline" className="self-start" aria-haspopup="dialog" onClick={() => setShowingAll(true)}>
          {i18n.t('Show all {count} amenities', { count: amenities.length })}
        </Button>
      )}
      {showingAll && (
        <Suspense fallback={null}>
          <AmenitiesDialog amenities={amenities} onClose={() => setShowingAll(false)} />
        </Suspense>
      )}
    </section>
  );
}
