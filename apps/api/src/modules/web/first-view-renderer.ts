import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { marketplaceCurrency, type FirstRoomPage, type FirstRooms, type Locale } from '@staybook/domain';

/** Draws the first views of the home page and of a room page (apps/web/src/entry-server.tsx). */
export type FirstViewRenderer = {
  /** In `locale` (English when not given). */
  home: (first: FirstRooms, locale?: Locale) => string;
  /** A room page for one signed-in viewer, at its address (path and query); null when the build has none. */
  room: ((first: FirstRoomPage, address: string, locale?: Locale) => Promise<string>) | null;
};

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

function html(drawn: unknown): string {
  if (typeof drawn !== 'string') throw new Error('The first view renderer did not answer HTML');
  return drawn;
}
