import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { TOKEN_SCOPE_NAMES, tokenMayCall } from '@staybook/domain';
import { nameApiComponents } from './openapi-components.js';
import { renameRefs, tidyComponents } from './openapi-tidy.js';

/**
 * The API reference (docs/decisions/022-openapi-and-metrics.md, 059-a-contract-for-generated-clients.md): an OpenAPI
 * 3.1 document generated from the routes' zod schemas at `/api/openapi.json`, and a browsable page at `/api/docs`
 * whose assets are served from the package (it works offline). The product's shapes are named components
 * (openapi-components.ts), and the error answers every operation shares are shared responses. better-auth's
 * `/api/auth/*` endpoints are not Fastify routes with schemas: their part comes from the library's own generator,
 * corrected to the product (modules/auth/auth-reference.ts) and rewritten here to OpenAPI 3.1, the cookie session
 * and the product's error shape. `packages/client` is generated from this document.
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The session cookie every signed-in call carries (`__Secure-` prefixed when PUBLIC_URL is https). */
const SESSION_COOKIE = 'better-auth.session_token';

const SCHEMAS = '#/components/schemas/';

/** When to try again: the header of a 429 (a rate limit passed) and of a 503 (busy), as the document declares it. */
const RETRY_AFTER = { 'Retry-After': 'Seconds until a new try may succeed' };

/** The description of a status some of whose refusals are written around a value (`refusals`: which): those also answer their facts. */
const withFacts = (what: string, refusals: string) => `${what}; a refusal around a value (${refusals}) also answers the \`facts\` it is written from`;

/**
 * The answers operations share, by status: each operation that can give one refers to it. 304 comes with the ETag it
 * matched; 429 and 503 say when to try again.
 */
const SHARED_RESPONSES: Record<string, { name: string; description: string; headers?: Record<string, string> }> = {
  '304': { name: 'NotModified', description: 'Not modified: the answer `If-None-Match` names is still current (no body)', headers: { ETag: 'The current answer’s tag' } },
  '400': { name: 'BadRequest', description: withFacts('The request is not valid: `fields` names each wrong field', 'the host calendar’s') },
  '401': { name: 'Unauthorized', description: 'Not signed in (no session cookie or access token, or an expired one)' },
  '402': { name: 'CardDeclined', description: 'The card was declined: `declineCode` says why' },
  '403': { name: 'Forbidden', description: 'Signed in but not allowed, or a state-changing call sent from another site' },
  '404': { name: 'NotFound', description: 'Not found' },
  '409': {
    name: 'Conflict',
    description: withFacts(
      'Conflicts with the current state (e.g. dates taken meanwhile)',
      'a stay in the way of the host calendar or of a room’s new dates, a room’s upcoming stays, a changed refund, the most tokens or endpoints one can have',
    ),
  },
  '413': { name: 'PayloadTooLarge', description: 'The body is too large (JSON: over 1 MiB; an image: over its limit, named in `facts`)' },
  '414': { name: 'UriTooLong', description: 'A value in the path is too long' },
  '415': { name: 'UnsupportedMediaType', description: 'The body is of a media type the operation does not take' },
  '429': { name: 'TooManyRequests', description: 'Too many requests: try again after `Retry-After` seconds (also in `facts`)', headers: RETRY_AFTER },
  '500': { name: 'InternalError', description: 'Something went wrong on our side' },
  '503': { name: 'Unavailable', description: 'Busy: try again after `Retry-After` seconds', headers: RETRY_AFTER },
};

