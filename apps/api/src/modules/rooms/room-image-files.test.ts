import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { uploads } from '../../db/schema.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { useHostingSuite } from '../../test/hosting-suite.js';
import { ownRoomBody } from '../../test/rooms.js';

/** A room's image files: removed once nothing shows them, kept while a room, a booking or another room still does. */
describe.each(TEST_DATABASE_KINDS)('hosting API on %s', (kind) => {
  // Hana's rooms and Otto's share pictures; Ana's stays keep theirs.
  const s = useHostingSuite(kind);

  describe('image files', () => {
    let png: Buffer;
    const store = () => createLocalImageStore(s.t.dataDir);

    beforeAll(async () => {
      png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    });

    /** The stored files of an image: the canonical name and each width. */
    async function filesOf(url: string): Promise<string[]> {
      const key = url.slice('/uploads/'.length, -'.webp'.length);
      const names = await readdir(localUploadsDir(s.t.dataDir));
      return names.filter((n) => n.startsWith(key)).sort();
    }

    it('removes a replaced image once nothing refers to it, and keeps one a booking still shows', async () => {
      const [first, second, third] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      expect(await filesOf(first)).toHaveLength(5);
      const room = await s.listRoom(s.host, { image: first });
      const replaced = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body: await ownRoomBody(s.t, s.host, { image: second }) });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ image: second });
      expect(await filesOf(first)).toEqual([]);
      expect(await filesOf(second)).toHaveLength(5);
      expect((await s.t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

      // A guest's booking shows the room as booked, picture included: that picture stays.
      await insertBooking(s.t.database.db, { room: (await s.roomRow(room._id))!, guestId: s.guest.id, checkIn: day(8), checkOut: day(9), status: 'cancelled' });
      const again = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body: await ownRoomBody(s.t, s.host, { image: third }) });
      expect(again.statusCode).toBe(200);
      expect(await filesOf(second)).toHaveLength(5);
    });

    it('removes the image of a room deleted for good, keeps that of a room kept for history or shared with another room', async () => {
      const [alone, shared, historic] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      const lonely = await s.listRoom(s.host, { image: alone });
      expect((await s.t.call('DELETE', `/api/room/${lonely._id}`, { as: s.host })).statusCode).toBe(200);
      expect(await filesOf(alone)).toEqual([]);

      const a = await s.listRoom(s.host, { image: shared });
      // Two rooms showing one picture: only the seed writes such rooms (a host may attach only their own uploads).
      await insertRoom(s.t.database.db, { hostId: s.otherHost.id, image: shared });
      expect((await s.t.call('DELETE', `/api/room/${a._id}`, { as: s.host })).statusCode).toBe(200);
      expect(await filesOf(shared)).toHaveLength(5);

      const booked = await s.listRoom(s.host, { image: historic });
      await insertBooking(s.t.database.db, { room: (await s.roomRow(booked._id))!, guestId: s.guest.id, checkIn: day(-9), checkOut: day(-7) });
      expect((await s.t.call('DELETE', `/api/room/${booked._id}`, { as: s.host })).statusCode).toBe(200);
      expect(await filesOf(historic)).toHaveLength(5);
    });

    it('removes every photo one change drops, with its upload record, and keeps those the room still shows', async () => {
      const [a, b, c, d] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      const room = await s.listRoom(s.host, { photos: [a, b, c, d] });
      const res = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body: await ownRoomBody(s.t, s.host, { photos: [d, a] }) });
      expect(res.statusCode, res.body).toBe(200);
      for (const dropped of [b, c]) expect(await filesOf(dropped)).toEqual([]);
      for (const kept of [a, d]) expect(await filesOf(kept)).toHaveLength(5);
      const records = await s.t.database.db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, [a, b, c, d]));
      expect(records.map((r) => r.url).sort()).toEqual([a, d].sort());
    });

    it('deletes only images of ours, and twice is harmless', async () => {
      const url = await store().saveImage(png);
      await store().deleteImage(url);
      await store().deleteImage(url);
      expect(await filesOf(url)).toEqual([]);
      const before = await readdir(localUploadsDir(s.t.dataDir));
      await store().deleteImage('/uploads/../pglite');
      await store().deleteImage(`/uploads/${randomUUID()}-320w.webp`);
      expect(await readdir(localUploadsDir(s.t.dataDir))).toEqual(before);
    });
  });
});
