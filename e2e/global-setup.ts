import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { roomsPageSchema } from '@staybook/domain';
import { SEEDED_ON_EACH_DATABASE } from './support/servers';
import { SEEDED_ROOMS_FILE } from './support/seeded-rooms';

/**
 * Runs once the servers are up and before any test: writes down which rooms the demo seed listed on each seeded
 * marketplace, so a test that needs "a room of the seed" never takes one another spec listed meanwhile and may
 * change or delete at any moment (support/rooms.ts, `fetchSeededRoom`).
 */
export default async function globalSetup(): Promise<void> {
  const seeded: Record<string, string[]> = {};
  for (const { url } of SEEDED_ON_EACH_DATABASE) {
    const ids: string[] = [];
    let cursor: string | null | undefined;
    do {
      const address = new URL('/api/rooms', url);
      if (cursor) address.searchParams.set('cursor', cursor);
      const response = await fetch(address);
      if (!response.ok) throw new Error(`GET ${address} answered ${response.status}`);
      const page = roomsPageSchema.parse(await response.json());
      ids.push(...page.items.map((room) => room._id));
      cursor = page.nextCursor;
    } while (cursor);
    if (ids.length === 0) throw new Error(`the seeded marketplace at ${url} lists no rooms`);
    seeded[new URL(url).origin] = ids;
  }
  writeFileSync(join(process.env.E2E_DATA_ROOT!, SEEDED_ROOMS_FILE), JSON.stringify(seeded));
}
