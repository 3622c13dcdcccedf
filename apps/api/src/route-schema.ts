/** The parts of a request a route reads, each checked by its schema before the handler runs. */
type RequestParts = { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown };

/**
 * A route's entry in the API reference and its checks: what it does, the parts of the request it reads, the body
 * it answers with on success (200) and its failure answers (`errorResponses(…)`: the statuses, each the product's error shape).
 */
export function routeSchema<R extends RequestParts, T, F extends Record<number, unknown>>(summary: string, request: R, ok: T, failures: F) {
  return { summary, ...request, response: { 200: ok, ...failures } };
}
