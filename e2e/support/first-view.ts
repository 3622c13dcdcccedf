import type { Page } from '@playwright/test';
import { FIRST_ROOM_ELEMENT_ID, FIRST_ROOMS_ELEMENT_ID, firstRoomPageSchema, firstRoomsSchema, type FirstRoomPage, type FirstRooms } from '@staybook/domain';

/**
 * The home page, and a room page for a signed-in viewer, arrive painted by the server
 * (docs/decisions/045-server-rendered-first-view.md): the root element holds the first view, followed by the data
 * it was drawn from as JSON (the first rooms; the session and the room). These read and change that HTML.
 */
const ROOT_OPEN = '<div id="root">';
const ANY_DATA_OPEN = '<script type="application/json" id=';
const DATA_OPEN = `<script type="application/json" id="${FIRST_ROOMS_ELEMENT_ID}">`;
const ROOM_DATA_OPEN = `<script type="application/json" id="${FIRST_ROOM_ELEMENT_ID}">`;

/** Where the root's content starts and ends in a painted page's HTML. */
function rootBounds(html: string): { start: number; end: number } {
  const open = html.indexOf(ROOT_OPEN);
  if (open < 0) throw new Error('The page has no root element');
  const data = html.indexOf(ANY_DATA_OPEN, open);
  const after = data >= 0 ? data : html.indexOf('</body>');
  const end = html.lastIndexOf('</div>', after);
  return { start: open + ROOT_OPEN.length, end };
}

/** What the server painted into the root: the first view's HTML, or '' when the browser is left to draw it. */
export function serverFirstView(html: string): string {
  const { start, end } = rootBounds(html);
  return html.slice(start, end);
}

/** The same page with an empty root, as the server sends it when it could not paint the first view. */
export function withoutServerFirstView(html: string): string {
  const { start, end } = rootBounds(html);
  return html.slice(0, start) + html.slice(end);
}

/** The first rooms the home page embeds for the app's rooms query. */
export function embeddedFirstRooms(html: string): FirstRooms {
  const start = html.indexOf(DATA_OPEN);
  if (start < 0) throw new Error('The page embeds no first rooms');
  const json = html.slice(start + DATA_OPEN.length, html.indexOf('</script>', start));
  return firstRoomsSchema.parse(JSON.parse(json));
}

/** The session and the room a room page painted for its viewer embeds. */
export function embeddedFirstRoom(html: string): FirstRoomPage {
  const start = html.indexOf(ROOM_DATA_OPEN);
  if (start < 0) throw new Error('The page embeds no session and room');
  const json = html.slice(start + ROOM_DATA_OPEN.length, html.indexOf('</script>', start));
  return firstRoomPageSchema.parse(JSON.parse(json));
}

/**
 * Answers the home page's document from the server as usual and keeps its HTML, so a test compares what the
 * browser shows with the very response it got (other tests change the rooms meanwhile).
 */
export function keepHomeDocument(page: Page): Promise<() => string> {
  return keepDocument(page, '/');
}

/** The same for the document at `pathname`. */
export async function keepDocument(page: Page, pathname: string): Promise<() => string> {
  let kept: string | null = null;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      kept = await response.text();
      await route.fulfill({ response, body: kept });
    },
  );
  return () => {
    if (kept === null) throw new Error(`${pathname} was not loaded`);
    return kept;
  };
}

/**
 * Records, from the end of parsing (before the app's script runs), every change to the first view inside the
 * root: hydration that agrees with the server's HTML changes nothing there. Read them with `firstViewChanges`.
 * Additions beside the first view (the toasts' container, loaded later) are not changes to it.
 */
export async function recordFirstViewChanges(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as { firstViewChanges: string[] }).firstViewChanges = changes;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      if (!root) return;
      const where = (node: Node) => (node instanceof Element ? node.outerHTML.slice(0, 120) : `${node.parentElement?.outerHTML.slice(0, 120)}`);
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target === root && record.removedNodes.length === 0) continue;
          const detail =
            record.type === 'attributes'
              ? `${record.attributeName} was "${record.oldValue}"`
              : record.type === 'characterData'
                ? `text was "${record.oldValue}"`
                : `${record.addedNodes.length} added, ${record.removedNodes.length} removed`;
          changes.push(`${record.type} at ${where(record.target)}: ${detail}`);
        }
      }).observe(root, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
    });
  });
}

export function firstViewChanges(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { firstViewChanges?: string[] }).firstViewChanges ?? ['nothing was recorded']);
}

/**
 * The first view (the root's first element: the page's frame) as lines of text, one per element and per run of
 * text, with attributes in name order and what a form control shows read from the control itself: HTML sets a
 * field's value with an attribute, a script with a property. With `html`, the first view that HTML describes,
 * parsed by the browser; without, the one the page shows.
 */
export function describeFirstView(page: Page, html: string | null = null): Promise<string[]> {
  return page.evaluate((source) => {
    const host = source === null ? document.getElementById('root') : Object.assign(document.createElement('template'), { innerHTML: source }).content;
    const frame = host?.firstElementChild;
    if (!frame) return [];
    const FORM_STATE = new Set(['value', 'checked', 'selected']);
    const lines: string[] = [];
    const visit = (element: Element, depth: number) => {
      const pad = ' '.repeat(depth);
      const tag = element.tagName.toLowerCase();
      const attributes = Array.from(element.attributes)
        .filter((a) => !FORM_STATE.has(a.name) || !['input', 'select', 'textarea', 'option'].includes(tag))
        .map((a) => `${a.name}="${a.name === 'style' ? (element as HTMLElement).style.cssText : a.value}"`)
        .sort();
      if (element instanceof HTMLInputElement) attributes.push(`.value="${element.value}"`, `.checked=${element.checked}`);
      if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) attributes.push(`.value="${element.value}"`);
      if (element instanceof HTMLOptionElement) attributes.push(`.selected=${element.selected}`);
      lines.push(`${pad}<${tag} ${attributes.join(' ')}>`);
      let text = '';
      const flush = () => {
        if (text) lines.push(`${pad} "${text}"`);
        text = '';
      };
      for (const child of Array.from(element.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
        else if (child instanceof Element) {
          flush();
          visit(child, depth + 1);
        }
      }
      flush();
    };
    visit(frame, 0);
    return lines;
  }, html);
}
