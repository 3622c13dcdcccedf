// `node --import tsx scripts/search-cpu.ts`: the search index's CPU time per search (docs/decisions/057), on the
// bench's seeded PostgreSQL database, for each kind of issue 33's mix, every search a different one. CPU time, not
// throughput: it holds on a machine busy with other work, where requests per second do not.
//
//   --database=postgres://…/staybook_bench_search   the database `npm run bench -- --keep-search-database=NAME` seeded
//   --searches=400                                   searches of each kind (the bench's varied URLs, in its order)
//   --only=(b)                                       only the kinds whose label has this text
//   --cpu-prof=FILE                                  a V8 CPU profile of the searches (not of reading the rooms) into FILE
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { roomsQuerySchema, searchOf } from '@staybook/domain';
import { openDatabase } from '../apps/api/src/db/client.js';
import { createSearchIndex } from '../apps/api/src/modules/rooms/search-index/search-index.js';
import { searchCases } from './bench-searches.js';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/staybook_bench_search' },
    searches: { type: 'string', default: '400' },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
  },
});
const SEARCHES = Number(args.searches);

const handle = await openDatabase({ kind: 'postgres', url: args.database });
const log = { error: console.error, warn: console.warn, info: () => {}, debug: () => {} } as never;
const index = createSearchIndex({ db: handle.db, log });
let started = performance.now();
await index.start();
console.log(`read ${index.stats().rooms.toLocaleString('en-US')} rooms in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** The CPU time of `run`, in ms (user and system). */
async function cpuMs(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const cases = (await searchCases(new Date().toISOString().slice(0, 10))).filter((c) => c.inMix && (!args.only || c.label.includes(args.only)));
const profiler = args['cpu-prof'] ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
started = performance.now();
/**
 * Each kind's searches from `from` on, one after the other: from the start, each place is one not asked before (and
 * the search index works out its matches); from the middle, as the bench's mix sends them, the same places again
 * with other dates, filters or page sizes.
 */
async function measureCases(phase: string, from: (varied: string[]) => number): Promise<void> {
  console.log(phase);
  for (const { label, varied } of cases) {
    const times: number[] = [];
    let found = 0;
    const start = from(varied);
    for (const path of varied.slice(start, start + SEARCHES)) {
      const query = roomsQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      const input = { search: searchOf(query), cursor: query.cursor, limit: query.limit };
      times.push(
        await cpuMs(async () => {
          const answer = await index.search(input);
          if (!answer) throw new Error('the index gave no answer');
          found += answer.page.items.length;
        }),
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
    console.log(
      `  ${label.padEnd(44)} ${times.length} searches: CPU per search mean ${mean.toFixed(2)} ms, p50 ${percentile(sorted, 0.5).toFixed(2)}, p99 ${percentile(sorted, 0.99).toFixed(2)}, max ${sorted.at(-1)?.toFixed(2)} (${(found / times.length).toFixed(1)} rooms a page)`,
    );
  }
}

await measureCases('the first searches of each kind:', () => 0);
await measureCases("from the middle of each kind's list, as the bench's mix sends them:", (varied) => Math.floor(varied.length / 2));
console.log(`all in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(args['cpu-prof'] as string, JSON.stringify(profile));
  profiler.disconnect();
}
index.stop();
await handle.close();
