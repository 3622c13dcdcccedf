import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { apiErrorSchema, TOKEN_SCOPE_NAMES, tokenMayCall } from '@staybook/domain';

/**
 * The API reference (docs/decisions/022-openapi-and-metrics.md): an OpenAPI 3.1 document generated from the
 * routes' zod schemas at `/api/openapi.json`, and a browsable page at `/api/docs` whose assets are served from
 * the package (it works offline). better-auth's `/api/auth/*` endpoints are not Fastify routes with schemas:
 * their part comes from the library's own generator, rewritten to the cookie session and our error shape.
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The session cookie every signed-in call carries (`__Secure-` prefixed when PUBLIC_URL is https). */
const SESSION_COOKIE = 'better-auth.session_token';

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is not valid: `fields` names each wrong field',
  '401': 'Not signed in',
  '402': 'The card was declined: `declineCode` says why',
  '403': 'Signed in but not allowed, or sent from another site',
  '404': 'Not found',
  '409': 'Conflicts with the current state (e.g. dates taken meanwhile)',
  '413': 'Too large',
  '429': 'Too many requests: wait and try again',
  '500': 'Something went wrong on our side',
  '503': 'Busy: try again after `Retry-After` seconds',
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

/** The part of the auth library's OpenAPI document we take: its paths and the schemas they refer to. */
type AuthDocument = { paths?: object; components?: { schemas?: object } };

export type OpenApiOptions = {
  publicUrl: string;
  /** better-auth's description of its endpoints (its openAPI plugin), read once when the app is ready. */
  describeAuth: () => Promise<AuthDocument>;
};

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * Our additions to each route's entry: error answers get a description, a route that can answer 401 needs the
 * session cookie, and every route gets its section.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out: Transformed = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, Record<string, unknown>> };
  if (!schema || schema.hide) return out;
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    if (ERROR_DESCRIPTIONS[status] && !response.description) response.description = ERROR_DESCRIPTIONS[status];
  }
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
 * `GET /api/room/:id/calendar/nights` is `getRoomByIdCalendarNights`.
 */
export function operationIdOf(method: string | string[], url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const verb = (Array.isArray(method) ? method[0]! : method).toLowerCase();
  return [verb, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** Puts the auth library's endpoints under /api/auth, with the cookie session and the error shape our bridge answers. */
export function mergeAuthDocument(document: OpenAPIV3_1.Document, auth: AuthDocument): OpenAPIV3_1.Document {
  const errorJson = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  delete errorJson.$schema;
  const paths: Record<string, unknown> = { ...document.paths };
  for (const [path, operations] of Object.entries((auth.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const rewritten: Record<string, unknown> = {};
    for (const [method, operation] of Object.entries(operations)) {
      const op = { ...(operation as Record<string, unknown>) };
      const responses = { ...(op.responses as Record<string, Record<string, unknown>> | undefined) };
      for (const status of Object.keys(responses)) {
        if (Number(status) >= 400) {
          responses[status] = {
            description: responses[status]?.description ?? ERROR_DESCRIPTIONS[status] ?? 'Error',
            content: { 'application/json': { schema: errorJson } },
          };
        }
      }
      rewritten[method] = { ...op, tags: [AUTH_TAG], security: [{ session: [] }, {}], responses };
    }
    paths[`/api/auth${path.replace(/\/$/, '')}`] = rewritten;
  }
  return {
    ...document,
    paths: paths as OpenAPIV3_1.PathsObject,
    components: {
      ...document.components,
      schemas: { ...auth.components?.schemas, ...document.components?.schemas } as Record<string, OpenAPIV3_1.SchemaObject>,
    },
  };
}

/** Registered before any route: @fastify/swagger notes each route's schema as it is added. */
export async function registerOpenApi(app: FastifyInstance, { publicUrl, describeAuth }: OpenApiOptions): Promise<void> {
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
          'The API of StayBook, the stay-booking marketplace. Every error answer is `{ "error": { "code", "message" } }`. ' +
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
      tags: [...new Set(Object.values(TAGS)), AUTH_TAG].map((name) => ({ name })),
    },
    transform,
    transformObject: (input) => mergeAuthDocument(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document, authDocument),
  });
}

/** `GET /api/openapi.json` and the reference page at `/api/docs`; registered inside the /api scope. */
export const openApiRoutes: FastifyPluginAsync = async (api) => {
  api.get(
    '/openapi.json',
    { schema: { summary: 'This document: the API in OpenAPI 3.1', tags: ['Server'] } },
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
