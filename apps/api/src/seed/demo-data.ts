import { CANCELLATION_POLICIES, CATEGORY_LABELS, listingRulesSchema, sortAmenities, type AmenityKey, type CategoryLabel, type Role } from '@staybook/domain';
import { z } from 'zod';
import demoRooms from './demo-rooms.json' with { type: 'json' };

/**
 * The demo marketplace: who is in it and what they list. Sign-in passwords for the
 * demo accounts are listed in the README.
 */
export const DEMO_USERS: { key: string; name: string; email: string; password: string; role: Role; tint: string }[] = [
  { key: 'admin', name: 'Ada Admin', email: 'admin@staybook.example', password: 'staybook-admin', role: 'admin', tint: '#6d28d9' },
  { key: 'host', name: 'Hana Host', email: 'host@staybook.example', password: 'staybook-host', role: 'host', tint: '#e11d48' },
  { key: 'guest', name: 'Gus Guest', email: 'guest@staybook.example', password: 'staybook-guest', role: 'guest', tint: '#0891b2' },
  { key: 'marco', name: 'Marco Rossi', email: 'marco@staybook.example', password: 'staybook-host', role: 'host', tint: '#ca8a04' },
  { key: 'ingrid', name: 'Ingrid Larsen', email: 'ingrid@staybook.example', password: 'staybook-host', role: 'host', tint: '#16a34a' },
];

/**
 * Other guests with stays in the demo, so hosts' lists and statistics have people in them. They have no password.
 * Those with `hostRequest` asked to become hosts, so an admin finds requests waiting in Manage Users.
 */
export const DEMO_GUESTS: { key: string; name: string; email: string; tint: string; hostRequest?: true }[] = [
  { key: 'amara', name: 'Amara Okafor', email: 'amara@staybook.example', tint: '#ea580c', hostRequest: true },
  { key: 'lukas', name: 'Lukas Weber', email: 'lukas@staybook.example', tint: '#2563eb' },
  { key: 'sofia', name: 'Sofia Martins', email: 'sofia@staybook.example', tint: '#db2777' },
  { key: 'kenji', name: 'Kenji Tanaka', email: 'kenji@staybook.example', tint: '#0d9488', hostRequest: true },
];

/**
 * What a demo host set on a run of nights in the calendar, counted in days from the seed's today: a season's price,
 * a longer minimum stay, a blocked week.
 */
const demoNightsSchema = z.strictObject({
  fromDay: z.int(),
  nights: z.int().positive(),
  priceCents: z.int().optional(),
  minNights: z.int().optional(),
  blocked: z.literal(true).optional(),
  note: z.string().optional(),
});
export type DemoNights = z.infer<typeof demoNightsSchema>;

/**
 * `policy`: what a guest who cancels gets back; Flexible unless named. `rules`: the listing's stay rules and fees
 * beyond its price (the defaults unless named); `nights`: what its calendar sets on chosen nights.
 */
const demoRoomSchema = z.strictObject({
  title: z.string(),
  location: z.string(),
  timeZone: z.string(),
  /**
   * Where the home is: a pin near the place its location names (latitude, longitude), so searches near a place and
   * the map show it where it is (docs/decisions/051-where-a-home-is.md). The test checks that its time zone is the
   * zone at the pin.
   */
  position: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  price: z.number().positive(),
  guests: z.int(),
  bedrooms: z.int(),
  bathrooms: z.int(),
  policy: z.enum(CANCELLATION_POLICIES).optional(),
  rules: z.strictObject(listingRulesSchema.shape).partial().optional(),
  nights: z.array(demoNightsSchema).optional(),
});

export type DemoRoom = z.infer<typeof demoRoomSchema>;

