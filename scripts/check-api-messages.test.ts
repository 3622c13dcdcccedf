import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { apiMessageProblems } from './check-api-messages.mjs';

const CATALOG = new Set(['Wishlist not found.', 'Only the host of this room can change it.']);
const problems = (text: string): string[] => apiMessageProblems('x.ts', text, CATALOG);

describe('npm run lint on the API’s error messages', () => {
  it('fails on a sentence built around a value, however the message reaches the error', () => {
    expect(problems('throw new ConflictError(`This room has ${n} upcoming stays.`);')).toEqual([
      'x.ts:1: a sentence around a value (answer its facts, write it with a domain function): new ConflictError(`This room has ${n} upcoming stays.`)',
    ]);
    expect(problems('const tooLarge = `The limit is ${mb} MB.`;\nthrow new AppError(413, code, tooLarge);')).toHaveLength(1);
    expect(problems("reply.send(errorBody(code, ok ? 'Wishlist not found.' : `Nothing at ${path}`));")).toHaveLength(1);
  });

  it('fails on an English sentence the catalog does not know, marked or not', () => {
    expect(problems("throw new ForbiddenError('You can only see your own listings.');")).toEqual([
      "x.ts:1: an English message not in the catalog (mark it /*i18n*/): new ForbiddenError('You can only see your own listings.')",
    ]);
    expect(problems("const GONE = /*i18n*/ 'Gone for good.';\nthrow new NotFoundError(GONE);")[0]).toMatch(/^x\.ts:2: marked \/\*i18n\*\/ but not in the catalog/);
  });

  it('passes the catalog’s sentences, a message written by a function, a field before its message, and an excused one', () => {
    expect(
      problems(
        [
          "const NOT_THE_HOST = /*i18n*/ 'Only the host of this room can change it.';",
          'throw new ForbiddenError(NOT_THE_HOST);',
          "throw new NotFoundError(/*i18n*/ 'Wishlist not found.');",
          'throw new ConflictError(refusalText(facts), facts);',
          'throw new BadRequestError(`${field}: ${message}`, { [field]: message });',
          'throw new BadRequestError(`from: ${startError}`, { from: startError });',
          '// An address no page asks for. i18n-literal-ok',
          'reply.send(errorBody(code, `Nothing here: ${path}`));',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
