import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the run's data root where global-setup.ts writes the seed's room ids, by server origin. */
export const SEEDED_ROOMS_FILE = 'seeded-rooms.json';

let seeded: Record<string, string[]> | undefined;

/** The ids of the rooms the demo seed listed on the server at `origin`, before any test ran. */
export function seededRoomIds(origin: string): ReadonlySet<string> {
  seeded ??= JSON.parse(readFileSync(join(process.env.E2E_DATA_ROOT!, SEEDED_ROOMS_FILE), 'utf8')) as Record<string, string[]>;
  const ids = seeded[origin];
  if (!ids) throw new Error(`no seeded rooms are on record for ${origin}`);
  return new Set(ids);
}
