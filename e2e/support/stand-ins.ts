/**
 * Local stand-ins for the outside services the seeded server talks to, started by the Playwright
 * config before that server (`node --import tsx e2e/support/stand-ins.ts`):
 * - "Google": an OpenID provider (oauth2-mock-server) whose user each test chooses;
 * - an SMTP server that keeps every message in memory;
 * - a control API: GET /health, GET /messages?to=, POST /next-identity, GET /avatar.png.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import {
  DEFAULT_GOOGLE_IDENTITY,
  GOOGLE_AUTHORIZE_PATH,
  GOOGLE_IDENTITY_COOKIE,
  type GoogleIdentity,
} from './google';
import { parseMail, type ReceivedMail } from './mime';
import { solidPng } from './png';
import { CONTROL_PORT, CONTROL_URL, OIDC_ISSUER, OIDC_PORT, SMTP_PORT } from './servers';

const AVATAR_PNG = solidPng(96, 96, [14, 165, 233]);
const AVATAR_URL = `${CONTROL_URL}/avatar.png`;

// ---- "Google" -------------------------------------------------------------------------------

let defaultIdentity: GoogleIdentity = DEFAULT_GOOGLE_IDENTITY;
/** The identity chosen at /authorize, by the authorization code the app later exchanges. */
const identityByCode = new Map<string, GoogleIdentity>();

function isIdentity(value: unknown): value is GoogleIdentity {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    typeof value.email === 'string' &&
    value.email.includes('@') &&
    'name' in value &&
    typeof value.name === 'string' &&
    (!('emailVerified' in value) || typeof value.emailVerified === 'boolean')
  );
}

function identityFromCookie(request: IncomingMessage): GoogleIdentity | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== GOOGLE_IDENTITY_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(pair.slice(eq + 1).trim()));
      return isIdentity(value) ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The claims Google puts in an ID token and answers from userinfo. The subject is stable per e-mail. */
function claimsOf(identity: GoogleIdentity) {
  const email = identity.email.toLowerCase();
  return {
    sub: `google-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`,
    email,
    email_verified: identity.emailVerified ?? true,
    name: identity.name,
    picture: AVATAR_URL,
  };
}

function claimsInBearerToken(request: IncomingMessage): Record<string, unknown> | null {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.issuer.url = OIDC_ISSUER;
oidc.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri, request: IncomingMessage) => {
  const code = url.searchParams.get('code');
  if (code) identityByCode.set(code, identityFromCookie(request) ?? defaultIdentity);
});
// Called for the access token and the ID token of one exchange: both carry the person's claims.
oidc.service.on('beforeTokenSigning', (token: MutableToken, request: IncomingMessage & { body?: { code?: unknown } }) => {
  const code = typeof request.body?.code === 'string' ? request.body.code : undefined;
  Object.assign(token.payload, claimsOf((code && identityByCode.get(code)) || defaultIdentity));
});
oidc.service.on('beforeResponse', (_response: MutableResponse, request: IncomingMessage & { body?: { code?: unknown } }) => {
  if (typeof request.body?.code === 'string') identityByCode.delete(request.body.code);
});
oidc.service.on('beforeUserinfo', (response: MutableResponse, request: IncomingMessage) => {
  const claims = claimsInBearerToken(request);
  response.body =
    claims && isIdentity(claims)
      ? claimsOf({ email: claims.email, name: claims.name, emailVerified: claims.email_verified === true })
      : claimsOf(defaultIdentity);
});

// ---- SMTP -----------------------------------------------------------------------------------

const messages: ReceivedMail[] = [];
/** .ics files by name, served to the app as another site's calendar export. */
const calendars = new Map<string, string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()).join(', ');
      messages.push({ to, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
      callback();
    });
  },
});

// ---- Control API ----------------------------------------------------------------------------

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

async function handleControl(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', CONTROL_URL);
  const route = `${request.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /health':
      return sendJson(response, 200, { ok: true });
    case 'GET /messages': {
      const to = url.searchParams.get('to')?.toLowerCase();
      return sendJson(response, 200, to ? messages.filter((m) => m.to.split(', ').includes(to)) : messages);
    }
    case 'POST /next-identity': {
      const body = await readJson(request);
      if (!isIdentity(body)) return sendJson(response, 400, { error: 'Send {"email": "...", "name": "..."}' });
      defaultIdentity = { email: body.email, name: body.name, emailVerified: body.emailVerified ?? true };
      return sendJson(response, 200, defaultIdentity);
    }
    case 'PUT /calendar': {
      // Another site's calendar export: a test puts it here, and the app imports it from GET /calendar?name=.
      const name = url.searchParams.get('name');
      if (!name) return sendJson(response, 400, { error: 'Name the calendar: /calendar?name=…' });
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      calendars.set(name, Buffer.concat(chunks).toString('utf8'));
      return sendJson(response, 200, { ok: true });
    }
    case 'GET /calendar': {
      const body = calendars.get(url.searchParams.get('name') ?? '');
      if (body === undefined) return sendJson(response, 404, { error: 'No such calendar' });
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' });
      response.end(body);
      return;
    }
    case 'GET /avatar.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': AVATAR_PNG.length });
      response.end(AVATAR_PNG);
      return;
    default:
      return sendJson(response, 404, { error: `No ${route} here` });
  }
}

const control = createServer((request, response) => {
  handleControl(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
});

// The control API answers /health only once the provider and the mail server are listening.
// Loopback only, like 'localhost' in the URLs: the app's servers answer there too.
await oidc.start(OIDC_PORT, '127.0.0.1');
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(SMTP_PORT, '127.0.0.1', resolve);
});
await new Promise<void>((resolve, reject) => {
  control.once('error', reject);
  control.listen(CONTROL_PORT, '127.0.0.1', resolve);
});
console.log(`Stand-ins ready: OpenID provider ${OIDC_ISSUER}${GOOGLE_AUTHORIZE_PATH}, SMTP 127.0.0.1:${SMTP_PORT}, control ${CONTROL_URL}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  control.closeAllConnections();
  await Promise.all([
    oidc.stop(),
    new Promise<void>((resolve) => smtp.close(() => resolve())),
    new Promise<void>((resolve) => control.close(() => resolve())),
  ]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
