import type { Place } from '@staybook/domain/geo-schemas';
import type { RoomInputValues } from '@staybook/domain/room-input';
import { lazy, Suspense, useState } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { TextField } from '../../../components/fields';
import { fetchPlaces, usePlaceSuggestions } from '../api/places-api';
import { RoomTextField, type RoomControl } from './room-text-fields';
import { i18n } from '../../../lib/i18n';

// With the form only (decision 053): Leaflet and the basemap load when a host opens it.
const PinMap = lazy(() => import('../../map/components/pin-map'));

/** How a place reads in the Location field and its suggestions: 'Sintra, Portugal'. */
export function placeLabel(place: Place): string {
  return `${place.name}, ${place.country}`;
}

/**
 * Where the home is (docs/decisions/051-where-a-home-is.md): the location guests see, with the places the gazetteer
 * knows by that name to choose from; choosing one places the pin there and sets the time zone. The pin (latitude and
 * longitude, the host's to correct), the street address and the arrival instructions are shown to a guest only once
 * their stay is confirmed.
 */
export function LocationFields({
  control,
  register,
  setValue,
  errors,
}: {
  control: RoomControl;
  register: UseFormRegister<RoomInputValues>;
  setValue: UseFormSetValue<RoomInputValues>;
  errors: FieldErrors<RoomInputValues>;
}) {
  const location = useWatch({ control, name: 'location' }) ?? '';
  // Suggestions follow what the host types: a location the room already has is not asked about again.
  const [opened] = useState(location);
  const suggestions = usePlaceSuggestions(location === opened ? '' : location).filter((place) => placeLabel(place) !== location.trim());
  const timeZone = useWatch({ control, name: 'timeZone' });
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  // The zone set here last (the form's own at first): a zone the host picked in its field is theirs, and stays.
  const [zoneSetHere, setZoneSetHere] = useState(timeZone);
  const choose = (place: Place) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('location', placeLabel(place), options);
    setValue('latitude', String(place.latitude), options);
    setValue('longitude', String(place.longitude), options);
    setValue('timeZone', place.timeZone, options);
    setZoneSetHere(place.timeZone);
  };
  // A location typed in full and left without choosing ('Sintra', 'sintra, portugal'): when the gazetteer's first
  // place has that name, the zone follows it as a choice would, and so does the pin while the host has given none.
  const followTyped = async (typed: string) => {
    const text = typed.trim().toLowerCase();
    if (text.length < 2 || text === opened.trim().toLowerCase()) return;
    const [top] = await fetchPlaces(typed.trim()).catch(() => []);
    if (!top || (top.name.toLowerCase() !== text && placeLabel(top).toLowerCase() !== text)) return;
    const options = { shouldDirty: true, shouldValidate: true } as const;
    // The form as it was when the field was left (each render registers the field's blur anew).
    if (!latitude && !longitude) {
      setValue('latitude', String(top.latitude), options);
      setValue('longitude', String(top.longitude), options);
    }
    if (timeZone === zoneSetHere) {
      setValue('timeZone', top.timeZone, options);
      setZoneSetHere(top.timeZone);
    }
  };
  const coordinate = { type: 'number', inputMode: 'decimal', step: 'any' } as const;
  const pin = pinOf(latitude, longitude);
  const placePin = ({ latitude: lat, longitude: lng }: { latitude: number; longitude: number }) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('latitude', String(lat), options);
    setValue('longitude', String(lng), options);
  };

  return (
    <div className="flex flex-col gap-2">
      <TextField label={i18n.t('Location')} autoComplete="off" required error={errors.location?.message} {...register('location', { onBlur: (event: { target: { value: string } }) => void followTyped(event.target.value) })} />
      {suggestions.length > 0 && (
        <div className="-mt-1 mb-1 flex flex-col gap-1">
          <p id="place-suggestions" className="text-sm text-neutral-600">
            {i18n.t('Places with this name: choose one to place the pin and set the time zone.')}
          </p>
          <ul aria-labelledby="place-suggestions" className="flex flex-wrap gap-2">
            {suggestions.map((place) => (
              <li key={`${place.name} ${place.latitude} ${place.longitude}`}>
                <button
                  type="button"
                  onClick={() => choose(place)}
                  className="rounded-full border border-neutral-300 px-3 py-1 text-sm text-neutral-800 hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600"
                >
                  {placeLabel(place)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-neutral-800">{i18n.t('Pin')}</legend>
        <p className="text-sm text-neutral-600">
          {i18n.t('The exact spot. Guests see an area of about 500 m around it until their stay is confirmed. Click the map or drag the pin to place it.')}
        </p>
        <Suspense fallback={<div className="h-64 w-full rounded-lg bg-neutral-100" />}>
          <PinMap position={pin} onPlace={placePin} />
        </Suspense>
        <div className="grid grid-cols-2 gap-x-4">
          <TextField label={i18n.t('Latitude')} {...coordinate} min={-90} max={90} error={errors.latitude?.message} {...register('latitude')} />
          <TextField label={i18n.t('Longitude')} {...coordinate} min={-180} max={180} error={errors.longitude?.message} {...register('longitude')} />
        </div>
      </fieldset>
      <RoomTextField control={control} name="address" />
      <RoomTextField control={control} name="arrivalInstructions" />
    </div>
  );
}

/** The pin the two fields hold, when both are numbers on the Earth; null otherwise (the map then shows none). */
function pinOf(latitude: unknown, longitude: unknown): { latitude: number; longitude: number } | null {
  if (latitude === '' || longitude === '' || latitude == null || longitude == null) return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}