/** The reference's sections, by the first segment of a route's path under /api. */
const TAGS: Record<string, string> = {
  rooms: 'Rooms',
  room: 'Rooms',
  'my-listings': 'Rooms',
  // The gazetteer's places, as the room form's Location field suggests them.
  places: 'Rooms',
  uploads: 'Uploads',
  // The marketplace's own settings and money: the fees, the finance figures and the reconciliation.
  admin: 'Marketplace',
  payouts: 'Payouts',
  // A host's money: what their stays earned, each payout's statement, their entries as CSV.
  earnings: 'Earnings',
  user: 'Users',
  users: 'Users',
  // The signed-in person's own settings: their language.
  me: 'Users',
  booking: 'Bookings',
  'my-bookings': 'Bookings',
  'manage-bookings': 'Bookings',
  requests: 'Bookings',
  'create-payment-intent': 'Bookings',
  payments: 'Payments',
  'test-processor': 'Payments',
  trips: 'Bookings',
  messages: 'Messages',
  reviews: 'Reviews',
  // Saved homes in named lists, shared links, and the homes a person opened last.
  wishlists: 'Wishlists',
  'recently-viewed': 'Wishlists',
  // A person's personal access tokens and a host's webhook endpoints (decision 056).
  'access-tokens': 'Access tokens and webhooks',
  webhooks: 'Access tokens and webhooks',
  review: 'Reviews',
  'guest-stat': 'Statistics',
  'host-stat': 'Statistics',
  'admin-stat': 'Statistics',
  calendar: 'Calendars',
  health: 'Server',
  config: 'Server',
  metrics: 'Server',
  'openapi.json': 'Server',
};
const AUTH_TAG = 'Accounts and sessions (better-auth)';

/** What each section holds (Redocly's `tag-description` rule fails a section without one). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Rooms: 'Browsing and search, one room, and a host’s own listings',
  Uploads: 'Images for rooms and profiles',
  Marketplace: 'The marketplace’s fees and finance (admins)',
  Payouts: 'How hosts are paid',
  Earnings: 'A host’s money, per listing and per month',
  Users: 'People, roles and host requests',
  Bookings: 'Paying for a stay, booking it, requests to book, cancelling',
  Payments: 'The card form’s settings and the built-in test processor',
  Messages: 'A thread per booking between its guest and host',
  Reviews: 'Reviews after a stay and hosts’ replies',
  Wishlists: 'Saved homes, shared lists and recently viewed homes',
  'Access tokens and webhooks': 'Personal access tokens and hosts’ webhook endpoints',
  Statistics: 'The dashboards’ figures',
  Calendars: 'Calendar export and import, and the host calendar',
  Server: 'Health, settings, metrics and this document',
  [AUTH_TAG]: 'Sign-up, sign-in, sessions and passwords, served by the better-auth library',
};

/** The part of the auth library's OpenAPI document we take: its paths and the schemas they refer to. */
type AuthDocument = { paths?: object; components?: { schemas?: object } };

export type OpenApiOptions = {
  publicUrl: string;
  /** The auth library's endpoints as the product offers them (modules/auth/auth-reference.ts), read once when the app is ready. */
  describeAuth: () => Promise<AuthDocument>;
};

