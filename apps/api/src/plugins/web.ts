import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  FIRST_ROOMS_ELEMENT_ID,
  findCategory,
  firstRoomsSchema,
  imageAtWidth,
  imageSrcSet,
  isAppPath,
  ROOM_CARD_IMAGE_SIZES,
  ROOM_CARD_IMAGE_WIDTH,
  readSearch,
  ROOMS_PAGE_SIZE,
  searchToQuery,
  type FirstRooms,
} from '@staybook/domain';
import type { Db } from '../db/client.js';
import { errorBody } from '../errors.js';
import type { ImageFiles } from '../integrations/images/image-store.js';
import type { ListingCache } from '../modules/rooms/listing-cache.js';
import { registerUploadsServing } from '../modules/uploads/serve-uploads.js';
import { searchRooms } from '../modules/rooms/rooms.service.js';

const YEAR_SECONDS = 31_536_000;

/** Text inside an HTML attribute value or element. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The home page's HTML: the built index.html with the first page of rooms embedded as JSON (the app's rooms
 * query starts from it) and a preload of the first card's picture, so the largest content of the page is
 * fetched while the JavaScript still loads (docs/decisions/017-bundle-budget.md). JSON in a script element
 * is data, not code: the Content-Security-Policy allows it, and `<` is escaped so no text can close it.
 */
export function homePageHtml(template: string, first: FirstRooms): string {
  const json = JSON.stringify(first).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const data = `<script type="application/json" id="${FIRST_ROOMS_ELEMENT_ID}">${json}</script>`;
  const image = first.page.items[0]?.image;
  const srcset = image ? imageSrcSet(image) : undefined;
  const preload = image
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageAtWidth(image, ROOM_CARD_IMAGE_WIDTH))}"` +
      (srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(ROOM_CARD_IMAGE_SIZES)}"` : '') +
      '>'
    : '';
  // A function, not a string, as the replacement: a room's text may hold `$&` and the like.
  return template.replace('</head>', () => `${preload}</head>`).replace('</body>', () => `${data}</body>`);
}

/**
 * Serves, from the API's own origin: uploaded images under /uploads, the built web app, and the
 * app's index.html for any other route so client-side routes load on refresh: with status 200 for
 * the app's own paths (APP_PATHS), 404 for the rest, where the app shows its not-found screen.
 * The home page's index.html carries its first page of rooms (see homePageHtml).
 * Unknown /api paths and missing files get the JSON 404 instead.
 */
export async function registerWebServing(
  app: FastifyInstance,
  options: { imageFiles: ImageFiles; webDist: string | null; db: Db; listing: ListingCache },
): Promise<void> {
  // The reply decorators (sendFile) are added once, by the web app's static handler when there is one.
  await registerUploadsServing(app, options.imageFiles, { decorateReply: !options.webDist });

  const webDist = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // `/` is the home page, answered below with its first rooms.
      index: false,
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

    const template = readFileSync(join(webDist, 'index.html'), 'utf8');
    app.get('/', async (request, reply) => {
      const params = new URL(request.url, 'http://localhost').searchParams;
      const requested = params.get('category') || null;
      // An unknown category has no rooms: the app says so without asking the API, and so does the page.
      if (requested && !findCategory(requested)) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
      }
      // The app's own reading of the address (what it cannot use is dropped), so it finds the page it asks for.
      const search = readSearch(params);
      const query = searchToQuery(search);
      try {
        // Kept, compressed and tagged like GET /api/rooms, and dropped by the same writes: the page is as fresh
        // as the API, made once per change rather than per visit, and revalidated by the browser every time.
        const answer = await options.listing.answer(`home ${query}`, async () => {
          const { page, dependencies } = await searchRooms(options.db, { search, limit: ROOMS_PAGE_SIZE });
          return { body: homePageHtml(template, firstRoomsSchema.parse({ search: query, page })), ...dependencies };
        });
        return options.listing.send(request, reply, answer, 'text/html; charset=utf-8');
      } catch (error) {
        // The app still loads and asks the API itself, which answers with the error the person sees.
        request.log.warn({ err: error }, 'Could not embed the first rooms in the home page');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
      }
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
