/**
 * The servers the Playwright config starts; tests import these instead of repeating port numbers.
 * E2E_SEEDED_PORT / E2E_EMPTY_PORT / E2E_POSTGRES_PORT / E2E_OIDC_PORT / E2E_SMTP_PORT / E2E_CONTROL_PORT move
 * them when the default ports are taken on a machine.
 */
export const SEEDED_PORT = Number(process.env.E2E_SEEDED_PORT ?? 4311);
export const EMPTY_PORT = Number(process.env.E2E_EMPTY_PORT ?? 4312);

/** A marketplace seeded with demo rooms in every category: the default baseURL. */
export const SEEDED_URL = `http://localhost:${SEEDED_PORT}`;
/** A marketplace with no rooms at all (SEED_DEMO=0), for the empty states. */
export const EMPTY_URL = `http://localhost:${EMPTY_PORT}`;

/**
 * A second seeded marketplace on a PostgreSQL database of its own, started only when TEST_DATABASE_URL names a
 * server (as CI does), for the tests that prove a page the same on both databases.
 */
export const POSTGRES_SEEDED_PORT = Number(process.env.E2E_POSTGRES_PORT ?? 4313);
export const POSTGRES_SEEDED_URL = process.env.TEST_DATABASE_URL ? `http://localhost:${POSTGRES_SEEDED_PORT}` : null;

/**
 * Two more demo marketplaces, each on an embedded database of its own, started with MARKETPLACE_CURRENCY: one in
 * euros and one in yen (no decimals), for currency.spec.ts only. A marketplace with bookings cannot change its
 * currency, so the seeded one above, with the demo's bookings, cannot be switched for the spec.
 */
export const EURO_PORT = Number(process.env.E2E_EURO_PORT ?? 4314);
export const EURO_URL = `http://localhost:${EURO_PORT}`;
export const YEN_PORT = Number(process.env.E2E_YEN_PORT ?? 4315);
export const YEN_URL = `http://localhost:${YEN_PORT}`;

/** The database `name` on TEST_DATABASE_URL's server. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The database of the PostgreSQL seeded server, for a test that runs a command on it as an operator would (the
 * config names it once per run, E2E_POSTGRES_DATABASE, and the workers inherit it); null without that server.
 */
export function postgresSeededDatabaseUrl(): string | null {
  const name = process.env.E2E_POSTGRES_DATABASE;
  return POSTGRES_SEEDED_URL && name ? postgresUrl(name) : null;
}

/** The seeded marketplaces this run has: the embedded database's always, PostgreSQL's when there is one. */
export const SEEDED_ON_EACH_DATABASE: { database: string; url: string }[] = [
  { database: 'the embedded database', url: SEEDED_URL },
  ...(POSTGRES_SEEDED_URL ? [{ database: 'PostgreSQL', url: POSTGRES_SEEDED_URL }] : []),
];

// Stand-ins for the outside services (support/stand-ins.ts): the seeded servers send their mail there; only the one on the
// embedded database signs in with their Google.
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4331);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4332);
export const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 4333);

/** The stand-in "Google": an OpenID provider the seeded server discovers at start-up. */
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
/** The stand-ins' own HTTP API: health, received mail, the next Google identity, the provider's photo. */
export const CONTROL_URL = `http://localhost:${CONTROL_PORT}`;
/** The client the seeded server is registered as at the stand-in provider. */
export const GOOGLE_CLIENT = { id: 'staybook-e2e', secret: 'staybook-e2e-secret' } as const;