type Transformed = ReturnType<typeof jsonSchemaTransform>;
type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[] };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Our additions to each route's entry: a route that can answer 401 needs the session cookie, and every route gets its section. */
const transform: typeof jsonSchemaTransform = (input) => {
  const out: Transformed = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (!schema || schema.hide) return out;
  // A route that can answer 401 needs the session cookie; every other one is public, and says so.
  schema.security ??= schema.response && '401' in schema.response ? [{ session: [] }, ...tokenSecurity(input.route.method, input.url)] : [];
  const segment = input.url.replace(/^\/api\//, '').split('/')[0] ?? '';
  schema.tags ??= [TAGS[segment] ?? 'Server'];
  schema.operationId ??= operationIdOf(input.route.method, input.url);
  return out;
};

/** The access-token scopes that open a call (decision 056), as an alternative to the session cookie. */
function tokenSecurity(method: string | string[], url: string): { accessToken: string[] }[] {
  const scopes = TOKEN_SCOPE_NAMES.filter((scope) => [method].flat().some((m) => tokenMayCall([scope], m, url)));
  return scopes.length > 0 ? [{ accessToken: scopes }] : [];
}

/**
 * An operation's name for generated clients, from its method and path, so it is unique as they are:
 * `GET /api/room/:id/calendar/nights` is `getRoomByIdCalendarNights` (`{id}` reads as `:id`).
 */
export function operationIdOf(method: string | string[], url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .replace(/\{(\w+)\}/g, ':$1')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const verb = (Array.isArray(method) ? method[0]! : method).toLowerCase();
  return [verb, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * The auth library's generator writes OpenAPI 3.0 schemas (`nullable: true`); 3.1 says the same with a `null` type.
 */
function withNullTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullTypes);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Json;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, withNullTypes(child)]));
  if (nullable !== true) return converted;
  if (Array.isArray(converted.enum)) converted.enum = [...(converted.enum as unknown[]), null];
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  if (Array.isArray(converted.type)) return { ...converted, type: [...(converted.type as unknown[]), 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

/**
 * Puts the auth library's endpoints under /api/auth, in OpenAPI 3.1, named as the product's are, with the library's
 * own error answers in the product's shape (`AuthError`: the library's codes).
 */
function mergeAuthDocument(document: OpenAPIV3_1.Document, auth: AuthDocument): OpenAPIV3_1.Document {
  // The library's shapes keep their names under its prefix: its `User` is not the product's.
  const own = (name: string) => `Auth${name}`;
  const authPaths = renameRefs(withNullTypes(auth.paths ?? {}), own) as Record<string, Record<string, Operation>>;
  const authSchemas = Object.entries(withNullTypes(auth.components?.schemas ?? {}) as Json).map(([name, schema]) => [own(name), renameRefs(schema, own)]);
  const paths: Json = { ...document.paths };
  for (const [path, operations] of Object.entries(authPaths)) {
    const url = `/api/auth${path.replace(/\/$/, '')}`;
    const rewritten: Json = {};
    for (const [method, operation] of Object.entries(operations)) {
      const responses: Record<string, Json> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        // The library's own refusals; the product's (413, 415, 429, 500) become shared answers below.
        const libraryError = Number(status) >= 400 && !['413', '415', '429', '500'].includes(status);
        responses[status] = libraryError
          ? { description: response.description ?? 'Error', content: { 'application/json': { schema: { $ref: `${SCHEMAS}AuthError` } } } }
          : response;
      }
      rewritten[method] = {
        ...operation,
        operationId: operationIdOf(method, url),
        tags: [AUTH_TAG],
        security: operation.security ?? [{ session: [] }, {}],
        responses,
      };
    }
    paths[url] = rewritten;
  }
  return {
    ...document,
    paths: paths as OpenAPIV3_1.PathsObject,
    components: {
      ...document.components,
      schemas: { ...Object.fromEntries(authSchemas), ...document.components?.schemas } as Record<string, OpenAPIV3_1.SchemaObject>,
    },
  };
}

/** What @fastify/swagger calls an answer whose schema has no description of its own. */
const DEFAULT_DESCRIPTION = 'Default Response';
const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done: no body' };

/** The shared answer of a status, as a reference. */
const sharedResponse = (status: string): Json => ({ $ref: `#/components/responses/${SHARED_RESPONSES[status]!.name}` });

/**
 * What every operation may answer besides its own: 400 and 500 always (an address holding a NUL character is refused
 * before any route, plugins/input-limits.ts); 413 and 415 where a body is read (every method but GET: the body limit
 * and the media types apply before any route code); 414 where the path holds a parameter of ours (the router's
 * length limit; the auth library's paths are one wildcard route, which has none).
 */
function answersOfEveryOperation(method: string, path: string): string[] {
  return [
    '400',
    '500',
    ...(method === 'get' ? [] : ['413', '415']),
    ...(!path.startsWith('/api/auth/') && path.includes('{') ? ['414'] : []),
  ];
}

/** The operation with its error answers shared, redirects and conditional answers described, and its answers in order. */
function finishOperation(method: string, path: string, operation: Operation): Operation {
  const responses: Record<string, Json> = { ...operation.responses };
  for (const status of answersOfEveryOperation(method, path)) responses[status] ??= {};
  for (const [status, response] of Object.entries(responses)) {
    const libraryOwn = response.content && JSON.stringify(response.content).includes(`${SCHEMAS}AuthError`);
    if (SHARED_RESPONSES[status] && !libraryOwn) responses[status] = sharedResponse(status);
    else if (/^3/.test(status)) responses[status] = { ...response, headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } };
    else if (response.description === DEFAULT_DESCRIPTION) responses[status] = { ...response, description: SUCCESS_DESCRIPTIONS[status] ?? 'Done' };
  }
  let parameters = operation.parameters;
  if (responses['304'] && responses['200']) {
    responses['200'] = { ...responses['200'], headers: { ETag: { description: 'The answer’s tag, for `If-None-Match`', schema: { type: 'string' } } } };
    parameters = [
      ...(parameters ?? []),
      { in: 'header', name: 'If-None-Match', required: false, description: 'The ETag of an answer the client holds: 304 while it is current', schema: { type: 'string' } },
    ];
  }
  const ordered = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return { ...operation, ...(parameters ? { parameters } : {}), responses: ordered };
}