/**
 * What the demo hosts list, three homes a category, read from demo-rooms.json (data, checked here as it loads).
 * Most take the default rules; a few show what a host can set:
 * - the Comporta villa: longer stays cost less, guests above four pay a fee, a festival season is dearer, and the
 *   host's own week is closed;
 * - the Chianti farmhouse: weekend prices, a cleaning fee, a 3-night minimum, Saturday check-in (`checkInDays` 64,
 *   bit 6), a night to prepare, the local tax;
 * - the Cotswolds cottage: same-day stays until 6 p.m., at most six months ahead, a night to prepare between guests;
 * - the Zermatt chalet: Saturday to Saturday weeks, booked two days ahead, the tourist tax on top.
 */
export const DEMO_ROOMS: Record<CategoryLabel, DemoRoom[]> = z.record(z.enum(CATEGORY_LABELS), z.array(demoRoomSchema).length(3)).parse(demoRooms);

/** What the demo's guests wrote about their stays (one is picked per review, in turn). */
export const DEMO_GUEST_REVIEWS: string[] = [
  'Exactly as pictured, spotless and quiet. The host left a hand-drawn map of the best places to eat nearby.',
  'Lovely light in the mornings and a very comfortable bed. Check-in was easy with the lockbox.',
  'Great location, a short walk to everything. The kitchen had all we needed to cook every night.',
  'A calm, well-kept place. The host answered every question within minutes. We would happily come back.',
  'Beautiful views and thoughtful touches everywhere: fresh flowers, good coffee, extra blankets.',
  'Comfortable and clean, though the street gets a little noisy on weekend nights. Still a good stay.',
  'The photos do not do it justice. Peaceful, cosy, and the host made us feel very welcome.',
  'Good value for the area. The Wi-Fi was fast enough for a couple of video calls each day.',
  'Everything worked, the instructions were clear, and the neighbourhood was charming to wander in.',
  'A bit smaller than we expected, but very well designed and spotless. Perfect for a short trip.',
  'We loved the terrace at sunset. The host recommended a boat trip that was the highlight of our week.',
  'Quiet, warm and well equipped. The hot water ran out once, and the host fixed it the same day.',
];

/** What the demo's hosts wrote about their guests. */
export const DEMO_HOST_REVIEWS: string[] = [
  'A wonderful guest: friendly, easy to talk to, and left the place as tidy as they found it.',
  'Clear communication from the start and respectful of the house rules. Welcome back any time.',
  'Arrived on time, looked after the home and left a kind note. Highly recommended.',
  'Quiet, considerate guests. Everything was in order when they left.',
];

/** Hosts' public replies to some of the reviews. */
export const DEMO_REPLIES: string[] = [
  'Thank you so much for staying with us, it was a pleasure to host you!',
  'Thanks for the kind words, and for the tip about the noise: we have added thicker curtains since.',
  'So glad you enjoyed the terrace. Hope to welcome you back next summer!',
];

/**
 * What each demo room offers: what every demo room's description promises (Wi-Fi, a kitchen) and a smoke alarm,
 * what its category suggests (pool rooms have a pool, ski chalets a fireplace), and a little by variant.
 */
