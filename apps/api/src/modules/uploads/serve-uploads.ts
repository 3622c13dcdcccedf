import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ImageFiles } from '../../integrations/images/image-store.js';

const YEAR_SECONDS = 31_536_000;
/** Stored images get a fresh random key whenever they change, so they never go stale. */
export const STORED_IMAGE_CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, immutable`;

/** The names the image store gives files: `<uuid>.webp` or `<uuid>-<width>w.webp`. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-\d{3,4}w)?\.webp$/;

/**
 * Serves stored images under /uploads/, wherever they are kept: from the local disk as static files, or
 * streamed from the bucket with the same headers (so pages keep loading images from their own origin and
 * the content security policy stays `img-src 'self'`). A name that is not a stored file is the JSON 404.
 */
export async function registerUploadsServing(app: FastifyInstance, files: ImageFiles, { decorateReply }: { decorateReply: boolean }): Promise<void> {
  if (files.kind === 'local') {
    await app.register(fastifyStatic, {
      root: files.dir,
      prefix: '/uploads/',
      decorateReply,
      index: false,
      maxAge: YEAR_SECONDS * 1000,
      immutable: true,
    });
    return;
  }
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) return reply.callNotFound();
    const ifNoneMatch = request.headers['if-none-match'];
    const file = await files.get(name, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (file === null) return reply.callNotFound();
    reply.header('cache-control', STORED_IMAGE_CACHE_CONTROL);
    if (file === 'not-modified') return reply.status(304).send();
    reply.header('content-type', 'image/webp');
    if (file.length !== undefined) reply.header('content-length', file.length);
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    return reply.send(file.body);
  });
}
