import { sortAmenities, type AmenityKey, type CancellationPolicy, type CategoryLabel, type ListingRules, type Role } from '@staybook/domain';

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
export type DemoNights = { fromDay: number; nights: number; priceCents?: number; minNights?: number; blocked?: boolean; note?: string };

/**
 * `policy`: what a guest who cancels gets back; Flexible unless named. `rules`: the listing's stay rules and fees
 * beyond its price (the defaults unless named); `nights`: what its calendar sets on chosen nights.
 */
type DemoRoom = {
  title: string;
  location: string;
  timeZone: string;
  price: number;
  guests: number;
  bedrooms: number;
  bathrooms: number;
  policy?: CancellationPolicy;
  rules?: Partial<Omit<ListingRules, 'priceCents'>>;
  nights?: DemoNights[];
};

/** Saturdays only, as a weekday mask (bit 0 is Sunday). */
const SATURDAY = 0b100_0000;

export const DEMO_ROOMS: Record<CategoryLabel, DemoRoom[]> = {
  Beach: [
    { title: 'Sunlit bungalow steps from the surf', location: 'Tulum, Mexico', timeZone: 'America/Cancun', price: 185, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Whitewashed beach house with terrace', location: 'Naxos, Greece', timeZone: 'Europe/Athens', price: 240, guests: 6, bedrooms: 3, bathrooms: 2, policy: 'moderate' },
    { title: 'Driftwood cabin on a quiet cove', location: 'Byron Bay, Australia', timeZone: 'Australia/Sydney', price: 132.5, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Windmills: [
    { title: 'Restored mill on the polder', location: 'Kinderdijk, Netherlands', timeZone: 'Europe/Amsterdam', price: 210, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Miller’s cottage by the tulip fields', location: 'Lisse, Netherlands', timeZone: 'Europe/Amsterdam', price: 145, guests: 3, bedrooms: 2, bathrooms: 1 },
    { title: 'Hilltop windmill with sea views', location: 'Mykonos, Greece', timeZone: 'Europe/Athens', price: 320, guests: 2, bedrooms: 1, bathrooms: 1, policy: 'moderate' },
  ],
  Modern: [
    { title: 'Glass house above the city lights', location: 'Los Angeles, United States', timeZone: 'America/Los_Angeles', price: 560, guests: 6, bedrooms: 3, bathrooms: 3, policy: 'strict' },
    { title: 'Concrete loft with a rooftop garden', location: 'Berlin, Germany', timeZone: 'Europe/Berlin', price: 198, guests: 4, bedrooms: 2, bathrooms: 2 },
    {
      title: 'Minimalist villa in the pines',
      location: 'Comporta, Portugal',
      timeZone: 'Europe/Lisbon',
      price: 375,
      guests: 8,
      bedrooms: 4,
      bathrooms: 3,
      // Longer stays cost less; guests above four pay a fee; a festival season is dearer; the host's own week is closed.
      rules: { weeklyDiscountPct: 10, monthlyDiscountPct: 20, extraGuestFeeCents: 25_00, guestsIncluded: 4, cleaningFeeCents: 120_00, taxRateBp: 650 },
      nights: [
        { fromDay: 20, nights: 10, priceCents: 450_00, minNights: 4, note: 'Festival season' },
        { fromDay: 40, nights: 7, blocked: true, note: 'Family week' },
      ],
    },
  ],
  Countryside: [
    {
      title: 'Stone farmhouse among the vines',
      location: 'Chianti, Italy',
      timeZone: 'Europe/Rome',
      price: 260,
      guests: 8,
      bedrooms: 4,
      bathrooms: 2,
      policy: 'moderate',
      // Weekend prices, a cleaning fee, a 3-night minimum, Saturday check-in, a night to prepare, the local tax.
      rules: { weekendPriceCents: 310_00, cleaningFeeCents: 90_00, minNights: 3, checkInDays: SATURDAY, preparationNights: 1, taxRateBp: 1_000 },
    },
    {
      title: 'Thatched cottage with a rose garden',
      location: 'Cotswolds, United Kingdom',
      timeZone: 'Europe/London',
      price: 172,
      guests: 4,
      bedrooms: 2,
      bathrooms: 1,
      // Same-day stays until 6 p.m., at most six months ahead, a night to prepare between guests.
      rules: { sameDayUntil: '18:00', bookingWindowMonths: 6, preparationNights: 1, weekendPriceCents: 195_00 },
    },
    { title: 'Timber lodge in rolling hills', location: 'Hokkaido, Japan', timeZone: 'Asia/Tokyo', price: 149.99, guests: 5, bedrooms: 2, bathrooms: 1 },
  ],
  Pools: [
    { title: 'Villa with an infinity pool', location: 'Bali, Indonesia', timeZone: 'Asia/Makassar', price: 310, guests: 6, bedrooms: 3, bathrooms: 3, policy: 'strict' },
    { title: 'Desert modern with a plunge pool', location: 'Palm Springs, United States', timeZone: 'America/Los_Angeles', price: 285, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Garden house with a heated pool', location: 'Marrakesh, Morocco', timeZone: 'Africa/Casablanca', price: 199, guests: 5, bedrooms: 3, bathrooms: 2 },
  ],
  Islands: [
    { title: 'Private islet with a wooden villa', location: 'Palawan, Philippines', timeZone: 'Asia/Manila', price: 690, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Fisherman’s house on a tiny island', location: 'Lofoten, Norway', timeZone: 'Europe/Oslo', price: 225, guests: 5, bedrooms: 3, bathrooms: 1 },
    { title: 'Overwater hideaway', location: 'Bora Bora, French Polynesia', timeZone: 'Pacific/Tahiti', price: 880, guests: 2, bedrooms: 1, bathrooms: 1, policy: 'strict' },
  ],
  Lake: [
    { title: 'Lakeside cabin with a private dock', location: 'Lake Tahoe, United States', timeZone: 'America/Los_Angeles', price: 230, guests: 6, bedrooms: 3, bathrooms: 2 },
    { title: 'Boathouse apartment on the shore', location: 'Lake Como, Italy', timeZone: 'Europe/Rome', price: 340, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Red cottage by a still lake', location: 'Småland, Sweden', timeZone: 'Europe/Stockholm', price: 118, guests: 4, bedrooms: 2, bathrooms: 1 },
  ],
  Skiing: [
    {
      title: 'Ski-in chalet with a fireplace',
      location: 'Zermatt, Switzerland',
      timeZone: 'Europe/Zurich',
      price: 720,
      guests: 8,
      bedrooms: 4,
      bathrooms: 3,
      policy: 'moderate',
      // Saturday to Saturday weeks, booked two days ahead, the tourist tax on top.
      rules: { checkInDays: SATURDAY, checkOutDays: SATURDAY, minNights: 7, noticeDays: 2, taxRateBp: 350, cleaningFeeCents: 250_00 },
    },
    { title: 'Cozy lodge near the lifts', location: 'Niseko, Japan', timeZone: 'Asia/Tokyo', price: 265, guests: 5, bedrooms: 2, bathrooms: 2 },
    { title: 'Mountain cabin with a sauna', location: 'Whistler, Canada', timeZone: 'America/Vancouver', price: 299, guests: 6, bedrooms: 3, bathrooms: 2 },
  ],
  Castles: [
    { title: 'Tower suite in a medieval castle', location: 'Scottish Highlands, United Kingdom', timeZone: 'Europe/London', price: 480, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Château wing with a walled garden', location: 'Loire Valley, France', timeZone: 'Europe/Paris', price: 620, guests: 10, bedrooms: 5, bathrooms: 4, policy: 'moderate' },
    { title: 'Hillside fortress apartment', location: 'Sintra, Portugal', timeZone: 'Europe/Lisbon', price: 275, guests: 4, bedrooms: 2, bathrooms: 1 },
  ],
  Caves: [
    { title: 'Cave house carved in the cliffs', location: 'Matera, Italy', timeZone: 'Europe/Rome', price: 190, guests: 3, bedrooms: 1, bathrooms: 1 },
    { title: 'Fairy-chimney cave suite', location: 'Cappadocia, Türkiye', timeZone: 'Europe/Istanbul', price: 160, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Troglodyte home with a courtyard', location: 'Guadix, Spain', timeZone: 'Europe/Madrid', price: 105, guests: 5, bedrooms: 2, bathrooms: 1 },
  ],
  Camping: [
    { title: 'Safari tent under the stars', location: 'Serengeti, Tanzania', timeZone: 'Africa/Dar_es_Salaam', price: 390, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Forest glamping with a campfire', location: 'Black Forest, Germany', timeZone: 'Europe/Berlin', price: 89, guests: 4, bedrooms: 1, bathrooms: 1 },
    { title: 'Canvas lodge by the river', location: 'Yosemite, United States', timeZone: 'America/Los_Angeles', price: 135, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Arctic: [
    { title: 'Glass igloo under the aurora', location: 'Rovaniemi, Finland', timeZone: 'Europe/Helsinki', price: 430, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Snow-bound cabin on the fjord', location: 'Tromsø, Norway', timeZone: 'Europe/Oslo', price: 255, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Explorer’s hut at the edge of the ice', location: 'Ilulissat, Greenland', timeZone: 'America/Nuuk', price: 210, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Desert: [
    { title: 'Adobe retreat among the cacti', location: 'Sedona, United States', timeZone: 'America/Phoenix', price: 245, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Dune camp with Berber tents', location: 'Merzouga, Morocco', timeZone: 'Africa/Casablanca', price: 120, guests: 6, bedrooms: 3, bathrooms: 1 },
    { title: 'Starlit desert dome', location: 'Wadi Rum, Jordan', timeZone: 'Asia/Amman', price: 175, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Barns: [
    { title: 'Converted red barn with a hayloft', location: 'Vermont, United States', timeZone: 'America/New_York', price: 195, guests: 6, bedrooms: 3, bathrooms: 2 },
    { title: 'Oak-frame barn by the orchard', location: 'Normandy, France', timeZone: 'Europe/Paris', price: 165, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Alpine hay barn loft', location: 'Tyrol, Austria', timeZone: 'Europe/Vienna', price: 140, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Lux: [
    { title: 'Cliffside villa with a private chef', location: 'Amalfi Coast, Italy', timeZone: 'Europe/Rome', price: 1450, guests: 10, bedrooms: 5, bathrooms: 5, policy: 'strict' },
    { title: 'Penthouse with a wraparound terrace', location: 'Dubai, United Arab Emirates', timeZone: 'Asia/Dubai', price: 980, guests: 6, bedrooms: 3, bathrooms: 3, policy: 'strict' },
    { title: 'Beachfront estate with a spa', location: 'Saint-Tropez, France', timeZone: 'Europe/Paris', price: 1200, guests: 12, bedrooms: 6, bathrooms: 6 },
  ],
};

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

/**
 * Where each demo home is: a pin near the place its location names (latitude, longitude), so searches near a place
 * and the map show them where they are (docs/decisions/051-where-a-home-is.md). The test checks that every demo
 * location has one and that its time zone is the zone at the pin.
 */
export const DEMO_POSITIONS: Record<string, readonly [number, number]> = {
  'Tulum, Mexico': [20.2114, -87.4654],
  'Naxos, Greece': [37.1036, 25.3766],
  'Byron Bay, Australia': [-28.6474, 153.602],
  'Kinderdijk, Netherlands': [51.8846, 4.6394],
  'Lisse, Netherlands': [52.257, 4.557],
  'Mykonos, Greece': [37.4467, 25.3289],
  'Los Angeles, United States': [34.1184, -118.3004],
  'Berlin, Germany': [52.5302, 13.4117],
  'Comporta, Portugal': [38.3805, -8.7836],
  'Sintra, Portugal': [38.798, -9.388],
  'Matera, Italy': [40.6664, 16.6043],
  'Chianti, Italy': [43.5836, 11.3158],
  'Cotswolds, United Kingdom': [51.883, -1.7583],
  'Scottish Highlands, United Kingdom': [57.1448, -4.6803],
  'Hokkaido, Japan': [43.342, 142.3832],
  'Niseko, Japan': [42.8048, 140.6874],
  'Bali, Indonesia': [-8.5069, 115.2625],
  'Palm Springs, United States': [33.8303, -116.5453],
  'Marrakesh, Morocco': [31.6295, -7.9811],
  'Palawan, Philippines': [11.1949, 119.4013],
  'Bora Bora, French Polynesia': [-16.5004, -151.7415],
  'Zermatt, Switzerland': [46.0207, 7.7491],
  'Whistler, Canada': [50.1163, -122.9574],
  'Tyrol, Austria': [47.226, 11.29],
  'Yosemite, United States': [37.7456, -119.5936],
  'Vermont, United States': [44.4654, -72.6874],
  'Wadi Rum, Jordan': [29.5759, 35.4195],
  'Tromsø, Norway': [69.6492, 18.9553],
  'Småland, Sweden': [56.8777, 14.8091],
  'Serengeti, Tanzania': [-2.3333, 34.8333],
  'Sedona, United States': [34.8697, -111.761],
  'Saint-Tropez, France': [43.2727, 6.6406],
  'Rovaniemi, Finland': [66.5039, 25.7294],
  'Normandy, France': [49.2764, -0.7024],
  'Merzouga, Morocco': [31.0802, -4.0134],
  'Loire Valley, France': [47.4133, 0.9823],
  'Lofoten, Norway': [68.234, 14.563],
  'Lake Tahoe, United States': [39.0968, -120.0324],
  'Lake Como, Italy': [45.987, 9.2572],
  'Ilulissat, Greenland': [69.2198, -51.0986],
  'Guadix, Spain': [37.3004, -3.1367],
  'Dubai, United Arab Emirates': [25.2048, 55.2708],
  'Cappadocia, Türkiye': [38.6431, 34.8289],
  'Black Forest, Germany': [48.1306, 8.2306],
  'Amalfi Coast, Italy': [40.634, 14.6027],
};

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
