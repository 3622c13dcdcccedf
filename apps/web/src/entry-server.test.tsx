// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderHomePage } from './entry-server';
import { sampleListedRoom } from './testing/samples';

const ROOM = sampleListedRoom();

/** The tests run on Node, as the API does: no window, no document. */
describe("the home page's first view drawn on the server", () => {
  it('draws the header, the search, the categories and a card per room with its pictures, as nobody signed in', () => {
    const html = renderHomePage({ search: '', page: { items: [ROOM, { ...ROOM, _id: '5f0c9d3e-0000-4000-8000-000000000003', title: 'Dune house' }], nextCursor: 'next' } });
    expect(html).toContain('aria-label="Open profile menu"');
    expect(html).toContain('/default-avatar.svg');
    expect(html).toContain('role="search"');
    expect(html).toContain('aria-label="Categories"');
    expect(html.match(/data-testid="room-card"/g)).toHaveLength(2);
    expect(html).toContain('href="/room/5f0c9d3e-0000-4000-8000-000000000001"');
    expect(html).toContain('alt="Dune house"');
    expect(html).toContain('/uploads/5f0c9d3e-0000-4000-8000-000000000002-320w.webp 320w');
    expect(html).toContain('Show more rooms');
    expect(html).toContain('© ');
  });

  it('draws the search it was made for: the chosen category, and the stay in each card', () => {
    const html = renderHomePage({
      search: 'checkin=2030-01-10&checkout=2030-01-13&guests=2&category=Lake',
      page: { items: [{ ...ROOM, nights: 3, totalCents: 36_000 }], nextCursor: null },
    });
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*>.*?<span[^>]*>Lake<\/span><\/a>/);
    expect(html).toContain('Jan 10, 2030');
    expect(html).toContain('3 nights · $360 total');
    expect(html).toContain('href="/room/5f0c9d3e-0000-4000-8000-000000000001?checkin=2030-01-10&amp;checkout=2030-01-13&amp;guests=2"');
    expect(html).not.toContain('Show more rooms');
  });

  it('draws a search that works before the app starts: a GET form to the home page that keeps the rest of the search', () => {
    const html = renderHomePage({
      search: 'category=Lake&where=Lisbon&checkin=2030-01-10&checkout=2030-01-13&guests=2&amenities=wifi,kitchen',
      page: { items: [{ ...ROOM, nights: 3, totalCents: 36_000 }], nextCursor: null },
    });
    const form = /<form[^>]*role="search"[^>]*>(.*?)<\/form>/s.exec(html);
    const opening = /<form[^>]*>/.exec(form?.[0] ?? '')?.[0];
    expect(opening).toContain('method="get"');
    expect(opening).toContain('action="/"');
    const named = [...(form?.[1] ?? '').matchAll(/<(?:input|select)[^>]*name="([^"]+)"[^>]*>/g)].map((field) => field[1]);
    // Each of the search's parameters once: the address the browser writes is this search.
    expect(named.sort()).toEqual(['amenities', 'bedrooms', 'category', 'checkin', 'checkout', 'guests', 'maxPrice', 'minPrice', 'sort', 'where']);
    expect(form?.[1]).toContain('<input type="hidden" name="category" value="Lake"/>');
    expect(form?.[1]).toContain('<input type="hidden" name="amenities" value="wifi,kitchen"/>');
    expect(form?.[1]).toMatch(/<input[^>]*name="where"[^>]*value="Lisbon"/);
  });

  it('draws the empty marketplace as the app does', () => {
    expect(renderHomePage({ search: '', page: { items: [], nextCursor: null } })).not.toContain('data-testid="room-card"');
  });
});
