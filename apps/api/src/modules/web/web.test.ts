import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROOM_CARD_IMAGE_SIZES, ROOM_COVER_IMAGE_SIZES, roomsPageSchema, storedImageUrl } from '@staybook/domain';
import { insertRoom, insertUser } from '../../db/factories.js';
import { rooms } from '../../db/schema.js';
import { embeddedRooms, INDEX_HTML, SERVED_INDEX_HTML, useWebBuild } from '../../test/web-builds.js';
import { homePageHtml } from './page-html.js';

/** The one-origin contract: the app for its routes, files with the right caching, JSON 404s elsewhere. */
describe('serving the web app', () => {
  const s = useWebBuild(async (dist) => {
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('answers index.html for the app routes, whatever the client accepts', async () => {
    for (const url of ['/', '/room/5f0c9d3e-0000-4000-8000-000000000000', '/dashboard/profile', '/?category=Lake']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>StayBook</title>');
    }
  });

  it('answers index.html with a 404 for paths the app has no page for, so the app shows its not-found screen', async () => {
    for (const url of ['/no-such-page', '/dashboard/nothing', '/room/a/b', '/room/', '/no-such-page?x=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await s.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        // HEAD answers the headers alone.
        expect(res.body, `${method} ${url}`).toEqual(method === 'GET' ? expect.stringContaining('<title>StayBook</title>') : '');
      }
    }
  });

  it('answers 200 for every page of the app, whatever the letter case or a trailing slash', async () => {
    for (const url of ['/login', '/signup', '/reset-password?token=abc', '/auth/complete?to=%2F', '/dashboard', '/dashboard/', '/Dashboard/Manage-Users', '/dashboard/my-bookings']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>StayBook</title>');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toContain('immutable');
    expect((await s.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the build-time compressed copy to browsers that accept it', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers JSON 404 for missing files and unknown API paths', async () => {
    for (const url of ['/missing.png', '/assets/gone.js', '/api/nothing', '/uploads/nothing.webp']) {
      const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('sends the security headers', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // A page without inline scripts runs this origin's files only.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('the home page', () => {
    it("embeds the first page of rooms as GET /api/rooms answers it, and preloads the first card's picture", async () => {
      const host = await insertUser(s.t.database.db, { role: 'host', name: 'Hana Host' });
      const older = await insertRoom(s.t.database.db, { hostId: host.id, category: 'Lake', image: storedImageUrl(randomUUID()) });
      const newest = await insertRoom(s.t.database.db, { hostId: host.id, category: 'Beach', image: storedImageUrl(randomUUID()) });
      // Written behind the app's back, so the listing cache is told as the room services tell it.
      await s.app.listing.roomsChanged();

      const res = await s.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const api = roomsPageSchema.parse((await s.app.inject({ method: 'GET', url: '/api/rooms?limit=24' })).json());
      expect(embeddedRooms(res.body)).toEqual({ search: '', page: api });
      expect(api.items.map((r) => r._id)).toEqual([newest.id, older.id]);

      const key = newest.image.slice('/uploads/'.length, -'.webp'.length);
      expect(res.body).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="/uploads/${key}-640w.webp" ` +
          `imagesrcset="/uploads/${key}-320w.webp 320w, /uploads/${key}-640w.webp 640w, /uploads/${key}-960w.webp 960w, /uploads/${key}-1600w.webp 1600w" ` +
          `imagesizes="${ROOM_CARD_IMAGE_SIZES}"></head>`,
      );
    });

    it('embeds the rooms of the category in its address, and none for a category that does not exist', async () => {
      const lake = embeddedRooms((await s.app.inject({ method: 'GET', url: '/?category=Lake' })).body);
      expect(lake?.search).toBe('category=Lake');
      expect(lake?.page).toEqual(roomsPageSchema.parse((await s.app.inject({ method: 'GET', url: '/api/rooms?category=Lake' })).json()));
      expect(lake?.page.items.every((r) => r.category === 'Lake')).toBe(true);

      const unknown = await s.app.inject({ method: 'GET', url: '/?category=Moon' });
      expect(unknown.statusCode).toBe(200);
      expect(embeddedRooms(unknown.body)).toBeNull();
      expect(unknown.body).toBe(SERVED_INDEX_HTML);
    });

    it('stays what the API answers when a room changes or goes: the same service call, never cached stale', async () => {
      const host = await insertUser(s.t.database.db, { role: 'host' });
      const room = await insertRoom(s.t.database.db, { hostId: host.id, category: 'Islands', title: 'Before' });
      const pageAndApi = async () => ({
        page: embeddedRooms((await s.app.inject({ method: 'GET', url: '/?category=Islands' })).body)?.page,
        api: roomsPageSchema.parse((await s.app.inject({ method: 'GET', url: '/api/rooms?category=Islands' })).json()),
      });
      const before = await pageAndApi();
      expect(before.page).toEqual(before.api);
      expect(before.page?.items.map((r) => r.title)).toEqual(['Before']);

      // Written behind the app's back, so the listing cache is told as the room services tell it.
      await s.t.database.db.update(rooms).set({ title: 'After' }).where(eq(rooms.id, room.id));
      await s.app.listing.roomsChanged();
      const changed = await pageAndApi();
      expect(changed.page).toEqual(changed.api);

      await s.t.database.db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, room.id));
      await s.app.listing.roomsChanged();
      const removed = await pageAndApi();
      expect(removed.page).toEqual(removed.api);
    });

    it('is made once per change and revalidated with its ETag', async () => {
      const first = await s.app.inject({ method: 'GET', url: '/?category=Beach', headers: { 'accept-encoding': 'br' } });
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      const etag = String(first.headers.etag);
      const again = await s.app.inject({ method: 'GET', url: '/?category=Beach', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const host = await insertUser(s.t.database.db, { role: 'host' });
      await insertRoom(s.t.database.db, { hostId: host.id, category: 'Beach', title: 'Just listed' });
      await s.app.listing.roomsChanged();
      const changed = await s.app.inject({ method: 'GET', url: '/?category=Beach', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(embeddedRooms(brotliDecompressSync(changed.rawPayload).toString())?.page.items[0]?.title).toBe('Just listed');
    });

    it("is kept from its first visit without a search, and with one from its second, as the API's searches are", async () => {
      const kept = () => s.app.listing.stats().entries;
      await s.app.listing.roomsChanged();
      await s.app.inject({ method: 'GET', url: '/' });
      expect(kept()).toBe(1);
      await s.app.inject({ method: 'GET', url: '/?category=Caves' });
      expect(kept()).toBe(1);
      await s.app.inject({ method: 'GET', url: '/?category=Caves' });
      expect(kept()).toBe(2);
    });

    it('sends the page compressed to browsers that accept it', async () => {
      const plain = await s.app.inject({ method: 'GET', url: '/' });
      const br = await s.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await s.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    });

    it("preloads a room page's cover as the page's gallery shows it, and nothing for a room that is not listed", async () => {
      const host = await insertUser(s.t.database.db, { role: 'host' });
      const room = await insertRoom(s.t.database.db, { hostId: host.id, category: 'Lake', image: storedImageUrl(randomUUID()) });
      const key = room.image.slice('/uploads/'.length, -'.webp'.length);
      const res = await s.app.inject({ method: 'GET', url: `/room/${room.id}?from=2030-01-01` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="/uploads/${key}-1600w.webp" ` +
          `imagesrcset="/uploads/${key}-320w.webp 320w, /uploads/${key}-640w.webp 640w, /uploads/${key}-960w.webp 960w, /uploads/${key}-1600w.webp 1600w" ` +
          `imagesizes="${ROOM_COVER_IMAGE_SIZES}"></head>`,
      );
      const again = await s.app.inject({ method: 'GET', url: `/room/${room.id}`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);

      // Removed: the page no longer names its picture.
      await s.t.database.db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, room.id));
      await s.app.listing.roomsChanged();
      expect((await s.app.inject({ method: 'GET', url: `/room/${room.id}` })).body).toBe(SERVED_INDEX_HTML);
      for (const url of [`/room/${randomUUID()}`, '/room/not-a-room']) {
        const other = await s.app.inject({ method: 'GET', url });
        expect(other.statusCode, url).toBe(200);
        expect(other.body, url).toBe(SERVED_INDEX_HTML);
      }
    });

    it('keeps text from closing the data element or acting as a replacement pattern', () => {
      const room = {
        _id: randomUUID(), title: '</script><script>alert(1)</script> $& $1', location: 'x', category: 'Lake' as const,
        from: '2030-01-01', to: '2030-01-05', price: 1, priceCents: 100, guests: 1, bedrooms: 1, bathrooms: 1,
        description: 'line\u2028break', image: '/uploads/outside.png', host: { name: 'H', image: null }, booked: false,
        timeZone: 'UTC',
        cancellationPolicy: 'flexible' as const,
        rating: { count: 0, average: null },
        area: null,
      };
      const html = homePageHtml(INDEX_HTML, { search: '', page: { items: [room], nextCursor: null } });
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      expect(embeddedRooms(html)?.page.items[0]).toEqual(room);
      // A picture we did not store has no other widths: preloaded as it is.
      expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/uploads/outside.png"></head>');
    });
  });
});

/** The page's one inline script (it keeps input made before the app's code runs, decision 071) may run, and no other. */
describe("a page's inline script", () => {
  const SCRIPT = "\n      (() => { window.earlyInput = []; })();\n    ";
  const s = useWebBuild(async (dist) => {
    await writeFile(join(dist, 'index.html'), INDEX_HTML.replace('</head>', `<script>${SCRIPT}</script></head>`));
  });

  it('is named in the Content-Security-Policy by the hash of its text, beside this origin', async () => {
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    for (const url of ['/', '/login', '/no-such-page']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(`<script>${SCRIPT}</script>`);
      const policy = String(res.headers['content-security-policy']).split(';').map((directive) => directive.trim());
      expect(policy, url).toContain(`script-src 'self' 'sha256-${hash}'`);
    }
    // An answer that is data runs nothing.
    expect((await s.app.inject({ method: 'GET', url: '/api/rooms' })).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
