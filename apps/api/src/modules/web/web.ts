import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CURRENCY_META_NAME,
  ERROR_CODES,
  FIRST_ROOM_ELEMENT_ID,
  FIRST_ROOMS_ELEMENT_ID,
  findCategory,
  firstRoomPageSchema,
  firstRoomsSchema,
  imageAtWidth,
  imageSrcSet,
  isAppPath,
  marketplaceCurrency,
  ROOM_CARD_IMAGE_SIZES,
  ROOM_CARD_IMAGE_WIDTH,
  ROOM_COVER_IMAGE_SIZES,
  ROOM_COVER_IMAGE_WIDTH,
  roomIdSchema,
  roomPageTitle,
  readSearch,
  ROOMS_PAGE_SIZE,
  searchToQuery,
  type FirstRoomPage,
  type FirstRooms,
  type Locale,
} from '@staybook/domain';
import type { BrowsingReads } from '../../db/replica.js';
import { errorBody, NotFoundError } from '../../errors.js';
import { escapeHtml } from '../../html.js';
import { requestLocale } from '../../request-locale.js';
import type { ImageFiles } from '../../integrations/images/image-store.js';
import type { ListingCache } from '../rooms/listing-cache.js';
import { registerUploadsServing } from '../uploads/serve-uploads.js';
import { findRoomCover, getRoom } from '../rooms/rooms.service.js';
import type { RoomFinder } from '../rooms/search-index/search-index.js';
import type { Actor } from '../../plugins/session.js';

const YEAR_SECONDS = 31_536_000;

/** A preload of a stored picture at the width and sizes its `<img>` uses, so the browser fetches the same file. */
function imagePreload(image: string, width: number, sizes: string): string {
  const srcset = imageSrcSet(image);
  return (
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageAtWidth(image, width))}"` +
    (srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '') +
    '>'
  );
}

/**
 * A room page's HTML: the built index.html with a preload of the room's cover, the page's largest content. With
 * `painted`, the first view the server drew for one signed-in viewer fills the root and the session and room it
 * was drawn with are embedded as JSON (the app starts from them and hydrates it); without, the app draws the page
 * once it has the session, its code and the room, and the picture arrives meanwhile.
 */
export function roomPageHtml(template: string, cover: string, painted: { first: FirstRoomPage; view: string } | null = null): string {
  const preload = imagePreload(cover, ROOM_COVER_IMAGE_WIDTH, ROOM_COVER_IMAGE_SIZES);
  const page = painted
    ? withData(withFirstView(template, painted.view), FIRST_ROOM_ELEMENT_ID, painted.first)
        // The tab says which room it is from the first byte, as the app will once it runs.
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(roomPageTitle(painted.first.room.title))}</title>`)
    : template;
  return page.replace('</head>', () => `${preload}</head>`);
}

/** Draws the first views of the home page and of a room page (apps/web/src/entry-server.tsx). */
export type FirstViewRenderer = {
  /** In `locale` (English when not given). */
  home: (first: FirstRooms, locale?: Locale) => string;
  /** A room page for one signed-in viewer, at its address (path and query); null when the build has none. */
  room: ((first: FirstRoomPage, address: string, locale?: Locale) => Promise<string>) | null;
};


/**
 * The built index.html for each language: `<html lang>` names it, and, for a language with a catalog, the page
 * preloads the catalog's chunks, which the app loads before it draws (apps/web/src/app/page-language.ts). The
 * chunks are the build manifest's for `src/locales/<locale>/catalog.ts`.
 */
export function templatesByLocale(
  template: string,
  manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }> | null,
): (locale: Locale) => string {
  const made = new Map<Locale, string>();
  return (locale) => {
    if (locale === 'en') return template;
    let page = made.get(locale);
    if (!page) {
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest?.[key];
        // The app's own entry (and what it imports) is on the page already.
        if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(`src/locales/${locale}/catalog.ts`);
      const preloads = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('');
      page = template
        .replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes.replace(/\s+lang="[^"]*"/, '')} lang="${locale}">`)
        .replace('</head>', () => `${preloads}</head>`);
      made.set(locale, page);
    }
    return page;
  };
}

/** The web app's server build sits beside its browser build: apps/web/dist-server beside apps/web/dist. */
export function firstViewModulePath(webDist: string): string {
  return join(dirname(webDist), `${basename(webDist)}-server`, 'entry-server.js');
}

/**
 * The web app's renderer of the home page's first view (decision 045), or null when it was not built or does not
 * load: the home page then arrives as before, with its rooms as JSON and an empty root the app draws into.
 */
