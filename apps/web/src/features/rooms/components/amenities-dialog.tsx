import { AMENITY_GROUP_LABELS, findAmenity, type AmenityGroup, type AmenityKey } from '@staybook/domain/amenities';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { AmenityList } from './amenity-list';
import { i18n } from '../../../lib/i18n';

/** Every amenity of the room, under the list's group headings. Loaded when first opened. */
export function AmenitiesDialog({ amenities, onClose }: { amenities: readonly AmenityKey[]; onClose: () => void }) {
  const groups = (Object.keys(AMENITY_GROUP_LABELS) as AmenityGroup[])
    .map((group) => ({ group, keys: amenities.filter((key) => findAmenity(key)?.group === group) }))
    .filter(({ keys }) => keys.length > 0);
  return (
    <Modal open onClose={onClose} title={i18n.t('What this place offers')} size="wide">
      <div className="flex flex-col gap-6">
        {groups.map(({ group, keys }) => (
          <section key={group} aria-labelledby={`amenity-group-${group}`} className="flex flex-col gap-3">
            <h3 id={`amenity-group-${group}`} className="font-semibold text-neutral-900">
              {i18n.t(AMENITY_GROUP_LABELS[group])}
            </h3>
            <AmenityList amenities={keys} />
          </section>
        ))}
        <Button variant="subtle" className="self-end" onClick={onClose}>
          {i18n.t('Close')}
        </Button>
      </div>
    </Modal>
  );
}
