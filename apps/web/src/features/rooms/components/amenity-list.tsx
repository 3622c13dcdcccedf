import { findAmenity, type AmenityKey } from '@staybook/domain/amenities';
import { AMENITY_ICONS } from '../../../components/amenity-icons';
import { i18n } from '../../../lib/i18n';

/** Amenities as a list, each with its icon (the room page's section and its 'Show all' dialog). */
export function AmenityList({ amenities, className = '' }: { amenities: readonly AmenityKey[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 ${className}`}>
      {amenities.map((key) => {
        const amenity = findAmenity(key);
        if (!amenity) return null;
        const Icon = AMENITY_ICONS[amenity.icon];
        return (
          <li key={key} className="flex items-center gap-4 text-neutral-700">
            <Icon size={24} aria-hidden="true" className="shrink-0 text-neutral-800" />
            <span>{i18n.t(amenity.label)}</span>
          </li>
        );
      })}
    </ul>
  );
}
