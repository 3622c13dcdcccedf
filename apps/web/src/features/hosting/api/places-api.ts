import { placesSchema, type Place } from '@staybook/domain/geo-schemas';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** How long typing pauses before the places are asked for. */
const SUGGEST_DELAY_MS = 250;

/** The gazetteer's places for `q`, best first (`GET /api/places`). */
export function fetchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return apiRequest(`/api/places?${new URLSearchParams({ q })}`, placesSchema, signal ? { signal } : {}).then((answer) => answer.items);
}

/**
 * The gazetteer's places for what has been typed so far (two letters or more), once typing pauses. Suggestions are
 * a help, not a step: when they cannot be had, the field simply offers none.
 */
export function usePlaceSuggestions(text: string): Place[] {
  const [found, setFound] = useState<{ for: string; places: Place[] }>({ for: '', places: [] });
  const wanted = text.trim();
  useEffect(() => {
    if (wanted.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchPlaces(wanted, controller.signal).then(
        (places) => setFound({ for: wanted, places }),
        () => setFound({ for: wanted, places: [] }),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);
  return found.for === wanted ? found.places : [];
}
