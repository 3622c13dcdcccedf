import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRoomPageSchema, storedImageUrl } from '@staybook/domain';
import { insertRoom, insertUser } from '../../db/factories.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import {
  embeddedRoom,
  embeddedRooms,
  INDEX_HTML,
  SERVED_INDEX_HTML,
  makeWebDist,
  removeWebDist,
  useWebBuild,
  writeServerBuild,
} from '../../test/web-builds.js';
import { firstViewModulePath, loadFirstViewRenderer } from './first-view-renderer.js';
import { homePageHtml, roomPageHtml } from './page-html.js';

/**
 * The home page's first view drawn by the web app's server build (decision 045). A small stand-in for that build
 * draws what it was given, so the test sees which rooms the server handed it; the browser test
 * (e2e/tests/first-view.spec.ts) checks the real one against the hydrated page.
 */
describe('the home page drawn on the server', () => {
  const s = useWebBuild((dist) =>
    writeServerBuild(
      dist,
      `export function renderHomePage(first) {
        if (first.search === 'category=Modern') throw new Error('A component failed');
        return '<ul>' + first.page.items.map((room) => '<li>' + room.title + '</li>').join('') + '</ul>';
      }`,
    ),
  );
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (_details: object, message: string) => void warnings.push(message) };

  it('fills the root with the first view drawn from the rooms it embeds, and redraws it when the rooms change', async () => {
    const host = await insertUser(s.t.database.db, { role: 'host' });
    await insertRoom(s.t.database.db, { hostId: host.id, category: 'Beach', title: 'Dunes' });
    await s.app.listing.roomsChanged();
    const before = (await s.app.inject({ method: 'GET', url: '/?category=Beach' })).body;
    expect(before).toContain('<div id="root"><ul><li>Dunes</li></ul></div>');
    expect(embeddedRooms(before)?.page.items.map((r) => r.title)).toEqual(['Dunes']);

    await insertRoom(s.t.database.db, { hostId: host.id, category: 'Beach', title: 'Cove' });
    await s.app.listing.roomsChanged();
    const after = (await s.app.inject({ method: 'GET', url: '/?category=Beach' })).body;
    expect(after).toContain('<div id="root"><ul><li>Cove</li><li>Dunes</li></ul></div>');
  });

  it('sends the page with an empty root, for the browser to draw, when drawing it fails', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/?category=Modern' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(embeddedRooms(res.body)?.search).toBe('category=Modern');
  });

  it('serves the page as before when the server build is missing or is not one', async () => {
    // A new folder for each build: a module once imported stays what it was.
    const made: string[] = [];
    const rendererOf = async (source: string | null) => {
      const webDist = await mkdtemp(join(tmpdir(), 'staybook-dist-'));
      made.push(webDist, dirname(firstViewModulePath(webDist)));
      if (source !== null) await writeServerBuild(webDist, source);
      return loadFirstViewRenderer(webDist, log);
    };
    try {
      expect(await rendererOf(null)).toBeNull();
      expect(warnings).toEqual([]);
      expect(await rendererOf('export const somethingElse = 1;')).toBeNull();
      expect(await rendererOf('this is not JavaScript')).toBeNull();
      const answersNoHtml = await rendererOf('export function renderHomePage() { return 42; }');
      expect(() => answersNoHtml?.home({ search: '', page: { items: [], nextCursor: null } })).toThrow(/did not answer HTML/);
      // A build without a room page's renderer paints the home page only.
      expect(answersNoHtml?.room).toBeNull();
    } finally {
      await Promise.all(made.map((path) => rm(path, { recursive: true, force: true })));
    }
    expect(warnings).toEqual([
      'The home page is drawn by the browser alone: its server build did not load',
      'The home page is drawn by the browser alone: its server build did not load',
    ]);
  });

  it("fetches a painted page's scripts at low priority, and leaves those of a page the app draws alone", () => {
    const template = INDEX_HTML.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css"></head>',
    );
    const first = { search: '', page: { items: [], nextCursor: null } };
    const painted = homePageHtml(template, first, '<p>rooms</p>');
    expect(painted).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(painted).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor.js">');
    expect(painted).toContain('<link rel="stylesheet" href="/assets/index.css">');
    expect(homePageHtml(template, first)).not.toContain('fetchpriority');
  });

  it('escapes nothing of the first view and keeps it out of the replacement patterns', () => {
    const html = homePageHtml(INDEX_HTML, { search: '', page: { items: [], nextCursor: null } }, '<p>$& $1 rooms</p>');
    expect(html).toContain('<div id="root"><p>$& $1 rooms</p></div>');
  });
});

/**
 * A room page drawn on the server for the signed-in person asking (decision 045), by a stand-in for the web app's
 * server build that writes out what it was given; the browser test checks the real one against the hydrated page.
 */
