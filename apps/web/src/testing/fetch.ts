import { vi } from 'vitest';

/** A response as the API sends one: the body as JSON, with its content type. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Puts a stand-in for the global fetch that answers each request with `answer(url, init)`, and returns it, so a test
 * can read what was asked (`mock.calls`). `vi.unstubAllGlobals()` puts the real one back.
 */
export function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(answer(String(input), init)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A stand-in fetch that answers every request with `body` as JSON. */
export function stubFetchJson(body: unknown, status = 200) {
  return stubFetch(() => jsonResponse(body, status));
}
