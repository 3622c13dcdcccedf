import { describe, expect, it } from 'vitest';
import { SEARCH_FIELD_READERS, SEARCH_FIELDS } from './search.js';
import { searchFieldSchemas } from './search-query.js';

/*
 * The home page reads its address with search.ts' plain readers, the API with these zod schemas: both answer each
 * parameter the same, with the same words for what is wrong (docs/decisions/066-first-touch.md).
 */

const TEXTS = [
  '',
  ' ',
  'Lake',
  'lake',
  'Beach',
  ' lisbon ',
  'x'.repeat(100),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(101),
  '2030-01-03',
  '2030-02-30',
  '0000-01-01',
  '2030-1-3',
  'weekend',
  'month',
  '2030-03',
  '2030-03,2030-04',
  '2030-04,2030-03,2030-04',
  '2030-03,2030-04,2030-05,2030-06,2030-07,2030-08,2030-09',
  '2030-13',
  '0',
  '1',
  '2',
  ' 3 ',
  '1.5',
  '16',
  '17',
  '-1',
  '1e3',
  '0x10',
  '10000',
  '10001',
  'Infinity',
  'NaN',
  'wifi',
  'wifi,kitchen',
  'kitchen,wifi,wifi',
  'wifi,,kitchen',
  'wifi,jacuzzi-of-gold',
  'price-asc',
  'top-rated',
  'recommended',
  '38,-10,39,-9',
  '38,170,39,-170',
  '38, -10 ,39,-9',
  '38,-10,39',
  '38,-10,,-9',
  '91,-10,92,-9',
  '38,-181,39,-9',
  '39,-10,38,-9',
  'a,b,c,d',
];

describe("the search's parameters", () => {
  it('are the same fields, in the same order, for the home page and the API', () => {
    expect(Object.keys(searchFieldSchemas)).toEqual([...SEARCH_FIELDS]);
  });

  it.each(SEARCH_FIELDS)('%s: the home page reads each text as the API does, and says the same of a wrong one', (field) => {
    for (const text of TEXTS) {
      const reading = SEARCH_FIELD_READERS[field](text);
      const parsed = searchFieldSchemas[field].safeParse(text);
      const expected = parsed.success ? { value: parsed.data } : { problem: parsed.error.issues[0]?.message };
      expect({ text, reading }).toEqual({ text, reading: expected });
    }
  });
});
