import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, seedDemo: true, databaseUrl: undefined, env: 'development' });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('treats empty variables as unset and reads flags', () => {
    expect(parseConfig({ PORT: '', SEED_DEMO: '0' })).toMatchObject({ port: 3000, seedDemo: false });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseConfig({ SEED_DEMO: 'yes', LOG_LEVEL: 'loud' })).toThrow(/SEED_DEMO[\s\S]*LOG_LEVEL/);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be the number of reverse proxies/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/set both/);
  });

  it('asks production for a secret, an https address and a mail server', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET[\s\S]*PUBLIC_URL[\s\S]*SMTP_URL/);
    expect(() =>
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://stays.example.com', SMTP_URL: 'smtp://mail' }),
    ).toThrow(/PUBLIC_URL/);
    const ok = parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stays.example.com/', SMTP_URL: 'smtp://mail', TRUST_PROXY: '1' });
    expect(ok).toMatchObject({ publicUrl: 'https://stays.example.com', trustProxy: 1 });
  });
});
