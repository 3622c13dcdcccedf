import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImageUrl } from '@staybook/domain';
import { insertRoom, insertUser } from '../../db/factories.js';
import { uploads } from '../../db/schema.js';
import type { ImageStore } from '../../integrations/images/image-store.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases.js';
import { releaseImages } from './image-references.js';

describe.each(TEST_DATABASE_KINDS)('releasing images on %s', (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test?.cleanup());

  it('removes only the images nothing shows, and keeps the record of a file that could not be removed', async () => {
    const { db } = test.database;
    const stored = () => storedImageUrl(randomUUID());
    const [onRoom, onUser, free, stuck] = [stored(), stored(), stored(), stored()];
    const owner = await insertUser(db, { image: onUser });
    await insertRoom(db, { hostId: owner.id, image: onRoom, photos: [onRoom] });
    const all = [onRoom, onUser, free, stuck];
    await db.insert(uploads).values(all.map((url) => ({ url, ownerId: owner.id })));

    const deleted: string[] = [];
    const errors: object[] = [];
    const imageStore = {
      async deleteImage(url: string) {
        if (url === stuck) throw new Error('the disk said no');
        deleted.push(url);
      },
    } as unknown as ImageStore;
    // A photo named twice (a cover that was also among the photos) is released once.
    await releaseImages(db, [free, stuck, onRoom, onUser, free], { imageStore, log: { error: (obj) => errors.push(obj) } });

    expect(deleted).toEqual([free]);
    expect(errors).toEqual([expect.objectContaining({ url: stuck })]);
    const kept = await db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, all));
    expect(kept.map((row) => row.url).sort()).toEqual([onRoom, onUser, stuck].sort());
  });
});
