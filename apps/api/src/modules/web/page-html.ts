import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CURRENCY_META_NAME,
  FIRST_ROOM_ELEMENT_ID,
  FIRST_ROOMS_ELEMENT_ID,
  imageAtWidth,
  imageSrcSet,
  ROOM_CARD_IMAGE_SIZES,
  ROOM_CARD_IMAGE_WIDTH,
  ROOM_COVER_IMAGE_SIZES,
  ROOM_COVER_IMAGE_WIDTH,
  roomPageTitle,
  type FirstRoomPage,
  type FirstRooms,
  type Locale,
} from '@staybook/domain';
import { escapeHtml } from '../../html.js';

/*
 * The pages the server sends, made from the web app's built index.html: in a language, naming the currency, with the
 * first rooms or the room as data, the server's first view, and a preload of the largest picture.
 */

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

/** The web build's manifest (which chunks each module needs), or null when the build has none. */
export function readManifest(webDist: string): Record<string, { file: string; imports?: string[]; isEntry?: boolean }> | null {
  try {
    return JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  } catch {
    return null;
  }
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