const EVERY_ROOM: AmenityKey[] = ['wifi', 'kitchen', 'smoke-alarm'];
const BY_CATEGORY: Record<CategoryLabel, AmenityKey[]> = {
  Beach: ['washer', 'air-conditioning', 'free-parking', 'bbq-grill', 'first-aid-kit'],
  Windmills: ['heating', 'washer', 'dryer', 'free-parking', 'carbon-monoxide-alarm'],
  Modern: ['air-conditioning', 'heating', 'washer', 'dryer', 'workspace', 'tv', 'ev-charger', 'carbon-monoxide-alarm', 'first-aid-kit'],
  Countryside: ['heating', 'fireplace', 'free-parking', 'bbq-grill', 'pets-allowed', 'crib', 'washer'],
  Pools: ['pool', 'air-conditioning', 'free-parking', 'bbq-grill', 'washer', 'first-aid-kit'],
  Islands: ['air-conditioning', 'washer', 'first-aid-kit'],
  Lake: ['heating', 'fireplace', 'free-parking', 'bbq-grill', 'pets-allowed', 'washer'],
  Skiing: ['heating', 'fireplace', 'hot-tub', 'washer', 'dryer', 'free-parking', 'carbon-monoxide-alarm'],
  Castles: ['heating', 'fireplace', 'free-parking', 'workspace'],
  Caves: ['heating', 'workspace'],
  Camping: ['free-parking', 'bbq-grill', 'pets-allowed', 'first-aid-kit'],
  Arctic: ['heating', 'fireplace', 'hot-tub', 'washer', 'dryer', 'carbon-monoxide-alarm', 'first-aid-kit'],
  Desert: ['air-conditioning', 'pool', 'free-parking', 'bbq-grill'],
  Barns: ['heating', 'fireplace', 'washer', 'dryer', 'free-parking', 'pets-allowed', 'crib', 'ev-charger'],
  Lux: ['pool', 'hot-tub', 'air-conditioning', 'heating', 'washer', 'dryer', 'workspace', 'tv', 'free-parking', 'ev-charger', 'crib', 'carbon-monoxide-alarm', 'first-aid-kit'],
};
const BY_VARIANT: AmenityKey[][] = [['tv'], ['workspace', 'crib'], []];

const CHECK_IN_TIMES = ['15:00', '16:00', '14:00'];
const CHECK_OUT_TIMES = ['11:00', '10:00', '11:00'];

const HOUSE_RULES = [
  'No parties or events.\nQuiet hours from 22:00 to 08:00.\nNo smoking indoors.',
  'Please take your shoes off inside.\nSort the recycling: the bins are by the door.\nNo smoking anywhere on the property.',
  'Check-in is self-service with the lock box; the code comes the day before.\nNo visitors overnight.\nPlease leave the keys on the kitchen table.',
];
const PET_RULE = 'Pets are welcome: please keep them off the beds and sofas.';

/**
 * The demo room `index` of the seed's plan (category and variant): its amenities, check-in and check-out times
 * (most rooms; every seventh has none) and house rules (every room of the first variant and every Lux room).
 */
export function demoRoomExtras(category: CategoryLabel, variant: number, index: number): {
  amenities: AmenityKey[];
  checkInTime: string | null;
  checkOutTime: string | null;
  houseRules: string;
} {
  const amenities = sortAmenities([...EVERY_ROOM, ...BY_CATEGORY[category], ...(BY_VARIANT[variant] ?? [])]);
  const timed = index % 7 !== 3;
  const ruled = variant === 0 || category === 'Lux';
  const rules = HOUSE_RULES[index % HOUSE_RULES.length]!;
  return {
    amenities,
    checkInTime: timed ? CHECK_IN_TIMES[index % CHECK_IN_TIMES.length]! : null,
    checkOutTime: timed ? CHECK_OUT_TIMES[index % CHECK_OUT_TIMES.length]! : null,
    houseRules: ruled ? (amenities.includes('pets-allowed') ? `${rules}\n${PET_RULE}` : rules) : '',
  };
}

const DEMO_STREETS = ['Harbour Lane', 'Mill Road', 'Pine Walk', 'Olive Grove', 'Lake Street', 'Hill Path', 'Vineyard Way'];

/** A demo home's street address and how to get in: what its guests see once their stay is confirmed. */
export function demoArrival(location: string, index: number): { address: string; arrivalInstructions: string } {
  return {
    address: `${10 + ((index * 7) % 90)} ${DEMO_STREETS[index % DEMO_STREETS.length]}, ${location}`,
    arrivalInstructions:
      index % 2 === 0
        ? 'The key is in the lockbox beside the front door; its code comes in a message the day before you arrive.\nParking is free in front of the house.'
        : 'Your host meets you at the door. Send a message when you are an hour away.',
  };
}