/** The whole document's finishing: the shared answers, and the components tidied. */
function finishDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const paths: Json = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operations = { ...(item as Json) };
    for (const method of METHODS) {
      if (operations[method]) operations[method] = finishOperation(method, path, operations[method] as Operation);
    }
    paths[path] = operations;
  }
  const used = new Set(JSON.stringify(paths).match(/#\/components\/responses\/\w+/g)?.map((ref) => ref.split('/').at(-1)!));
  const responses = Object.fromEntries(
    Object.values(SHARED_RESPONSES)
      .filter(({ name }) => used.has(name))
      .map(({ name, description, headers }) => [
        name,
        {
          description,
          ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([header, about]) => [header, { description: about, schema: { type: 'string' } }])) } : {}),
          ...(name === 'NotModified' ? {} : { content: { 'application/json': { schema: { $ref: `${SCHEMAS}ApiError` } } } }),
        },
      ]),
  );
  const finished = {
    ...document,
    paths: paths as OpenAPIV3_1.PathsObject,
    components: { ...document.components, responses },
  };
  return tidyComponents(finished as unknown as Json) as unknown as OpenAPIV3_1.Document;
}

/** Registered before any route: @fastify/swagger notes each route's schema as it is added. */
export async function registerOpenApi(app: FastifyInstance, { publicUrl, describeAuth }: OpenApiOptions): Promise<void> {
  nameApiComponents();
  let authDocument: AuthDocument = {};
  app.addHook('onReady', async () => {
    authDocument = await describeAuth();
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StayBook API',
        version: '1.0.0',
        description:
          'The API of StayBook, the stay-booking marketplace. Every error answer is `{ "error": { "code", "message" } }` (`ApiError`). ' +
          'Signed-in calls carry the session cookie set by `/api/auth/sign-in/email`; state-changing calls from another ' +
          "site's page (a foreign `Origin`) are refused with 403.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token made in Profile; it opens only the calls its scopes list.' },
        },
      },
      tags: [...new Set([...Object.values(TAGS), AUTH_TAG])].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    },
    transform,
    transformObject: (input) => finishDocument(mergeAuthDocument(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document, authDocument)),
  });
}

/** This document, as its own entry describes it. */
const openApiDocumentSchema = z.looseObject({ openapi: z.string() }).meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document' });

/** `GET /api/openapi.json` and the reference page at `/api/docs`; registered inside the /api scope. */
export const openApiRoutes: FastifyPluginAsync = async (api) => {
  api.get(
    '/openapi.json',
    { schema: { summary: 'This document: the API in OpenAPI 3.1', tags: ['Server'], response: { 200: openApiDocumentSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(api.swagger()),
  );
  await api.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: '/api',
    // Nothing is fetched from elsewhere: no validator badge, assets from the package.
    uiConfig: { validatorUrl: null, deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'StayBook API reference' },
  });
};
