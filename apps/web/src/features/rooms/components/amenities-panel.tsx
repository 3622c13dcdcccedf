import type { AmenityKey } from '@staybook/domain/amenities';
import { AmenityCheckboxes } from '../../../components/amenity-checkboxes';
import { i18n } from '../../../lib/i18n';

interface AmenitiesPanelProps {
  value: readonly AmenityKey[];
  onChange: (amenities: AmenityKey[]) => void;
  onDone: () => void;
}

/** The open 'Amenities' filter: every amenity with its icon, and a way to clear them. Loaded when first opened. */
export function AmenitiesPanel({ value, onChange, onDone }: AmenitiesPanelProps) {
  return (
    <>
      <p className="mb-2 px-2 text-sm text-neutral-600">{i18n.t('Stays with every amenity you tick.')}</p>
      <AmenityCheckboxes name="amenities" value={value} onChange={onChange} />
      <div className="mt-2 flex justify-end gap-4 px-2">
        <button
          type="button"
          className="text-sm font-semibold text-neutral-800 underline disabled:text-neutral-400 disabled:no-underline"
          disabled={value.length === 0}
          onClick={() => onChange([])}
        >
          {i18n.t('Clear amenities')}
        </button>
        <button type="button" className="rounded-lg bg-neutral-900 px-4 py-2 text-sm font-semibold text-white" onClick={onDone}>
          {i18n.t('Done')}
        </button>
      </div>
    </>
  );
}
