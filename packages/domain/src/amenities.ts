/**
 * What a home offers, from one fixed list: the host ticks them in the room form, the room page lists them, the
 * search filters by them (`amenities=wifi,kitchen`). A room stores the keys in this list's order, so its page and
 * every answer show them in one order. Keys are stable (they are in addresses and stored rows): add new ones,
 * never rename. `icon` names an icon the web app maps to a component, as categories do.
 * No zod here: the home page's search reads this list at first paint (docs/decisions/017-bundle-budget.md).
 */
export const AMENITIES = [
  { key: 'wifi', label: /*i18n*/ 'Wi-Fi', icon: 'wifi', group: 'essentials' },
  { key: 'kitchen', label: /*i18n*/ 'Kitchen', icon: 'kitchen', group: 'essentials' },
  { key: 'washer', label: /*i18n*/ 'Washer', icon: 'washer', group: 'essentials' },
  { key: 'dryer', label: /*i18n*/ 'Dryer', icon: 'dryer', group: 'essentials' },
  { key: 'air-conditioning', label: /*i18n*/ 'Air conditioning', icon: 'air-conditioning', group: 'essentials' },
  { key: 'heating', label: /*i18n*/ 'Heating', icon: 'heating', group: 'essentials' },
  { key: 'workspace', label: /*i18n*/ 'Workspace', icon: 'desk', group: 'essentials' },
  { key: 'tv', label: /*i18n*/ 'TV', icon: 'tv', group: 'essentials' },
  { key: 'pool', label: /*i18n*/ 'Pool', icon: 'pool', group: 'features' },
  { key: 'hot-tub', label: /*i18n*/ 'Hot tub', icon: 'bath', group: 'features' },
  { key: 'fireplace', label: /*i18n*/ 'Fireplace', icon: 'fire', group: 'features' },
  { key: 'bbq-grill', label: /*i18n*/ 'BBQ grill', icon: 'grill', group: 'features' },
  { key: 'free-parking', label: /*i18n*/ 'Free parking', icon: 'parking', group: 'features' },
  { key: 'ev-charger', label: /*i18n*/ 'EV charger', icon: 'charger', group: 'features' },
  { key: 'crib', label: /*i18n*/ 'Crib', icon: 'crib', group: 'family' },
  { key: 'pets-allowed', label: /*i18n*/ 'Pets allowed', icon: 'paw', group: 'family' },
  { key: 'smoke-alarm', label: /*i18n*/ 'Smoke alarm', icon: 'smoke-alarm', group: 'safety' },
  { key: 'carbon-monoxide-alarm', label: /*i18n*/ 'Carbon monoxide alarm', icon: 'siren', group: 'safety' },
  { key: 'first-aid-kit', label: /*i18n*/ 'First aid kit', icon: 'first-aid', group: 'safety' },
] as const;

export type Amenity = (typeof AMENITIES)[number];
export type AmenityKey = Amenity['key'];
export type AmenityIcon = Amenity['icon'];
export type AmenityGroup = Amenity['group'];

/** The headings the room page's full list groups amenities under, in this order. */
export const AMENITY_GROUP_LABELS: Record<AmenityGroup, string> = {
  essentials: /*i18n*/ 'Essentials',
  features: /*i18n*/ 'Features',
  family: /*i18n*/ 'Family and pets',
  safety: /*i18n*/ 'Home safety',
};

export const AMENITY_KEYS = AMENITIES.map((a) => a.key) as unknown as readonly [AmenityKey, ...AmenityKey[]];

const ORDER = new Map<string, number>(AMENITIES.map((a, i) => [a.key, i]));

export function isAmenityKey(key: unknown): key is AmenityKey {
  return typeof key === 'string' && ORDER.has(key);
}

export function findAmenity(key: string): Amenity | undefined {
  const i = ORDER.get(key);
  return i === undefined ? undefined : AMENITIES[i];
}

/** Known keys only, each once, in the list's order: how a room stores them and a search writes them. */
export function sortAmenities(keys: Iterable<string>): AmenityKey[] {
  return [...new Set(keys)].filter(isAmenityKey).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

/** The first key that is not on the list, if any. */
export function unknownAmenity(keys: Iterable<string>): string | undefined {
  for (const key of keys) if (!isAmenityKey(key)) return key;
  return undefined;
}

export const UNKNOWN_AMENITY_MESSAGE = (key: string) => `Unknown amenity: ${key.slice(0, 40)}`;

/** Check-in and check-out times: 24-hour 'HH:MM', local to the room (the database checks the same form). */
export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const HOUSE_RULES_MAX_LENGTH = 2000;
