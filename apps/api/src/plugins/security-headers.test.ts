import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

async function headersFor(options: FastifyHelmetOptions, urls: readonly string[]) {
  const app = Fastify();
  await registerSecurityHeaders(app, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('own'));
  const answers = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
  await app.close();
  return answers.map((answer) => answer.headers);
}

async function headersOf(options: FastifyHelmetOptions, url: string) {
  const [answer] = await headersFor(options, [url]);
  if (!answer) throw new Error(`no answer for ${url}`);
  return answer;
}

describe('the security headers', () => {
  it("are helmet's for the settings given", async () => {
    const headers = await headersOf({ strictTransportSecurity: false }, '/ok');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    const strict = await headersOf({}, '/ok');
    expect(strict['strict-transport-security']).toContain('max-age=');
  });

  it('go on every answer: a route, an error and a path that does not exist', async () => {
    const urls = ['/ok', '/fails', '/missing'];
    const answers = await headersFor({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } } }, urls);
    answers.forEach((headers, i) => {
      expect(headers['content-security-policy'], urls[i]).toContain("img-src 'self' data:");
      expect(headers['x-content-type-options'], urls[i]).toBe('nosniff');
    });
  });

  it("give way to a route's own value", async () => {
    const headers = await headersOf({}, '/own');
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

describe('the security headers, built once', () => {
  const appOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null } },
    strictTransportSecurity: true,
  };

  it("are, header for header, what fastify's helmet plugin sets on each request", async () => {
    const { default: fastifyHelmet } = await import('@fastify/helmet');
    const app = Fastify();
    await app.register(fastifyHelmet, { ...appOptions, global: true });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('own'));
    const urls = ['/ok', '/fails', '/missing', '/own'];
    const theirs = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    await app.close();
    const ours = await headersFor(appOptions, urls);
    const without = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    urls.forEach((url, i) => expect(without(ours[i]!), url).toEqual(without(theirs[i]!.headers)));
  });

  it("follow a route's own options, merged over the app's, or none", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, appOptions);
    app.get('/framed', { helmet: { frameguard: { action: 'deny' } } }, async () => 'framed');
    app.get('/bare', { helmet: false }, async () => 'bare');
    app.get('/plain', async () => 'plain');
    const [framed, bare, plain] = await Promise.all(['/framed', '/bare', '/plain'].map((url) => app.inject({ method: 'GET', url })));
    await app.close();
    expect(framed!.headers['x-frame-options']).toBe('DENY');
    expect(framed!.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(bare!.headers).not.toHaveProperty('content-security-policy');
    expect(bare!.headers).not.toHaveProperty('x-content-type-options');
    expect(plain!.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the security headers of data', () => {
  const options = { strictTransportSecurity: true, servesDataOnly: (url: string) => url.startsWith('/api/') };

  async function answersOf(urls: readonly string[]) {
    const app = Fastify();
    await registerSecurityHeaders(app, options);
    app.get('/api/room', async () => ({ ok: true }));
    app.get('/api/framed', async (_request, reply) => reply.header('x-frame-options', 'SAMEORIGIN').send({ ok: true }));
    app.get('/api/own', { helmet: { frameguard: { action: 'deny' } } }, async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    const answers = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    await app.close();
    return answers.map((answer) => answer.headers);
  }

  it('are the short set on a route that serves data: nothing loads, nothing frames it, nothing sniffs it', async () => {
    const [data, page] = await answersOf(['/api/room', '/page']);
    expect(data!['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(data!['x-frame-options']).toBe('DENY');
    expect(data!['x-content-type-options']).toBe('nosniff');
    expect(data!['cross-origin-resource-policy']).toBe('same-origin');
    expect(data!['referrer-policy']).toBe('no-referrer');
    expect(data!['strict-transport-security']).toBe(page!['strict-transport-security']);
    for (const pageOnly of ['x-xss-protection', 'x-dns-prefetch-control', 'x-download-options', 'origin-agent-cluster', 'cross-origin-opener-policy']) {
      expect(data, pageOnly).not.toHaveProperty(pageOnly);
      expect(page, pageOnly).toHaveProperty(pageOnly);
    }
    expect(page!['content-security-policy']).toContain("default-src 'self'");
  });

  it("keep helmet's headers on pages, on paths no route serves, and on a data route naming options of its own", async () => {
    const [missing, own] = await answersOf(['/api/missing', '/api/own']);
    expect(missing!['content-security-policy']).toContain("default-src 'self'");
    expect(own!['content-security-policy']).toContain("default-src 'self'");
    expect(own!['x-frame-options']).toBe('DENY');
  });

  it("give way to a data route's own value", async () => {
    const [framed] = await answersOf(['/api/framed']);
    expect(framed!['x-frame-options']).toBe('SAMEORIGIN');
  });
});
