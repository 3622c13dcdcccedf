import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_ROOM_ELEMENT_ID,
  FIRST_ROOMS_ELEMENT_ID,
  firstRoomPageSchema,
  firstRoomsSchema,
  type FirstRoomPage,
  type FirstRooms,
} from '@staybook/domain';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { firstViewModulePath } from '../modules/web/first-view-renderer.js';
import { pageInCurrency } from '../modules/web/page-html.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { useSuite } from './suites.js';

/** The page of a web build: the app draws everything into its root. */
export const INDEX_HTML = '<!doctype html><html><head><title>StayBook</title></head><body><div id="root"></div></body></html>';
/** INDEX_HTML as the server sends it: naming the marketplace's currency (US dollars unless a test sets another). */
export const SERVED_INDEX_HTML = pageInCurrency(INDEX_HTML, 'USD');

/** The session and room a room page embeds, or null when it embeds none. */
export function embeddedRoom(html: string): FirstRoomPage | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_ROOM_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? firstRoomPageSchema.parse(JSON.parse(match[1]!)) : null;
}

/** The first rooms a page embeds, or null when it embeds none. */
export function embeddedRooms(html: string): FirstRooms | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_ROOMS_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? firstRoomsSchema.parse(JSON.parse(match[1]!)) : null;
}

/** Writes a server build beside `webDist` with the given module text. */
export async function writeServerBuild(webDist: string, source: string): Promise<void> {
  const path = firstViewModulePath(webDist);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, source);
}

/** A web build folder of its own holding `index.html` (INDEX_HTML). */
export async function makeWebDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'staybook-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  return dist;
}

/** Removes a web build folder made by `makeWebDist`, and the server build beside it if there is one. */
export async function removeWebDist(dist: string): Promise<void> {
  await rm(dist, { recursive: true, force: true });
  await rm(dirname(firstViewModulePath(dist)), { recursive: true, force: true });
}

/** The product serving a web build, as `npm start` runs it, on a fresh embedded database. */
export type WebBuildServer = { t: TestDatabase; app: FastifyInstance; close(): Promise<void> };

/** A web build served for the suite's tests: `prepare` fills it before they run; it is removed after them. */
export function useWebBuild(prepare: (dist: string) => Promise<void>): WebBuildServer {
  return useSuite(() => serveWebBuild(prepare), (s) => s.close());
}

/** Serves a new web build (`makeWebDist`) that `prepare` fills first; `close` removes the app, database and build. */
async function serveWebBuild(prepare: (dist: string) => Promise<void>): Promise<WebBuildServer> {
  const t = await createTestDatabase('pglite');
  const dist = await makeWebDist();
  await prepare(dist);
  // Its tests write rooms straight into the database: searches read it rather than the search index (decision 057).
  const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEARCH_INDEX: '0' });
  const app = await buildApp({ config, database: t.database, authSecret: 'x'.repeat(32), mailer: { send: async () => {} }, webDist: dist });
  return {
    t,
    app,
    async close() {
      await app.close();
      await t.cleanup();
      await removeWebDist(dist);
    },
  };
}
