import type { ListedRoom, Room } from '@staybook/domain/rooms';

/** For tests: a lake cabin as the rooms list answers it. */
export function sampleListedRoom(overrides: Partial<ListedRoom> = {}): ListedRoom {
  return {
    _id: '5f0c9d3e-0000-4000-8000-000000000001',
    title: 'Lake cabin',
    location: 'Hallstatt, Austria',
    category: 'Lake',
    from: '2030-01-01',
    to: '2030-02-01',
    price: 120,
    priceCents: 12_000,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    description: 'By the water.',
    image: '/uploads/5f0c9d3e-0000-4000-8000-000000000002.webp',
    host: { name: 'Hana', image: null },
    booked: false,
    timeZone: 'Europe/Vienna',
    cancellationPolicy: 'flexible',
    rating: { count: 0, average: null },
    ...overrides,
  };
}

/** For tests: the same cabin as `GET /api/room/:id` answers it. */
export function sampleRoom(overrides: Partial<Room> = {}): Room {
  const { host, rating, ...listed } = sampleListedRoom();
  return {
    ...listed,
    photos: [listed.image],
    host: { id: '5f0c9d3e-0000-4000-8000-000000000003', ...host },
    rating: { ...rating, categories: null },
    amenities: [],
    checkInTime: null,
    checkOutTime: null,
    houseRules: '',
    ...overrides,
  };
}
