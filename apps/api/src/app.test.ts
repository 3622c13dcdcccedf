import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.js';

describe('request log redaction', () => {
  it('keeps reset tokens and OAuth codes out of logged URLs', () => {
    expect(redactUrl('/api/auth/reset-password/VY7teHKz?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=%5Bredacted%5D');
    expect(redactUrl('/api/auth/callback/google?code=c0de&state=s7ate')).toBe(
      '/api/auth/callback/google?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );
    expect(redactUrl('/api/rooms?category=Lake')).toBe('/api/rooms?category=Lake');
  });
});
