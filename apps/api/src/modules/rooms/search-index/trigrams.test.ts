import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../db/client.js';
import { TEST_DATABASE_KINDS } from '../../../test/databases.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asReal, placeQuery, textTrigrams, wordSimilarity, type WordChars } from './trigrams.js';

/*
 * The in-process word similarity is pg_trgm's (decision 057): on random typed places and room texts, built from the
 * letters and words places are made of, it gives the database's `word_similarity` to the last bit of the float4, and
 * the same answer to its `<%` at the search's threshold.
 */

const word = fc.oneof(
  fc.constantFrom('lisbon', 'lisboa', 'porto', 'new', 'york', 'sao', 'paulo', 'zermatt', 'kyoto', 'loft', 'cabin', 'lake', 'a', 'de', 'la'),
  fc.stringMatching(/^[a-z0-9]{1,9}$/),
);
const text = fc.array(word, { minLength: 0, maxLength: 6 }).chain((words) =>
  fc.constantFrom(' ', ', ', '-', ' / ').map((separator) => words.join(separator)),
);

describe.each(TEST_DATABASE_KINDS)('pg_trgm word similarity in process, on %s', (kind) => {
  let t: TestApp;
  let chars: WordChars;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { rows } = (await t.database.db.execute(sql`select word_similarity('ж', 'ж') > 0 as letters`)) as unknown as { rows: { letters: boolean }[] };
    chars = { nonAsciiLetters: rows[0]?.letters === true };
  });
  afterAll(() => t.close());

  /** The text's trigrams first: a place is compared with the texts numbered before it. */
  function similarityOf(query: string, against: string): number {
    const text = textTrigrams(against, chars);
    return asReal(wordSimilarity(placeQuery(query, chars), text));
  }

  async function database(query: string, against: string): Promise<{ similarity: number; matches: boolean }> {
    // The search's threshold, set for the transaction as the search sets it.
    const { rows } = await withTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
      return (await tx.execute(sql`select word_similarity(${query}, ${against}) as similarity, ${query} <% ${against} as matches`)) as unknown as {
        rows: { similarity: number; matches: boolean }[];
      };
    });
    return { similarity: Number(rows[0]!.similarity), matches: rows[0]!.matches };
  }

  it('gives the database’s similarity and match on random places and texts', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (query, against) => {
        const mine = similarityOf(query, against);
        const theirs = await database(query, against);
        expect(mine).toBe(theirs.similarity);
        expect(mine >= 0.5).toBe(theirs.matches);
      }),
      { seed: 57, numRuns: 300 },
    );
  });

  it('agrees on the typos and places the product promises', async () => {
    for (const [query, against] of [
      ['lisbn', 'lisbon, portugal sunny loft'],
      ['nwe york', 'new york, usa old town flat'],
      ['zermat', 'zermatt, switzerland cabin'],
      ['sao paulo', 'sao paulo, brazil quiet room'],
      ['porto', 'lisbon, portugal beach house'],
    ] as const) {
      const mine = similarityOf(query, against);
      expect(mine, `${query} in ${against}`).toBe((await database(query, against)).similarity);
    }
  });
});
