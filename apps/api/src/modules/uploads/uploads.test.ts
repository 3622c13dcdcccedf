import { readdir } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadedImageSchema } from '@staybook/domain';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { createImageJobs } from '../../integrations/images/process-image.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { refusalInSpanish } from '../../test/refusals.js';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----staybook-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG whose header claims other dimensions: a few hundred bytes that would decode to `width × height` pixels. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; the chunk's CRC follows its 13 data bytes.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

const NOT_PROCESSED = 'This image could not be processed. Please choose a smaller picture (at most 40 megapixels).';

describe.each(TEST_DATABASE_KINDS)('image uploads on %s', (kind) => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e11d48' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  const upload = (field: string, filename: string, type: string, data: Buffer) => {
    const { body, headers } = multipart(field, filename, type, data);
    return t.call('POST', '/api/uploads/image', { body, headers });
  };

  it('re-encodes an image as WebP at each width and answers its URL', async () => {
    const res = await upload('image', 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(201);
    const { url, display_url } = uploadedImageSchema.parse(res.json());
    expect(display_url).toBe(url);
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const small = await t.app.inject({ method: 'GET', url: url.replace('.webp', '-320w.webp') });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
  });

  it('judges the file by its content, not its name or declared type', async () => {
    const before = await readdir(localUploadsDir(t.dataDir)).catch(() => []);
    for (const [name, type, data] of [
      ['photo.png', 'image/png', Buffer.from('<script>alert(1)</script>')],
      ['photo.jpg', 'image/jpeg', Buffer.from('%PDF-1.4 not really a picture')],
      ['empty.png', 'image/png', Buffer.alloc(0)],
    ] as const) {
      const res = await upload('image', name, type, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.' },
      });
    }
    // A real picture with a misleading name and type is still a picture.
    expect((await upload('image', 'notes.txt', 'text/plain', png)).statusCode).toBe(201);
    expect((await readdir(localUploadsDir(t.dataDir))).length).toBe(before.length + 5);
  });

  it('refuses drawings and documents that cost unbounded work to render (SVG, TIFF)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><rect width="10" height="10"/></svg>');
    const tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).tiff().toBuffer();
    for (const [name, data] of [['a.svg', svg], ['a.tiff', tiff]] as const) {
      const res = await upload('image', name, 'image/png', data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.' },
      });
    }
  });

  it('refuses a picture of more pixels than a camera photo has, before decoding it', async () => {
    const small = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0ea5e9' } }).png().toBuffer();
    const before = await readdir(localUploadsDir(t.dataDir)).catch(() => []);
    for (const [width, height] of [[20_000, 20_000], [8000, 5001], [6400, 6400]]) {
      const res = await upload('image', 'huge.png', 'image/png', withDeclaredSize(small, width!, height!));
      expect(res.statusCode, `${width}×${height}`).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: NOT_PROCESSED } });
    }
    expect(await readdir(localUploadsDir(t.dataDir)).catch(() => [])).toEqual(before);
  });

  it('answers 503 with Retry-After while the image queue is full, and takes pictures again once it drains', async () => {
    // One picture in work and one waiting fill a queue that lets one wait.
    const jobs = createImageJobs({ maxWaiting: 1 });
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });
    const app = await buildApp({
      config,
      database: t.database,
      authSecret: 'test-secret-that-is-long-enough-for-the-auth-library',
      mailer: { send: async () => {} },
      imageStore: createLocalImageStore(t.dataDir, { jobs }),
      webDist: null,
    });
    let release = () => {};
    const inWork = jobs.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = jobs.run(async () => {});
    const send = () => {
      const { body, headers } = multipart('image', 'me.png', 'image/png', png);
      return app.inject({ method: 'POST', url: '/api/uploads/image', headers: { origin: TEST_ORIGIN, ...headers }, payload: body });
    };
    try {
      const busy = await send();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'Many pictures are being processed right now. Please try again in a few seconds.' },
      });
      release();
      await Promise.all([inWork, waiting]);
      expect((await send()).statusCode).toBe(201);
    } finally {
      release();
      await app.close();
    }
  });

  it('answers 400, not 500, to a broken multipart body', async () => {
    const unreadable = { error: { code: 'BAD_REQUEST', message: 'The upload could not be read. Please choose the picture and try again.' } };
    const noBoundary = await t.call('POST', '/api/uploads/image', { body: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual(unreadable);
    const { body, headers } = multipart('image', 'me.png', 'image/png', png);
    const truncated = await t.call('POST', '/api/uploads/image', { body: body.subarray(0, body.length - 40), headers });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual(unreadable);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const res = await upload('image', 'huge.png', 'image/png', Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large. The limit is 5 MB.', facts: { refusal: 'image-too-large', megabytes: '5' } },
    });
    expect(refusalInSpanish(res)).toBe('La imagen es demasiado grande. El límite es de 5 MB.');
  });

  it('refuses a picture one byte over the limit every time, however the browser\'s upload arrives in pieces', async () => {
    // A real picture padded to 5 MB + 1 byte: its first 5 MB alone would still decode and be stored.
    const overByOne = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    // Sent over a socket as a browser does (fetch + FormData), on an app of its own so its uploads limit is its own.
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });
    const app = await buildApp({ config, database: t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
    const before = await readdir(localUploadsDir(t.dataDir)).catch(() => []);
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const answers: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 20; i += 1) {
        const form = new FormData();
        form.append('image', new Blob([overByOne], { type: 'image/png' }), 'big.png');
        const res = await fetch(`${address}/api/uploads/image`, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
        answers.push({ status: res.status, body: await res.json() });
      }
      const tooLarge = {
        status: 413,
        body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large. The limit is 5 MB.', facts: { refusal: 'image-too-large', megabytes: '5' } } },
      };
      expect(answers).toEqual(Array(20).fill(tooLarge));
      expect(await readdir(localUploadsDir(t.dataDir)).catch(() => [])).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('explains a request without the image field', async () => {
    const wrongField = await upload('photo', 'me.png', 'image/png', png);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Add the image in a field named "image".' } });
    const json = await t.call('POST', '/api/uploads/image', { body: { image: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Send the image as multipart/form-data in a field named "image".' } });
  });
});
