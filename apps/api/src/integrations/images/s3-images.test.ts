import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, roomSchema, storedImageUrl, todayIso, uploadedImageSchema } from '@staybook/domain';
import { parseConfig } from '../../config.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { openConfiguredImageStore } from './configured-store.js';
import { ImageBucketError } from './s3-files.js';

function multipart(data: Buffer) {
  const boundary = '----staybook-s3-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Images in an S3-compatible bucket (s3rver): stored, served under the same URLs and removed as on the local disk. */
// Each case opens a real database and encodes pictures: minutes on a busy two-core machine.
describe('images in S3-compatible storage', { timeout: 300_000 }, () => {
  let s3: S3StandIn;
  let t: TestApp;
  let png: Buffer;
  let bucket: S3Client;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp('pglite', s3.env);
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#16a34a' } }).png().toBuffer();
    bucket = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
  }, 300_000);
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await s3?.stop();
  });

  async function objectsOf(url: string): Promise<string[]> {
    const key = url.slice('/uploads/'.length, -'.webp'.length);
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  }

  /** Uploads a picture, as `as` when given (a host may show only their own uploads on a room). */
  async function upload(as?: TestUser): Promise<string> {
    const res = await t.call('POST', '/api/uploads/image', { ...multipart(png), as: as ?? null });
    expect(res.statusCode, res.body).toBe(201);
    return uploadedImageSchema.parse(res.json()).url;
  }

  it('stores every width in the bucket and serves them under /uploads with the usual caching', async () => {
    const url = await upload();
    expect(await objectsOf(url)).toHaveLength(5);
    expect(await readdirOrEmpty(t.dataDir)).not.toContain('uploads');

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const small = await t.app.inject({ method: 'GET', url: url.replace('.webp', '-320w.webp') });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(served.headers['content-length']);
    expect(head.rawPayload).toHaveLength(0);

    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('answers the JSON 404 for a missing image or a name it never stores', async () => {
    for (const url of [storedImageUrl(randomUUID()), '/uploads/..%2Fsecret.webp', '/uploads/notes.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('removes a room\'s replaced image from the bucket once nothing refers to it', async () => {
    const host = await t.signUp({ role: 'host' });
    const [first, second] = [await upload(host), await upload(host)];
    const today = todayIso();
    const body = (image: string) => ({
      title: 'Cabin by the lake', location: 'Hallstatt, Austria', category: 'Lake', from: addDays(today, 7), to: addDays(today, 37),
      price: '150.50', guests: 4, bedrooms: 2, bathrooms: 1, description: 'Wake up to the water.', image,
    });
    const created = await t.call('POST', '/api/room', { as: host, body: body(first) });
    expect(created.statusCode, created.body).toBe(201);
    const room = roomSchema.parse(created.json());
    expect((await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: body(second) })).statusCode).toBe(200);
    expect(await objectsOf(first)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(await objectsOf(second)).toHaveLength(5);

    expect((await t.call('DELETE', `/api/room/${room._id}`, { as: host })).statusCode).toBe(200);
    expect(await objectsOf(second)).toEqual([]);
  });

  it('refuses to start on a bucket it cannot use, naming it', async () => {
    const config = parseConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: t.dataDir });
    await expect(openConfiguredImageStore(config)).rejects.toThrow(ImageBucketError);
    await expect(openConfiguredImageStore(config)).rejects.toThrow(/S3_BUCKET: the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
  });
});

async function readdirOrEmpty(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return readdir(dir).catch(() => []);
}
