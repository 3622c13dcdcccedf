import type { FastifyInstance } from 'fastify';
import { BadRequestError, DISALLOWED_CHARACTERS_MESSAGE } from '../errors.js';

/** Far deeper than any body the product takes, and far from what a parser or a serializer can overflow on. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = /*i18n*/ 'The request is nested too deeply.';

/** Whether JSON text opens more than `limit` arrays or objects inside each other (counted without parsing). */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === '}' || c === ']') {
      depth -= 1;
    }
  }
  return false;
}

/** Whether any string in a parsed JSON value, or any key, holds a NUL character (the database cannot store one). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}

/**
 * Input no route should ever see, refused with a 400 for every route (the auth library's included) before
 * any of our code or a library's handles it: JSON nested absurdly deep, and NUL characters in a JSON body,
 * the path or the query. The check of the URL runs after the route guards, so 401 and 403 still come first.
 */
export function registerInputLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new BadRequestError(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, (err, value: unknown) => {
      if (err) done(err, undefined);
      else if (holdsNul(value)) done(new BadRequestError(DISALLOWED_CHARACTERS_MESSAGE), undefined);
      else done(null, value);
    });
  });

  // Written with a callback rather than as an async function: every request passes here, and a promise a hook
  // returns costs the request a turn of the microtask queue.
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.url.includes('%00') || request.url.includes('\u0000') ? new BadRequestError(DISALLOWED_CHARACTERS_MESSAGE) : undefined);
  });
}
