import type { AmenityKey } from '@staybook/domain/amenities';
import { AmenityCheckboxes } from '../../../components/amenity-checkboxes';
import { i18n } from '../../../lib/i18n';
import { PanelFoot } from './panel-foot';

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
      <PanelFoot clearLabel={i18n.t('Clear amenities')} canClear={value.length > 0} onClear={() => onChange([])} onDone={onDone} />
    </>
  );
}
