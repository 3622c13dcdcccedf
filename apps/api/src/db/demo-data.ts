import type { CategoryLabel, Role } from '@staybook/domain';

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

/** Other guests with stays in the demo, so hosts' lists and statistics have people in them. They have no password. */
export const DEMO_GUESTS: { key: string; name: string; email: string; tint: string }[] = [
  { key: 'amara', name: 'Amara Okafor', email: 'amara@staybook.example', tint: '#ea580c' },
  { key: 'lukas', name: 'Lukas Weber', email: 'lukas@staybook.example', tint: '#2563eb' },
  { key: 'sofia', name: 'Sofia Martins', email: 'sofia@staybook.example', tint: '#db2777' },
  { key: 'kenji', name: 'Kenji Tanaka', email: 'kenji@staybook.example', tint: '#0d9488' },
];

type DemoRoom = { title: string; location: string; price: number; guests: number; bedrooms: number; bathrooms: number };

export const DEMO_ROOMS: Record<CategoryLabel, DemoRoom[]> = {
  Beach: [
    { title: 'Sunlit bungalow steps from the surf', location: 'Tulum, Mexico', price: 185, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Whitewashed beach house with terrace', location: 'Naxos, Greece', price: 240, guests: 6, bedrooms: 3, bathrooms: 2 },
    { title: 'Driftwood cabin on a quiet cove', location: 'Byron Bay, Australia', price: 132.5, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Windmills: [
    { title: 'Restored mill on the polder', location: 'Kinderdijk, Netherlands', price: 210, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Miller’s cottage by the tulip fields', location: 'Lisse, Netherlands', price: 145, guests: 3, bedrooms: 2, bathrooms: 1 },
    { title: 'Hilltop windmill with sea views', location: 'Mykonos, Greece', price: 320, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Modern: [
    { title: 'Glass house above the city lights', location: 'Los Angeles, United States', price: 560, guests: 6, bedrooms: 3, bathrooms: 3 },
    { title: 'Concrete loft with a rooftop garden', location: 'Berlin, Germany', price: 198, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Minimalist villa in the pines', location: 'Comporta, Portugal', price: 375, guests: 8, bedrooms: 4, bathrooms: 3 },
  ],
  Countryside: [
    { title: 'Stone farmhouse among the vines', location: 'Chianti, Italy', price: 260, guests: 8, bedrooms: 4, bathrooms: 2 },
    { title: 'Thatched cottage with a rose garden', location: 'Cotswolds, United Kingdom', price: 172, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Timber lodge in rolling hills', location: 'Hokkaido, Japan', price: 149.99, guests: 5, bedrooms: 2, bathrooms: 1 },
  ],
  Pools: [
    { title: 'Villa with an infinity pool', location: 'Bali, Indonesia', price: 310, guests: 6, bedrooms: 3, bathrooms: 3 },
    { title: 'Desert modern with a plunge pool', location: 'Palm Springs, United States', price: 285, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Garden house with a heated pool', location: 'Marrakesh, Morocco', price: 199, guests: 5, bedrooms: 3, bathrooms: 2 },
  ],
  Islands: [
    { title: 'Private islet with a wooden villa', location: 'Palawan, Philippines', price: 690, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Fisherman’s house on a tiny island', location: 'Lofoten, Norway', price: 225, guests: 5, bedrooms: 3, bathrooms: 1 },
    { title: 'Overwater hideaway', location: 'Bora Bora, French Polynesia', price: 880, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Lake: [
    { title: 'Lakeside cabin with a private dock', location: 'Lake Tahoe, United States', price: 230, guests: 6, bedrooms: 3, bathrooms: 2 },
    { title: 'Boathouse apartment on the shore', location: 'Lake Como, Italy', price: 340, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Red cottage by a still lake', location: 'Småland, Sweden', price: 118, guests: 4, bedrooms: 2, bathrooms: 1 },
  ],
  Skiing: [
    { title: 'Ski-in chalet with a fireplace', location: 'Zermatt, Switzerland', price: 720, guests: 8, bedrooms: 4, bathrooms: 3 },
    { title: 'Cozy lodge near the lifts', location: 'Niseko, Japan', price: 265, guests: 5, bedrooms: 2, bathrooms: 2 },
    { title: 'Mountain cabin with a sauna', location: 'Whistler, Canada', price: 299, guests: 6, bedrooms: 3, bathrooms: 2 },
  ],
  Castles: [
    { title: 'Tower suite in a medieval castle', location: 'Scottish Highlands, United Kingdom', price: 480, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Château wing with a walled garden', location: 'Loire Valley, France', price: 620, guests: 10, bedrooms: 5, bathrooms: 4 },
    { title: 'Hillside fortress apartment', location: 'Sintra, Portugal', price: 275, guests: 4, bedrooms: 2, bathrooms: 1 },
  ],
  Caves: [
    { title: 'Cave house carved in the cliffs', location: 'Matera, Italy', price: 190, guests: 3, bedrooms: 1, bathrooms: 1 },
    { title: 'Fairy-chimney cave suite', location: 'Cappadocia, Türkiye', price: 160, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Troglodyte home with a courtyard', location: 'Guadix, Spain', price: 105, guests: 5, bedrooms: 2, bathrooms: 1 },
  ],
  Camping: [
    { title: 'Safari tent under the stars', location: 'Serengeti, Tanzania', price: 390, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Forest glamping with a campfire', location: 'Black Forest, Germany', price: 89, guests: 4, bedrooms: 1, bathrooms: 1 },
    { title: 'Canvas lodge by the river', location: 'Yosemite, United States', price: 135, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Arctic: [
    { title: 'Glass igloo under the aurora', location: 'Rovaniemi, Finland', price: 430, guests: 2, bedrooms: 1, bathrooms: 1 },
    { title: 'Snow-bound cabin on the fjord', location: 'Tromsø, Norway', price: 255, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Explorer’s hut at the edge of the ice', location: 'Ilulissat, Greenland', price: 210, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Desert: [
    { title: 'Adobe retreat among the cacti', location: 'Sedona, United States', price: 245, guests: 4, bedrooms: 2, bathrooms: 2 },
    { title: 'Dune camp with Berber tents', location: 'Merzouga, Morocco', price: 120, guests: 6, bedrooms: 3, bathrooms: 1 },
    { title: 'Starlit desert dome', location: 'Wadi Rum, Jordan', price: 175, guests: 2, bedrooms: 1, bathrooms: 1 },
  ],
  Barns: [
    { title: 'Converted red barn with a hayloft', location: 'Vermont, United States', price: 195, guests: 6, bedrooms: 3, bathrooms: 2 },
    { title: 'Oak-frame barn by the orchard', location: 'Normandy, France', price: 165, guests: 4, bedrooms: 2, bathrooms: 1 },
    { title: 'Alpine hay barn loft', location: 'Tyrol, Austria', price: 140, guests: 3, bedrooms: 1, bathrooms: 1 },
  ],
  Lux: [
    { title: 'Cliffside villa with a private chef', location: 'Amalfi Coast, Italy', price: 1450, guests: 10, bedrooms: 5, bathrooms: 5 },
    { title: 'Penthouse with a wraparound terrace', location: 'Dubai, United Arab Emirates', price: 980, guests: 6, bedrooms: 3, bathrooms: 3 },
    { title: 'Beachfront estate with a spa', location: 'Saint-Tropez, France', price: 1200, guests: 12, bedrooms: 6, bathrooms: 6 },
  ],
};
