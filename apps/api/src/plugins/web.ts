import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, isAppPath } from '@staybook/domain';
import { errorBody } from '../errors.js';
import type { ImageFiles } from '../integrations/images/image-store.js';
import { registerUploadsServing } from '../modules/uploads/serve-uploads.js';

const YEAR_SECONDS = 31_536_000;

/**
 * Serves, from the API's own origin: uploaded images under /uploads, the built web app, and the
 * app's index.html for any other route so client-side routes load on refresh: with status 200 for
 * the app's own paths (APP_PATHS), 404 for the rest, where the app shows its not-found screen.
 * Unknown /api paths and missing files get the JSON 404 instead.
 */
export async function registerWebServing(
  app: FastifyInstance,
  options: { imageFiles: ImageFiles; webDist: string | null },
): Promise<void> {
  // The reply decorators (sendFile) are added once, by the web app's static handler when there is one.
  await registerUploadsServing(app, options.imageFiles, { decorateReply: !options.webDist });

  const webDist = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      // One route per built file, listed at start-up: app routes then go straight to the fallback below.
      wildcard: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Vite puts a content hash in every asset name under /assets; everything else may change.
        res.header(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn('The web app is not built; only the API is served. Run `npm run build` to serve it.');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A path without a file extension is one of the app's own routes; a missing file stays a 404.
    const isAppRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/uploads/') &&
      !/\.[A-Za-z0-9]+$/.test(path);
    if (webDist && isAppRoute) {
      return reply
        .status(isAppPath(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webDist);
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, `Nothing here: ${request.method} ${path}`));
  });
}
