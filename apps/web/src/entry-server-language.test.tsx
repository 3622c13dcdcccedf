// @vitest-environment node
import { activeLocale } from '@staybook/domain/locale';
import { describe, expect, it } from 'vitest';
import { renderHomePage } from './entry-server';
import { sampleListedRoom } from './testing/samples';

const ROOM = sampleListedRoom();

/** Decision 062: the server paints the first view in the visitor's language, as the app then draws it. */
describe("the home page's first view in Spanish", () => {
  it('writes its texts, dates and plurals in Spanish, and leaves the next page in English', () => {
    const first = {
      search: 'checkin=2030-01-10&checkout=2030-01-13&guests=2&category=Lake',
      page: { items: [{ ...ROOM, nights: 3, totalCents: 36_000 }], nextCursor: 'next' },
    };
    const html = renderHomePage(first, 'es');
    expect(html).toContain('aria-label="Abrir el menú del perfil"');
    expect(html).toContain('aria-label="Categorías"');
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*>.*?<span[^>]*>Lago<\/span><\/a>/);
    expect(html).toContain('10 ene 2030');
    expect(html).toContain('3 noches · $360 en total');
    expect(html).toContain('Ver más alojamientos');
    expect(html).toContain('Idioma');
    expect(html).toContain('<option value="es" lang="es" selected');
    expect(html).not.toContain('Show more rooms');
    expect(activeLocale()).toBe('en');

    const english = renderHomePage(first);
    expect(english).toContain('3 nights · $360 total');
    expect(english).toContain('Language');
  });
});
