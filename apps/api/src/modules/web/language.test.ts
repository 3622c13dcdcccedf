import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWebBuild } from '../../test/web-builds.js';

/** Decision 062: every page is written in the visitor's language, which the app then starts in. */
describe('the page language', () => {
  const s = useWebBuild(async (dist) => {
    await mkdir(join(dist, '.vite'), { recursive: true });
    await writeFile(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc.js', isEntry: true },
        'src/locales/es/catalog.ts': { file: 'assets/catalog-es1.js', isDynamicEntry: true, imports: ['index.html', '_lingui.js'] },
        '_lingui.js': { file: 'assets/lingui-xyz.js' },
      }),
    );
  });

  const page = (url: string, headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers });

  it('is the one the visitor chose in the picker, else their browser’s first the product speaks, else English', async () => {
    const cases: [Record<string, string>, 'en' | 'es'][] = [
      [{ cookie: 'lang=es' }, 'es'],
      [{ cookie: 'other=1; lang=es', 'accept-language': 'en-US' }, 'es'],
      [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
      [{ 'accept-language': 'fr-FR, es;q=0.5' }, 'es'],
      [{ cookie: 'lang=en', 'accept-language': 'es' }, 'en'],
      [{ 'accept-language': 'fr-FR' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, locale] of cases) {
      for (const url of ['/dashboard/profile', '/login', '/no-such-page']) {
        const res = await page(url, headers);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers.vary).toContain('Accept-Language');
        const painted = /<html[^>]*\blang="(\w+)"/.exec(res.body)?.[1] ?? 'en';
        expect(painted, `${url} ${JSON.stringify(headers)}`).toBe(locale);
      }
    }
  });

  it('preloads the language’s catalog and Lingui with it, and nothing more for English', async () => {
    const spanish = (await page('/dashboard/my-bookings', { cookie: 'lang=es' })).body;
    expect(spanish).toContain('<link rel="modulepreload" crossorigin href="/assets/catalog-es1.js">');
    expect(spanish).toContain('<link rel="modulepreload" crossorigin href="/assets/lingui-xyz.js">');
    // The app's entry is on the page already.
    expect(spanish).not.toContain('modulepreload" crossorigin href="/assets/index-abc.js"');
    const english = (await page('/dashboard/my-bookings', {})).body;
    expect(english).not.toContain('catalog-es1');
    expect(english).not.toContain('lang="es"');
  });

  it('keeps the home page of each language apart', async () => {
    const spanish = await page('/', { cookie: 'lang=es' });
    const english = await page('/', {});
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('lang="es"');
    expect(english.body).not.toContain('lang="es"');
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    expect(spanish.headers.vary).toContain('Cookie');
  });
});
