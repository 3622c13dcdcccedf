import { AMENITIES, sortAmenities, type AmenityKey } from '@staybook/domain/amenities';
import type { Ref } from 'react';
import { AMENITY_ICONS } from './amenity-icons';
import { Checkbox, toggled } from './fields';
import { i18n } from '../lib/i18n';

interface AmenityCheckboxesProps {
  /** The amenities ticked. */
  value: readonly AmenityKey[];
  /** The new choice, once each in the list's order. */
  onChange: (amenities: AmenityKey[]) => void;
  /** The checkboxes' form name. */
  name: string;
  /** The first checkbox, for a form library to focus when the field is refused. */
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** Every amenity of the list as a checkbox with its icon, in the list's order (the room form and the search's filter). */
export function AmenityCheckboxes({ value, onChange, name, ref, invalid, describedBy }: AmenityCheckboxesProps) {
  const chosen = new Set(value);
  return (
    <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
      {AMENITIES.map((amenity, i) => {
        const Icon = AMENITY_ICONS[amenity.icon];
        return (
          <li key={amenity.key}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-neutral-800 hover:bg-neutral-100">
              <Checkbox
                ref={i === 0 ? ref : undefined}
                name={name}
                value={amenity.key}
                checked={chosen.has(amenity.key)}
                invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => onChange(sortAmenities(toggled(value, amenity.key, event.currentTarget.checked)))}
              />
              <Icon size={20} aria-hidden="true" className="shrink-0 text-neutral-700" />
              <span>{i18n.t(amenity.label)}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
