import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from './es/messages';

/** The msgid → msgstr pairs of a PO catalog (one line each, as `lingui extract` writes them). */
function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const pattern = /^msgid (".*")\nmsgstr (".*")$/gm;
  for (const [, id, text] of readFileSync(new URL(path, import.meta.url), 'utf8').matchAll(pattern)) {
    const key = JSON.parse(id!) as string;
    if (key !== '') entries.set(key, JSON.parse(text!) as string);
  }
  return entries;
}

describe('the Spanish catalog', () => {
  const po = readPo('./es/messages.po');

  it('translates every message the app shows', () => {
    const untranslated = [...po].filter(([, text]) => text.trim() === '').map(([id]) => id);
    expect(untranslated).toEqual([]);
    expect(po.size).toBeGreaterThan(0);
  });

  it('is compiled as it stands (npm run i18n:compile)', () => {
    expect(Object.keys(messages).sort()).toEqual([...po.keys()].sort());
  });
});
