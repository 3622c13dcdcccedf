import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  findCategory,
  firstRoomPageSchema,
  firstRoomsSchema,
  isAppPath,
  marketplaceCurrency,
  roomIdSchema,
  readSearch,
  ROOMS_PAGE_SIZE,
  searchToQuery,
  type FirstRooms,
  type Locale,
} from '@staybook/domain';
import type { BrowsingReads } from '../../db/replica.js';
import { errorBody, NotFoundError } from '../../errors.js';
import { requestLocale } from '../../request-locale.js';
import type { ImageFiles } from '../../integrations/images/image-store.js';
import type { ListingCache } from '../rooms/listing-cache.js';
import { registerUploadsServing } from '../uploads/serve-uploads.js';
import { findRoomCover, getRoom } from '../rooms/rooms.service.js';
import type { RoomFinder } from '../rooms/search-index/search-index.js';
import type { Actor } from '../../plugins/session.js';
import { loadFirstViewRenderer } from './first-view-renderer.js';
import { homePageHtml, pageInCurrency, readManifest, roomPageHtml, templatesByLocale } from './page-html.js';

const YEAR_SECONDS = 31_536_000;

/**
 * Serves, from the API's own origin: uploaded images under /uploads, the built web app, and the
 * app's index.html for any other route so client-side routes load on refresh: with status 200 for
 * the app's own paths (APP_PATHS), 404 for the rest, where the app shows its not-found screen.
 * The home page's index.html carries its first page of rooms, and its first view drawn from them (see homePageHtml).
 * Unknown /api paths and missing files get the JSON 404 instead.
 */
export async function registerWebServing(
  app: FastifyInstance,
  options: {
    imageFiles: ImageFiles;
    webDist: string | null;
    /** The rooms' reads, which may lag a moment: the read replica when there is one (db/replica.ts). */
    browse: BrowsingReads;
    /** A search's answer: from the search index when it can give one (modules/rooms/search-index). */
    findRooms: RoomFinder;
    listing: ListingCache;
    /** Who the request's session signs in, as the API's guarded routes resolve it (plugins/session.ts). */
    resolveViewer: (headers: FastifyRequest['headers']) => Promise<Actor | null>;
  },
): Promise<void> {
  // The reply decorators (sendFile) are added once, by the web app's static handler when there is one.
  await registerUploadsServing(app, options.imageFiles, { decorateReply: !options.webDist });

  const webDist = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : null;
  /** The app's page for a path: 200 for one of its routes, 404 for one it has no page for (it shows its not-found screen). */
  let pageIn: ((locale: Locale) => string) | null = null;
  const sendAppPage = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    reply
      .status(isAppPath(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pageIn!(requestLocale(request.headers)));
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

    const byLocale = templatesByLocale(readFileSync(join(webDist, 'index.html'), 'utf8'), readManifest(webDist));
    /** The built index.html in a language, naming the marketplace's currency in force (decisions 061 and 062). */
    const templateFor = (locale: Locale) => pageInCurrency(byLocale(locale), marketplaceCurrency());
    pageIn = templateFor;
    const renderFirstView = await loadFirstViewRenderer(webDist, {
      info: (message) => app.log.info(message),
      warn: (details, message) => app.log.warn(details, message),
    });
    /** The first view's HTML, or null (the app then draws the page itself) should drawing it fail. */
    const drawFirstView = (request: FastifyRequest, first: FirstRooms, locale: Locale): string | null => {
      if (!renderFirstView) return null;
      try {
        return renderFirstView.home(first, locale);
      } catch (error) {
        request.log.error({ err: error }, 'Could not draw the home page on the server; the browser draws it');
        return null;
      }
    };
    /**
     * A room page painted for the signed-in person asking (decision 045), with the session and the room as the
     * guarded routes and GET /api/room/:id resolve them for that person; or null, and the page is served as the
     * app draws it: for a visitor (the app shows sign-in), for a room the API would not answer (the app shows why),
     * without the server build, or should drawing fail (logged, never sent).
     */
    const paintRoomPage = async (request: FastifyRequest, id: string): Promise<string | null> => {
      const renderRoom = renderFirstView?.room;
      if (!renderRoom || !request.headers.cookie) return null;
      try {
        const viewer = await options.resolveViewer(request.headers);
        if (!viewer) return null;
        const room = await options.browse(request, (db) => getRoom(db, { id, viewer }));
        const first = firstRoomPageSchema.parse({ user: viewer, room });
        const locale = requestLocale(request.headers);
        return roomPageHtml(templateFor(locale), room.image, { first, view: await renderRoom(first, request.url, locale) });
      } catch (error) {
        if (!(error instanceof NotFoundError)) request.log.error({ err: error }, 'Could not draw the room page on the server; the browser draws it');
        return null;
      }
    };

    app.get('/', async (request, reply) => {
      const params = new URL(request.url, 'http://localhost').searchParams;
      const requested = params.get('category') || null;
      // The page is written in the visitor's language: caches keep one per language.
      const locale = requestLocale(request.headers);
      const template = templateFor(locale);
      reply.header('vary', 'Cookie, Accept-Language');
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
        const answer = await options.listing.answer(`home ${locale} ${query}`, async () => {
          const { page, dependencies } = await options.findRooms(request, { search, limit: ROOMS_PAGE_SIZE });
          const first = firstRoomsSchema.parse({ search: query, page });
          return { body: homePageHtml(template, first, drawFirstView(request, first, locale)), ...dependencies };
        }, { searched: query !== '' });
        return options.listing.send(request, reply, answer, 'text/html; charset=utf-8');
      } catch (error) {
        // The app still loads and asks the API itself, which answers with the error the person sees.
        request.log.warn({ err: error }, 'Could not embed the first rooms in the home page');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
      }
    });

    app.get('/room/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      // `/room/` names no page: the not-found answer, as for any other path the app does not have.
      if (id === '') return sendAppPage(request, reply, '/room/');
      const locale = requestLocale(request.headers);
      const template = templateFor(locale);
      // Whether the page is painted depends on who asks, and its language on their choice or browser.
      reply.header('vary', 'Cookie, Accept-Language');
      const sendTemplate = () => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
      // An id no room can have: the app says so without asking the API.
      if (!roomIdSchema.safeParse(id).success) return sendTemplate();
      const painted = await paintRoomPage(request, id);
      if (painted !== null) {
        // Drawn for the person asking: kept by no cache, ours included.
        reply.header('cache-control', 'no-store');
        const answer = await options.listing.fresh(async () => ({ body: painted, roomIds: [id] }));
        return options.listing.send(request, reply, answer, 'text/html; charset=utf-8');
      }
      try {
        // Kept with the room's own answers, and dropped by the same writes (a new cover, the room removed).
        const answer = await options.listing.answer(`room page ${locale} ${id}`, async () => {
          const cover = await options.browse(request, (db) => findRoomCover(db, { id }));
          return { body: cover ? roomPageHtml(template, cover) : template, roomIds: [id] };
        });
        return options.listing.send(request, reply, answer, 'text/html; charset=utf-8');
      } catch (error) {
        request.log.warn({ err: error }, 'Could not preload the room page\'s cover');
        return sendTemplate();
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
    if (webDist && isAppRoute) return sendAppPage(request, reply, path);
    // An address no page asks for (a hand-written request's): it names what was asked. i18n-literal-ok
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, `Nothing here: ${request.method} ${path}`));
  });
}
