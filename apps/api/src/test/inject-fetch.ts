import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * `fetch` through `app.inject()`: a client built on fetch (the typed client, packages/client) calls the whole app,
 * every hook and serializer included, without a port.
 */
export function injectFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
    }
    // A Response refuses a body on these statuses, even an empty one.
    const bodiless = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(bodiless ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
