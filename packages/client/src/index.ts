import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './generated/api-types.js';

/**
 * A typed client of the StayBook API: each call's path, parameters, body and answers are checked against the types
 * generated from the server's OpenAPI document (`generated/api-types.ts`, written by `npm run client:generate`, which
 * `npm run typecheck` runs first), so a client that drifts from the server fails to type-check. `client.GET('/api/room/{id}', { params: { path: { id } } })` answers `{ data, error, response }`.
 */
export type { components, operations, paths } from './generated/api-types.js';

/** One of the product's named shapes: `Schema<'Room'>`, `Schema<'ApiError'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type StayBookClient = Client<paths>;

/** A client for the API at `baseUrl` (its origin: paths start with `/api`), with whatever fetch and headers the caller gives. */
export function createStayBookClient(options: ClientOptions = {}): StayBookClient {
  return createClient<paths>(options);
}
