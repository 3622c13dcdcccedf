import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A browser navigation to one of the app's pages, as opposed to an API call, an image or a script. */
function isPageNavigation(request: FastifyRequest): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith('/')) return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/')) return false;
  return !/\.[A-Za-z0-9]+$/.test(path) || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Cookies belong to a host name, so a Google sign-in started on 127.0.0.1 cannot finish on localhost: the
 * provider returns to PUBLIC_URL, where the state cookie is missing ("Failed to parse state"). Pages opened at
 * another host name are therefore sent to the same path on PUBLIC_URL; API calls and images are answered
 * wherever they arrive.
 *
 * It redirects only when it knows the host and scheme people used, so it can never loop: behind trusted proxies
 * only when they pass X-Forwarded-Host, and only when the scheme matches PUBLIC_URL's (a plain-HTTP request for
 * an https PUBLIC_URL came through a proxy the server was not told about, which may rewrite Host).
 */
export function registerCanonicalHost(app: FastifyInstance, { publicUrl, trustProxy }: { publicUrl: string; trustProxy: number }): void {
  const canonical = new URL(publicUrl);
  // With a callback rather than as an async function: every request passes here (see input-limits.ts).
  app.addHook('onRequest', (request, reply, done) => {
    if (
      !isPageNavigation(request) ||
      (trustProxy > 0 && request.headers['x-forwarded-host'] === undefined) ||
      `${request.protocol}:` !== canonical.protocol ||
      request.hostname.toLowerCase() === canonical.hostname
    ) {
      return done();
    }
    // The path is appended to the origin, never resolved against it: '//elsewhere' stays on our host.
    void reply.redirect(`${canonical.origin}${request.url}`, 302);
  });
}
