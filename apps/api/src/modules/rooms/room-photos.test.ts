import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostRoomsPageSchema, roomSchema, roomsPageSchema, storedImageUrl, uploadedImageSchema } from '@staybook/domain';
import { day } from '../../test/dates.js';
import { insertBooking } from '../../db/factories.js';
import { rooms, uploads, users } from '../../db/schema.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { listRoom, recordUploads, roomBody } from '../../test/rooms.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

function validationError(field: string, message: string) {
  return { error: { code: 'VALIDATION_FAILED', message: `${field}: ${message}`, fields: { [field]: message } } };
}

const NOT_YOURS = 'Please upload your own photos; one of these was uploaded by someone else';

describe.each(TEST_DATABASE_KINDS)('room photos on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let otherHost: TestUser;
  let guest: TestUser;
  let png: Buffer;
  const store = () => createLocalImageStore(t.dataDir);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [host, otherHost, guest] = [
      await t.signUp({ role: 'host', name: 'Hana Host' }),
      await t.signUp({ role: 'host', name: 'Otto Other' }),
      await t.signUp({ name: 'Gina Guest' }),
    ];
    png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#16a34a' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  /** Uploads a picture through the API, as `user` (or a visitor), and answers its URL. */
  async function upload(user: TestUser | null): Promise<string> {
    const boundary = '----staybook-photos';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="room.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.call('POST', '/api/uploads/image', { as: user, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(201);
    return uploadedImageSchema.parse(res.json()).url;
  }

  /** `count` pictures written down as `user`'s uploads (no files: only the rules are under test). */
  async function ownPhotos(user: TestUser, count: number): Promise<string[]> {
    const urls = Array.from({ length: count }, () => storedImageUrl(randomUUID()));
    await recordUploads(t, user, urls);
    return urls;
  }

  /** The stored files of an image: the canonical name and each width. */
  async function filesOf(url: string): Promise<string[]> {
    const key = url.slice('/uploads/'.length, -'.webp'.length);
    return (await readdir(localUploadsDir(t.dataDir))).filter((n) => n.startsWith(key));
  }

  const photosBody = (photos: string[], overrides: Record<string, unknown> = {}) => roomBody({ photos, ...overrides });

  it('writes down who uploaded each picture: a signed-in uploader, or nobody for a visitor', async () => {
    const mine = await upload(host);
    const visitors = await upload(null);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.url, mine));
    expect(rows).toMatchObject([{ url: mine, ownerId: host.id }]);
    expect(await t.database.db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, visitors))).toEqual([{ ownerId: null }]);
  });

  it('keeps up to 10 photos in the order sent, the first as the cover, through create and update', async () => {
    const photos = await ownPhotos(host, 10);
    const created = await t.call('POST', '/api/room', { as: host, body: photosBody(photos) });
    expect(created.statusCode, created.body).toBe(201);
    const room = roomSchema.parse(created.json());
    expect(room.photos).toEqual(photos);
    expect(room.image).toBe(photos[0]);
    expect(roomSchema.parse((await t.call('GET', `/api/room/${room._id}`)).json())).toMatchObject({ photos, image: photos[0] });

    // Reordered, the last made the cover.
    const reordered = [photos[9]!, ...photos.slice(0, 9).reverse()];
    const updated = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: photosBody(reordered) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(roomSchema.parse(updated.json())).toMatchObject({ photos: reordered, image: photos[9] });
    const [row] = await t.database.db.select({ photos: rooms.photos, image: rooms.image }).from(rooms).where(eq(rooms.id, room._id));
    expect(row).toEqual({ photos: reordered, image: photos[9] });

    // My Listings carries every photo (for Update Room Info); the public list only the cover.
    const mine = hostRoomsPageSchema.parse((await t.call('GET', '/api/my-listings', { as: host })).json());
    expect(mine.items.find((r) => r._id === room._id)?.photos).toEqual(reordered);
    const listed = (await t.call('GET', '/api/rooms?limit=60')).json() as { items: Record<string, unknown>[] };
    roomsPageSchema.parse(listed);
    const card = listed.items.find((r) => r._id === room._id);
    expect(card).toMatchObject({ image: photos[9] });
    expect(card).not.toHaveProperty('photos');
  });

  it('refuses an 11th photo, none, duplicates and pictures from elsewhere, naming photos', async () => {
    const photos = await ownPhotos(host, 11);
    for (const [body, message] of [
      [photosBody(photos), 'A room can have at most 10 photos'],
      [photosBody([]), 'Please upload at least one photo'],
      [photosBody([photos[0]!, photos[1]!, photos[0]!]), 'Each photo can be added only once'],
      [photosBody([photos[0]!, 'https://tracker.example/pixel.gif']), 'Please upload the photos here; pictures from other sites are not accepted'],
    ] as const) {
      const res = await t.call('POST', '/api/room', { as: host, body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual(validationError('photos', message));
    }
  });

  it("refuses another host's upload, and a visitor's, on create and on update", async () => {
    const theirs = await upload(otherHost);
    const nobodys = await upload(null);
    const [mine] = await ownPhotos(host, 1);
    for (const photos of [[mine!, theirs], [theirs], [mine!, nobodys]]) {
      const res = await t.call('POST', '/api/room', { as: host, body: photosBody(photos) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(validationError('photos', NOT_YOURS));
    }
    const room = await listRoom(t, host, { photos: [mine!] });
    const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: photosBody([mine!, theirs]) });
    expect(res.json()).toEqual(validationError('photos', NOT_YOURS));
    expect((await t.call('GET', `/api/room/${room._id}`)).json()).toMatchObject({ photos: [mine] });
    // The owner may use it.
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([theirs]) })).statusCode).toBe(201);
  });

  it("lets a host reuse a photo one of their rooms shows, even one the seed wrote or a removed room's", async () => {
    const [seeded] = [storedImageUrl(randomUUID())];
    const [row] = await t.database.db
      .insert(rooms)
      .values({
        hostId: host.id,
        title: 'Seeded',
        location: 'Porto',
        category: 'Modern',
        availableFrom: day(1),
        availableTo: day(9),
        priceCents: 10_000,
        guests: 2,
        bedrooms: 1,
        bathrooms: 1,
        description: '',
        image: seeded!,
        photos: [seeded!],
        deletedAt: new Date(),
      })
      .returning({ id: rooms.id });
    expect(row).toBeDefined();
    const res = await t.call('POST', '/api/room', { as: host, body: photosBody([seeded!]) });
    expect(res.statusCode, res.body).toBe(201);
    // Not another host's.
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([seeded!]) })).json()).toEqual(validationError('photos', NOT_YOURS));
  });

  it('lets a host show their own profile photo, uploaded at sign-up before the account existed', async () => {
    const avatar = await upload(null);
    const withPhoto = await t.signUp({ role: 'host', name: 'Pia Photo', image: avatar });
    const [row] = await t.database.db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, avatar));
    expect(row?.ownerId).toBe(withPhoto.id);
    expect((await t.call('POST', '/api/room', { as: withPhoto, body: photosBody([avatar]) })).statusCode).toBe(201);
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([avatar]) })).json()).toEqual(validationError('photos', NOT_YOURS));
  });

  it("never shows another person's sign-up photo, or a picture nobody uploaded, made a profile photo first", async () => {
    const avatar = await upload(null);
    await t.signUp({ name: 'Vera Victim', image: avatar });
    const taken = await t.call('POST', '/api/auth/update-user', { as: otherHost, body: { image: avatar } });
    expect(taken.statusCode, taken.body).toBe(400);
    // Were it there already (written before sign-up photos had owners), a room still could not show it.
    await t.database.db.update(users).set({ image: avatar }).where(eq(users.id, otherHost.id));
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([avatar]) })).json()).toEqual(validationError('photos', NOT_YOURS));
    // A demo picture was never an upload: a profile may show it, a room of this host may not.
    const demo = storedImageUrl(randomUUID());
    expect((await t.call('POST', '/api/auth/update-user', { as: otherHost, body: { image: demo } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([demo]) })).json()).toEqual(validationError('photos', NOT_YOURS));
    // An upload of a sign-up never finished is nobody's: nobody's room shows it either.
    const abandoned = await upload(null);
    expect((await t.call('POST', '/api/auth/update-user', { as: otherHost, body: { image: abandoned } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([abandoned]) })).json()).toEqual(validationError('photos', NOT_YOURS));
  });

  it("never makes another account's photo a new account's, at sign-up", async () => {
    const avatar = await upload(null);
    const owner = await t.signUp({ name: 'Olga Owner', image: avatar });
    const [theirs] = await ownPhotos(host, 1);
    for (const image of [avatar, theirs!]) {
      const email = `taker-${randomUUID().slice(0, 8)}@example.com`;
      const res = await t.call('POST', '/api/auth/sign-up/email', { body: { name: 'Tom Taker', email, password: 'correct horse battery', image } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Please upload a profile photo.' } });
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    }
    // Their owners keep them; a visitor's upload nobody has claimed yet still makes a sign-up's photo.
    const [row] = await t.database.db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, avatar));
    expect(row?.ownerId).toBe(owner.id);
    const fresh = await upload(null);
    const newcomer = await t.signUp({ name: 'Nia New', image: fresh });
    const [claimed] = await t.database.db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, fresh));
    expect(claimed?.ownerId).toBe(newcomer.id);
  });

  it("never takes another host's upload made a profile photo first", async () => {
    const [theirs] = await ownPhotos(host, 1);
    // The profile can no longer take it (the hole: a profile photo was every room's to show)…
    const profile = await t.call('POST', '/api/auth/update-user', { as: otherHost, body: { image: theirs } });
    expect(profile.statusCode, profile.body).toBe(400);
    // …and were it there already, written before this rule, a room still could not.
    await t.database.db.update(users).set({ image: theirs! }).where(eq(users.id, otherHost.id));
    expect((await t.call('POST', '/api/room', { as: otherHost, body: photosBody([theirs!]) })).json()).toEqual(validationError('photos', NOT_YOURS));
  });

  it('still takes a lone image as the one photo, and an image beside photos only as their first', async () => {
    const [a, b] = await ownPhotos(host, 2);
    const lone = await t.call('POST', '/api/room', { as: host, body: roomBody({ image: a }) });
    expect(lone.statusCode, lone.body).toBe(201);
    expect(roomSchema.parse(lone.json())).toMatchObject({ image: a, photos: [a] });
    const both = await t.call('POST', '/api/room', { as: host, body: roomBody({ image: a, photos: [a, b] }) });
    expect(both.statusCode).toBe(201);
    expect(roomSchema.parse(both.json())).toMatchObject({ image: a, photos: [a, b] });
    const mismatch = await t.call('POST', '/api/room', { as: host, body: roomBody({ image: b, photos: [a, b] }) });
    expect(mismatch.json()).toEqual(validationError('image', 'The cover (image) must be the first of the photos'));
  });

  it("takes a lone image on an update as the new cover, keeping the room's other photos", async () => {
    const [a, b, c, d] = await ownPhotos(host, 4);
    const room = roomSchema.parse((await t.call('POST', '/api/room', { as: host, body: photosBody([a!, b!, c!]) })).json());
    const { photos: _, ...details } = photosBody([a!]);
    const same = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: { ...details, from: room.from, image: a } });
    expect(same.statusCode, same.body).toBe(200);
    expect(roomSchema.parse(same.json()).photos).toEqual([a, b, c]);
    const cover = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: { ...details, from: room.from, image: d } });
    expect(roomSchema.parse(cover.json())).toMatchObject({ image: d, photos: [d, b, c] });
  });

  it('removes the photos an update drops once nothing shows them, and keeps a cover a booking still shows', async () => {
    const [cover, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => store().saveImage(png)));
    await recordUploads(t, host, [cover, second, third, fourth]);
    const room = await listRoom(t, host, { photos: [cover, second, third] });
    // A guest's booking keeps its copy of the cover.
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, room._id));
    await insertBooking(t.database.db, { room: row!, guestId: guest.id, checkIn: day(8), checkOut: day(9), status: 'cancelled' });

    const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: photosBody([fourth!, third!]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await filesOf(second!)).toEqual([]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.url, second!))).toEqual([]);
    expect(await filesOf(cover!)).toHaveLength(5);
    expect(await filesOf(third!)).toHaveLength(5);
    expect(await filesOf(fourth!)).toHaveLength(5);

    // Deleted for good (a cancelled stay is history: kept), so a room with no history instead.
    const [x, y] = await Promise.all([1, 2].map(() => store().saveImage(png)));
    await recordUploads(t, host, [x, y]);
    const gone = await listRoom(t, host, { photos: [x, y] });
    expect((await t.call('DELETE', `/api/room/${gone._id}`, { as: host })).statusCode).toBe(200);
    expect([...(await filesOf(x!)), ...(await filesOf(y!))]).toEqual([]);
  });
});
