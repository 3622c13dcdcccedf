import { expect, type APIRequestContext } from '@playwright/test';
import { roomSchema, type Room } from '@staybook/domain';
import { sameOrigin } from './auth';
import { addDays } from './bookings';
import { today } from './search';
import { SEEDED_URL } from './servers';

/** The demo host Ingrid: the rooms the browser tests list and book for money are hers, and removed at the end. */
export const DEMO_HOST = { email: 'ingrid@staybook.example', password: 'staybook-host' };

/**
 * Lists a room through the API as the host `api` is signed in as (the specs use the demo host, whose stays the
 * statistics spec already counts), with the cover of one of their listings, in UTC (as `today()` counts), open from
 * tomorrow for 90 nights unless `fields` say otherwise. `fields` are the room input's, as Add Room sends them.
 */
export async function listRoomThroughApi(api: APIRequestContext, fields: { title: string; location: string; price: string } & Record<string, unknown>): Promise<Room> {
  const listings = await api.get(`${SEEDED_URL}/api/my-listings`);
  expect(listings.status()).toBe(200);
  const [photo] = ((await listings.json()) as { items: Room[] }).items;
  const response = await api.post(`${SEEDED_URL}/api/room`, {
    headers: sameOrigin(),
    data: {
      category: 'Countryside',
      timeZone: 'UTC',
      from: addDays(today(), 1),
      to: addDays(today(), 90),
      guests: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: `A room the browser tests listed: ${fields.title}.`,
      image: photo!.image,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return roomSchema.parse(await response.json());
}
