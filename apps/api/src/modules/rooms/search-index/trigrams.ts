/*
 * pg_trgm's word similarity, in process (docs/decisions/057-search-index.md): the search index matches a typed place
 * against each room's folded location and title exactly as `search_fold(where) <% search_fold(location || ' ' ||
 * title)` and `word_similarity(…)` do in the database, so a search answers the same whichever of the two runs it.
 * Ported from PostgreSQL's contrib/pg_trgm/trgm_op.c (generate_trgm_only, calc_word_similarity,
 * iterate_word_similarity); trigrams.test.ts compares it with the database's own function on both database kinds.
 *
 * Two differences are accepted: a trigram of multibyte characters is the three characters here, where pg_trgm keeps
 * a 3-byte CRC of them (a collision there is a match here only if the characters are equal), and whether a letter
 * outside ASCII is part of a word follows the database's locale, which the index asks once (`nonAsciiLetters`).
 */

/** Words as pg_trgm splits them: runs of letters and digits. */
export type WordChars = { nonAsciiLetters: boolean };

const ASCII_WORD = /[a-z0-9]/i;
const UNICODE_WORD = /[\p{L}\p{N}]/u;

function isWordChar(char: string, chars: WordChars): boolean {
  if (char.charCodeAt(0) < 0x80) return ASCII_WORD.test(char);
  return chars.nonAsciiLetters && UNICODE_WORD.test(char);
}

/**
 * A text's trigrams in order, each word padded with two spaces before and one after, lower-cased: as pg_trgm's
 * generate_trgm_only without bounds.
 */
export function trigramsInOrder(text: string, chars: WordChars): string[] {
  const out: string[] = [];
  const characters = Array.from(text);
  let i = 0;
  while (i < characters.length) {
    while (i < characters.length && !isWordChar(characters[i] as string, chars)) i++;
    if (i >= characters.length) break;
    const start = i;
    while (i < characters.length && isWordChar(characters[i] as string, chars)) i++;
    const word = Array.from(`  ${characters.slice(start, i).join('').toLowerCase()} `);
    for (let k = 0; k + 3 <= word.length; k++) out.push(`${word[k]}${word[k + 1]}${word[k + 2]}`);
  }
  return out;
}

/**
 * Every trigram of a room's text, numbered in the order first met, for as long as the process runs: texts and places
 * are compared as numbers, and the trigram index lists rooms by number. Only texts number trigrams (a typed place
 * adds none), so what guests type cannot grow it; the trigrams of the texts of many rooms are some thousands.
 */
const trigramCodes = new Map<string, number>();

function codeOf(trigram: string): number {
  let code = trigramCodes.get(trigram);
  if (code === undefined) trigramCodes.set(trigram, (code = trigramCodes.size));
  return code;
}

/**
 * A typed place, ready to be compared with many texts: how many distinct trigrams it has, the numbers of those some
 * text has, and which numbers those are as a table (`has[code]` is 1). A trigram no text had when it was made can
 * match no text: make it after the texts it is compared with.
 */
export type PlaceQuery = { size: number; codes: Int32Array; has: Uint8Array };

export function placeQuery(folded: string, chars: WordChars): PlaceQuery {
  const trigrams = new Set(trigramsInOrder(folded, chars));
  const codes: number[] = [];
  for (const trigram of trigrams) {
    const code = trigramCodes.get(trigram);
    if (code !== undefined) codes.push(code);
  }
  const has = new Uint8Array(trigramCodes.size);
  for (const code of codes) has[code] = 1;
  return { size: trigrams.size, codes: Int32Array.from(codes), has };
}

/**
 * A `real` as the database sends it: the shortest decimal that reads back as the same float4 (PostgreSQL's output
 * since version 12), read as a JavaScript number. Scores and ranks are compared and put in cursors in this form.
 */
export function asReal(value: number): number {
  const single = Math.fround(value);
  if (!Number.isFinite(single) || single === 0) return single;
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return Number(single.toPrecision(9));
}

/** float4 division as pg_trgm's CALCSML. */
function similarity(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * A text's trigrams as `wordSimilarity` reads them, in one array (one object a room, not two): how many distinct
 * trigrams it has (d), their numbers, then each of its trigrams in order as an index into those.
 */
export type TextTrigrams = { trigrams: Int32Array };

/** The numbers of a text's distinct trigrams. */
export function distinctTrigrams({ trigrams }: TextTrigrams): Int32Array {
  return trigrams.subarray(1, 1 + (trigrams[0] as number));
}

/** Room for one text's trigrams, kept between calls (a search compares many texts). */
let foundBuffer = new Uint8Array(64);
let lastposBuffer = new Int32Array(64);

/**
 * `word_similarity(query, text)`: the greatest similarity between the query's trigrams and a continuous extent of
 * the text's trigrams, found by pg_trgm's own iterative procedure (which is what the database answers, even where
 * it is not the exact maximum), as a float4. The text comes as its distinct trigrams and each of its trigrams in
 * order as an index into those (`textTrigrams` makes both), so a room's text is split once.
 */
export function wordSimilarity(query: PlaceQuery, { trigrams }: TextTrigrams): number {
  const ulen1 = query.size;
  const distinct = trigrams[0] as number;
  // The trigrams in order, as indexes into the distinct ones, are at `at + i`.
  const at = 1 + distinct;
  const len2 = trigrams.length - at;
  if (len2 === 0 || ulen1 === 0) return 0;
  const { has } = query;
  if (foundBuffer.length < distinct) {
    foundBuffer = new Uint8Array(distinct * 2);
    lastposBuffer = new Int32Array(distinct * 2);
  }
  const found = foundBuffer;
  const lastpos = lastposBuffer;
  for (let t = 0; t < distinct; t++) {
    const code = trigrams[1 + t] as number;
    found[t] = code < has.length ? (has[code] as number) : 0;
  }
  lastpos.fill(-1, 0, distinct);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < len2; i++) {
    const t = trigrams[at + i] as number;
    if (lower >= 0 || found[t]) {
      if ((lastpos[t] as number) < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen1, ulen2);
    // Also try to move the lower bound up for a greater similarity. The query's trigrams in the extent only fall as it
    // does, and a similarity is at most their share of the query's: once that is no greater, nothing further is.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      if (Math.fround(tmpCount / ulen1) <= current) break;
      const candidate = similarity(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const u = trigrams[at + tmpLower] as number;
      if (lastpos[u] === tmpLower) {
        tmpUlen2--;
        if (found[u]) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const u = trigrams[at + tmpLower] as number;
      if (lastpos[u] === tmpLower) lastpos[u] = -1;
    }
  }
  return best;
}

/** A text's trigrams for `wordSimilarity`. */
export function textTrigrams(text: string, chars: WordChars): TextTrigrams {
  const trigrams = trigramsInOrder(text, chars);
  const distinct = [...new Set(trigrams)];
  const position = new Map(distinct.map((trigram, i) => [trigram, i]));
  return { trigrams: Int32Array.from([distinct.length, ...distinct.map(codeOf), ...trigrams.map((trigram) => position.get(trigram) as number)]) };
}
