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

  it('takes a read replica only beside a PostgreSQL server, never with the embedded database', () => {
    expect(() => parseConfig({ DATABASE_REPLICA_URL: 'postgres://replica/staybook' })).toThrow(
      /DATABASE_REPLICA_URL: a replica of the PostgreSQL server in DATABASE_URL; set DATABASE_URL too/,
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://primary/staybook', DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(/DATABASE_REPLICA_URL: must be a postgres/);
    expect(parseConfig({ DATABASE_URL: 'postgres://primary/staybook', DATABASE_REPLICA_URL: 'postgres://replica/staybook' })).toMatchObject({
      databaseUrl: 'postgres://primary/staybook',
      databaseReplicaUrl: 'postgres://replica/staybook',
    });
  });

  it('runs several server processes only on a PostgreSQL server, from 1 to 64', () => {
    expect(parseConfig({}).serverProcesses).toBe(1);
    expect(() => parseConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES: more than one process needs a PostgreSQL server \(DATABASE_URL\)/);
    expect(parseConfig({ DATABASE_URL: 'postgres://primary/staybook', SERVER_PROCESSES: '4' }).serverProcesses).toBe(4);
    for (const wrong of ['0', '65', '1.5', 'two']) {
      expect(() => parseConfig({ DATABASE_URL: 'postgres://primary/staybook', SERVER_PROCESSES: wrong })).toThrow(/SERVER_PROCESSES: must be a whole number from 1 to 64/);
    }
  });

  it("reads the time zone of new rooms: UTC unless TIME_ZONE names an IANA zone", () => {
    expect(parseConfig({}).timeZone).toBe('UTC');
    expect(parseConfig({ TIME_ZONE: 'Europe/Lisbon' }).timeZone).toBe('Europe/Lisbon');
    expect(parseConfig({ TIME_ZONE: 'australia/sydney' }).timeZone).toBe('Australia/Sydney');
    for (const bad of ['Lisbon', '+01:00', 'Europe/Atlantis']) {
      expect(() => parseConfig({ TIME_ZONE: bad }), bad).toThrow(/TIME_ZONE: must be an IANA time zone name, e\.g\. Europe\/Lisbon or UTC/);
    }
  });

  it('asks production for a secret, an https address and a mail server', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET[\s\S]*PUBLIC_URL[\s\S]*SMTP_URL/);
    expect(() =>
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://stays.example.com', SMTP_URL: 'smtp://mail' }),
    ).toThrow(/PUBLIC_URL/);
    const ok = parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stays.example.com/', SMTP_URL: 'smtp://mail', TRUST_PROXY: '1', TEST_PAYMENTS: '1' });
    expect(ok).toMatchObject({ publicUrl: 'https://stays.example.com', trustProxy: 1 });
  });

  it('seeds the demo accounts in production only when SEED_DEMO=1 is set by hand', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stays.example.com', SMTP_URL: 'smtp://mail', TEST_PAYMENTS: '1' };
    expect(parseConfig(production).seedDemo).toBe(false);
    expect(parseConfig({ ...production, SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(parseConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  describe('Stripe', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' };
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stays.example.com', SMTP_URL: 'smtp://mail' };

    it('is off without keys: the built-in test processor takes cards', () => {
      expect(parseConfig({}).stripe).toBeNull();
      expect(parseConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }).stripe).toBeNull();
    });

    it('is on with both keys, the webhook secret when given, and the real API unless STRIPE_API_URL says otherwise', () => {
      expect(parseConfig(keys).stripe).toEqual({ secretKey: 'sk_test_51Abc', publishableKey: 'pk_test_51Abc', webhookSecret: null, connectWebhookSecret: null });
      const all = { STRIPE_WEBHOOK_SECRET: 'whsec_abc123', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect1', STRIPE_API_URL: 'http://127.0.0.1:12111' };
      expect(parseConfig({ ...keys, ...all }).stripe).toEqual({
        secretKey: 'sk_test_51Abc',
        publishableKey: 'pk_test_51Abc',
        webhookSecret: 'whsec_abc123',
        connectWebhookSecret: 'whsec_connect1',
        apiHost: '127.0.0.1',
        apiPort: 12111,
        apiProtocol: 'http',
      });
      expect(parseConfig({ ...keys, STRIPE_API_URL: 'https://stripe.internal/' }).stripe).toMatchObject({
        apiHost: 'stripe.internal',
        apiPort: 443,
        apiProtocol: 'https',
      });
    });

    it('stops when one key is set without the other, or the keys are from different modes', () => {
      const bothOrNeither = /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to take card payments with Stripe, or neither/;
      expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_51Abc' })).toThrow(bothOrNeither);
      expect(() => parseConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' })).toThrow(bothOrNeither);
      expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' })).toThrow(/one is a test key and the other a live key/);
    });

    it('stops with a message naming each malformed Stripe setting', () => {
      expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' })).toThrow(
        /STRIPE_SECRET_KEY: must be a Stripe secret key/,
      );
      expect(() => parseConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_51Abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
      expect(() => parseConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be the signing secret/);
      expect(() => parseConfig({ ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: must be the signing secret of a Stripe Connect/);
      expect(() => parseConfig({ ...keys, STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_URL: must be the http\(s\) address/);
      expect(() => parseConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_URL: must be a scheme, host and port only/);
    });

    it('stops when a Stripe setting is given without the keys it belongs to', () => {
      expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET: only used with Stripe/);
      expect(() => parseConfig({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: only used with Stripe/);
      expect(() => parseConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_URL: only used with Stripe/);
    });

    it('asks production for Stripe, or for the test processor by hand (TEST_PAYMENTS=1), never both', () => {
      expect(() => parseConfig(production)).toThrow(
        /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required in production to take payments; or TEST_PAYMENTS=1 to run on the built-in test processor, which moves no money/,
      );
      expect(() => parseConfig({ ...production, TEST_PAYMENTS: '0' })).toThrow(/required in production to take payments/);
      expect(parseConfig({ ...production, TEST_PAYMENTS: '1' }).stripe).toBeNull();
      // Elsewhere the test processor needs no word: it is what `npm start` runs.
      expect(parseConfig({}).stripe).toBeNull();
      expect(() => parseConfig({ ...keys, TEST_PAYMENTS: '1' })).toThrow(/TEST_PAYMENTS: only for running without Stripe; remove it, or the Stripe keys/);
    });

    it('asks production for the webhook secret when Stripe is on', () => {
      expect(() => parseConfig({ ...production, ...keys })).toThrow(/STRIPE_WEBHOOK_SECRET: required in production with Stripe/);
      expect(parseConfig({ ...production, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).stripe).toMatchObject({ webhookSecret: 'whsec_abc123' });
    });
  });

  describe('several servers: Redis and S3-compatible storage', () => {
    it('keeps rate limits in the process and images on disk unless told otherwise', () => {
      expect(parseConfig({})).toMatchObject({ redis: null, s3: null });
    });

    it('reads Redis and the bucket, with a default key prefix and region', () => {
      const config = parseConfig({
        REDIS_URL: 'redis://:pw@cache:6379/0',
        S3_BUCKET: 'staybook-images',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      });
      expect(config.redis).toEqual({ url: 'redis://:pw@cache:6379/0', keyPrefix: 'staybook:' });
      expect(config.s3).toEqual({
        bucket: 'staybook-images',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      });
      expect(parseConfig({ S3_BUCKET: 'on-aws', S3_REGION: 'eu-west-1' }).s3).toEqual({ bucket: 'on-aws', endpoint: undefined, region: 'eu-west-1', credentials: undefined });
    });

    it('stops with a message naming each bad setting', () => {
      expect(() => parseConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
      expect(() => parseConfig({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX: must be 1 to 64/);
      expect(() => parseConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
      expect(() => parseConfig({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be the http\(s\) address/);
      expect(() => parseConfig({ S3_BUCKET: 'ok-bucket', S3_REGION: 'Europe West' })).toThrow(/S3_REGION: must be a region name/);
      expect(() => parseConfig({ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/);
      expect(() => parseConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT: only used with S3_BUCKET/);
    });
  });

  describe('the map’s tiles', () => {
    it('draws the offline basemap unless MAP_TILE_URL names a tile service, whose images the page may then load', () => {
      expect(parseConfig({}).mapTiles).toBeNull();
      expect(parseConfig({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© OpenStreetMap contributors' }).mapTiles).toEqual({
        url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        imageSource: 'https://*.tile.example.org',
      });
      expect(parseConfig({ MAP_TILE_URL: 'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Local' }).mapTiles?.imageSource).toBe('http://127.0.0.1:8080');
    });

    it('stops on a URL that is no tile template, and on a tile service without its credit', () => {
      for (const bad of ['https://tile.example.org/tiles.png', 'ftp://tile.example.org/{z}/{x}/{y}.png', 'tiles/{z}/{x}/{y}.png']) {
        expect(() => parseConfig({ MAP_TILE_URL: bad, MAP_ATTRIBUTION: 'x' }), bad).toThrow(/MAP_TILE_URL: must be an http\(s\) URL template with \{z\}, \{x\} and \{y\}/);
      }
      expect(() => parseConfig({ MAP_TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png' })).toThrow(/MAP_ATTRIBUTION: required with MAP_TILE_URL/);
      expect(() => parseConfig({ MAP_ATTRIBUTION: 'x' })).toThrow(/MAP_ATTRIBUTION: only used with MAP_TILE_URL/);
    });
  });
});