describe('a room page drawn on the server for the person asking', () => {
  let t: TestApp;
  let dist: string;
  let host: TestUser;
  let guest: TestUser;
  let roomId: string;
  let failingRoomId: string;

  beforeAll(async () => {
    dist = await makeWebDist();
    await writeServerBuild(
      dist,
      `export function renderHomePage() { return '<p>home</p>'; }
      export async function renderRoomPage(first, address) {
        if (first.room.title === 'Broken') throw new Error('A component failed');
        return '<h1>' + first.room.title + ' for ' + first.user.email + ' (' + first.user.role + ') at ' + address + '</h1>';
      }`,
    );
    t = await createTestApp('pglite', {}, undefined, dist);
    [host, guest] = await Promise.all([t.signUp({ role: 'host' }), t.signUp()]);
    roomId = (await insertRoom(t.database.db, { hostId: host.id, title: 'Dunes', image: storedImageUrl(randomUUID()) })).id;
    failingRoomId = (await insertRoom(t.database.db, { hostId: host.id, title: 'Broken' })).id;
  });
  afterAll(async () => {
    await t.close();
    await removeWebDist(dist);
  });

  it('paints the page for each viewer with the session and the room the API answers them, kept by no cache', async () => {
    const address = `/room/${roomId}?checkin=2030-01-02&guests=2`;
    for (const viewer of [guest, host]) {
      const res = await t.call('GET', address, { as: viewer });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toContain('Cookie');
      expect(res.body).toContain(`<div id="root"><h1>Dunes for ${viewer.email} (${viewer.role}) at ${address}</h1></div>`);
      expect(res.body).toContain('<title>Dunes | StayBook</title>');
      const session = (await t.call('GET', '/api/auth/get-session', { as: viewer })).json() as { user: unknown };
      const room = (await t.call('GET', `/api/room/${roomId}`, { as: viewer })).json() as unknown;
      expect(embeddedRoom(res.body)).toEqual(firstRoomPageSchema.parse({ user: session.user, room }));
      // The cover is still preloaded.
      expect(res.body).toContain('<link rel="preload" as="image" fetchpriority="high"');
    }
    // A title is text in the <title>, whatever it holds.
    const odd = await insertRoom(t.database.db, { hostId: host.id, title: `Tom & Jerry's "<cabin>"` });
    expect((await t.call('GET', `/room/${odd.id}`, { as: guest })).body).toContain('<title>Tom &amp; Jerry&#39;s &quot;&lt;cabin&gt;&quot; | StayBook</title>');
    // Only the room's host reads its e-mail: each page is that viewer's.
    expect(embeddedRoom((await t.call('GET', address, { as: host })).body)?.room.host.email).toBe(host.email);
    expect(embeddedRoom((await t.call('GET', address, { as: guest })).body)?.room.host).not.toHaveProperty('email');
  });

  it('serves a visitor, an unknown session and a room the API would not answer the page the app draws, as before', async () => {
    const { body: painted } = await t.call('GET', `/room/${roomId}`, { as: guest });
    const cover = (await t.call('GET', `/api/room/${roomId}`)).json() as { image: string };
    const unpainted = roomPageHtml(SERVED_INDEX_HTML, cover.image);
    // After a viewer's page was drawn, nothing of it is kept for anyone else.
    for (const cookie of [null, 'better-auth.session_token=forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=']) {
      const res = await t.call('GET', `/room/${roomId}`, cookie ? { headers: { cookie } } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(unpainted);
      expect(res.body).not.toContain(guest.email);
    }
    expect(painted).not.toBe(unpainted);
    // No such room, or an id no room can have: the app shows its error screen, as today.
    for (const url of [`/room/${randomUUID()}`, '/room/not-a-room']) {
      const res = await t.call('GET', url, { as: guest });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SERVED_INDEX_HTML);
    }
  });

  it('serves the page the app draws when drawing it fails, and sends nothing of the error', async () => {
    const res = await t.call('GET', `/room/${failingRoomId}`, { as: guest });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('A component failed');
    expect(embeddedRoom(res.body)).toBeNull();
  });
});

describe('a room page without the server build', () => {
  it('is served to a signed-in person as before, for the app to draw', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'staybook-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    const t = await createTestApp('pglite', {}, undefined, dist);
    try {
      const [host, guest] = await Promise.all([t.signUp({ role: 'host' }), t.signUp()]);
      const room = await insertRoom(t.database.db, { hostId: host.id, image: storedImageUrl(randomUUID()) });
      const res = await t.call('GET', `/room/${room.id}`, { as: guest });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(roomPageHtml(SERVED_INDEX_HTML, room.image));
    } finally {
      await t.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