export async function loadFirstViewRenderer(
  webDist: string,
  log: { info: (message: string) => void; warn: (details: object, message: string) => void },
): Promise<FirstViewRenderer | null> {
  const path = firstViewModulePath(webDist);
  if (!existsSync(path)) {
    log.info(`The home page is drawn by the browser alone: no server build at ${path} (\`npm run build\` makes it)`);
    return null;
  }
  try {
    const loaded = (await import(pathToFileURL(path).href)) as { renderHomePage?: unknown; renderRoomPage?: unknown };
    if (typeof loaded.renderHomePage !== 'function') throw new Error(`${path} has no renderHomePage function`);
    // Each drawing is told the page's language and the marketplace's currency: the server build has its own copy of
    // the domain's locale.ts and money.ts.
    const renderHome = loaded.renderHomePage as (first: FirstRooms, locale: Locale, currency: string) => unknown;
    const renderRoom =
      typeof loaded.renderRoomPage === 'function'
        ? (loaded.renderRoomPage as (first: FirstRoomPage, address: string, locale: Locale, currency: string) => unknown)
        : null;
    return {
      home: (first, locale = 'en') => html(renderHome(first, locale, marketplaceCurrency())),
      room: renderRoom && (async (first, address, locale = 'en') => html(await renderRoom(first, address, locale, marketplaceCurrency()))),
    };
  } catch (error) {
    log.warn({ err: error }, 'The home page is drawn by the browser alone: its server build did not load');
    return null;
  }
}

/** The web build's manifest (which chunks each module needs), or null when the build has none. */
function readManifest(webDist: string): Record<string, { file: string; imports?: string[]; isEntry?: boolean }> | null {
  try {
    return JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  } catch {
    return null;
  }
}

function html(drawn: unknown): string {
  if (typeof drawn !== 'string') throw new Error('The first view renderer did not answer HTML');
  return drawn;
}

/**
 * A page of the app naming the marketplace's currency, which the app reads before it draws anything (main.tsx), so
 * every amount it shows is in it from the first render (decision 061). Made once per currency.
 */
const inCurrency = new Map<string, string>();
export function pageInCurrency(page: string, currency: string): string {
  const key = `${currency} ${page}`;
  let made = inCurrency.get(key);
  if (made === undefined) {
    made = page.replace('</head>', () => `<meta name="${CURRENCY_META_NAME}" content="${escapeHtml(currency)}"></head>`);
    if (inCurrency.size > 8) inCurrency.clear();
    inCurrency.set(key, made);
  }
  return made;
}

/**
 * The Content-Security-Policy's sources for the built page's inline scripts, each by its hash (`'sha256-…'`): the one
 * script a page runs before the app's code, which keeps what a person presses or changes meanwhile (index.html,
 * decision 071). Every other script is a file of this origin. None without a built app.
 */
export function inlineScriptSources(webDist: string | null): string[] {
  const page = webDist ? join(webDist, 'index.html') : null;
  if (!page || !existsSync(page)) return [];
  return [...readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/** The root element the app mounts into, as the built index.html has it. */
const EMPTY_ROOT = '<div id="root"></div>';

/** The page with the server's first view in the app's root, its scripts fetched at low priority (paintedFirst). */
function withFirstView(template: string, view: string): string {
  // A function, not a string, as the replacement: a room's text may hold `$&` and the like.
  return paintedFirst(template).replace(EMPTY_ROOT, () => `<div id="root">${view}</div>`);
}

/**
 * The page with `data` as JSON in a script element with this id, at the end of its body. JSON in a script element
 * is data, not code: the Content-Security-Policy allows it, and `<` is escaped so no text can close it.
 */
function withData(page: string, id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return page.replace('</body>', () => `<script type="application/json" id="${id}">${json}</script></body>`);
}

/**
 * The home page's HTML: the built index.html with the first page of rooms embedded as JSON (the app's rooms
 * query starts from it) and a preload of the first card's picture, so the largest content of the page is
 * fetched while the JavaScript still loads (docs/decisions/017-bundle-budget.md). `firstView`, when the server drew it from the same rooms, fills the app's root: the page is painted before any
 * JavaScript runs, and the app hydrates it (decision 045).
 */
export function homePageHtml(template: string, first: FirstRooms, firstView: string | null = null): string {
  const image = first.page.items[0]?.image;
  const preload = image ? imagePreload(image, ROOM_CARD_IMAGE_WIDTH, ROOM_CARD_IMAGE_SIZES) : '';
  const page = firstView === null ? template : withFirstView(template, firstView);
  return withData(page, FIRST_ROOMS_ELEMENT_ID, first).replace('</head>', () => `${preload}</head>`);
}

/**
 * A page the server painted needs its JavaScript only to become interactive: the app's script and the chunks it
 * preloads are fetched at low priority, after the stylesheet and the first card's picture (otherwise a phone's
 * first paint waits for ~100 KB of code it does not need to show the page). Pages the app draws keep the
 * browser's priorities.
 */
function paintedFirst(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

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
