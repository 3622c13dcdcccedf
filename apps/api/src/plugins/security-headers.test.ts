import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';

describe('the security headers', () => {
  it("are helmet's for the settings given", () => {
    const headers = securityHeaders({ strictTransportSecurity: false });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({})['strict-transport-security']).toContain('max-age=');
  });

  it('go on every answer: a route, an error and a path that does not exist', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } } });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("img-src 'self' data:");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    await app.close();
  });
});
