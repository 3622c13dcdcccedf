import { sortAmenities } from '@staybook/domain/amenities';
import type { RoomInput, RoomInputValues } from '@staybook/domain/room-input';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { AmenityCheckboxes } from '../../../components/amenity-checkboxes';
import { i18n } from '../../../lib/i18n';

/** What the form holds as ticked: the known keys it was given (anything else is the schema's to refuse). */
function tickedOf(value: unknown) {
  return sortAmenities(Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []);
}

/** The room form's 'Amenities': a checkbox with its icon for each amenity of the list. */
export function AmenitiesField({ control }: { control: Control<RoomInputValues, unknown, RoomInput> }) {
  const errorId = useId();
  return (
    <Controller
      name="amenities"
      control={control}
      render={({ field, fieldState }) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-neutral-800">{i18n.t('Amenities')}</legend>
          <AmenityCheckboxes
            ref={field.ref}
            name={field.name}
            value={tickedOf(field.value)}
            onChange={(amenities) => {
              field.onChange(amenities);
              field.onBlur();
            }}
            invalid={Boolean(fieldState.error)}
            describedBy={fieldState.error ? errorId : undefined}
          />
          <p id={errorId} className="min-h-5 text-sm text-rose-600">
            {fieldState.error?.message}
          </p>
        </fieldset>
      )}
    />
  );
}
