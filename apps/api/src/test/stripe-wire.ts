import { randomBytes } from 'node:crypto';

/*
 * Stripe's wire format, for the local Stripe stand-in's parts (stripe-stand-in.ts, stripe-connect-stand-in.ts):
 * form-encoded parameters with bracketed keys, Stripe's error JSON, ids, and its list objects and their paging.
 */

export type Params = { [key: string]: string | Params | Array<string | Params> };

export type StripeObject = Record<string, unknown>;

export type StripeErrorBody = {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
};

/** An answer of the stand-in's API: a status and a JSON body, or a redirect (the onboarding pages a browser opens). */
export type StandInAnswer = { status: number; body: unknown; location?: string };

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody & Record<string, unknown>,
    /** Stripe saves an idempotent result only once the endpoint started work (not for bad parameters). */
    readonly cacheable = true,
  ) {
    super(error.message);
  }
}

export const invalid = (message: string, extra: Partial<StripeErrorBody> & Record<string, unknown> = {}, cacheable = true) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra }, cacheable);

export const missingParam = (param: string) => invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param }, false);

/** Stripe's 404 for an object named in the path that does not exist. */
export const noSuch = (object: string, id: string, param = 'id') =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${object}: '${id}'` }, false);

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Decodes `a[b][0]=c` form or query strings into nested objects and arrays, as Stripe reads them. */
export function decodeStripeParams(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Params | Array<string | Params> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Params | Array<string | Params>;
    });
  }
  return root;
}

/** Refuses a parameter the endpoint does not take, as Stripe does. */
export function checkKnownParams(params: Params, known: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown }, false);
}

export function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid ${name}: must be a string`, { code: 'parameter_invalid_string', param: name }, false);
  return value;
}

export function requiredString(params: Params, name: string): string {
  const value = stringParam(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function integerParam(params: Params, name: string): number | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name }, false);
  return Number(value);
}

/** One of the values an enum parameter takes. */
export function enumParam<T extends string>(params: Params, name: string, values: readonly T[]): T | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    throw invalid(`Invalid ${name}: must be one of ${values.join(', ')}`, { code: 'parameter_invalid', param: name }, false);
  }
  return value as T;
}

/** A hash of strings (metadata), or {} when not sent. */
export function metadataParam(params: Params): Record<string, string> {
  const metadata = params.metadata ?? {};
  if (typeof metadata !== 'object' || Array.isArray(metadata) || Object.values(metadata).some((v) => typeof v !== 'string')) {
    throw invalid('Invalid metadata: must be a hash of strings', { param: 'metadata' }, false);
  }
  return { ...(metadata as Record<string, string>) };
}

/** The fields to expand, each one of `allowed`. */
export function expandList(params: Params, allowed: readonly string[]): string[] {
  const expand = params.expand ?? [];
  const fields = (Array.isArray(expand) ? expand : [expand]).filter((e): e is string => typeof e === 'string');
  for (const field of fields) {
    if (!allowed.includes(field)) throw invalid(`This property cannot be expanded (${field}).`, { param: 'expand' }, false);
  }
  return fields;
}

/** Stripe's `created` filter: an exact second, or a range of `gt`, `gte`, `lt`, `lte`. */
function createdFilter(params: Params): (created: number) => boolean {
  const created = params.created;
  if (created === undefined) return () => true;
  if (typeof created === 'string') {
    const exact = integerParam(params, 'created')!;
    return (at) => at === exact;
  }
  if (Array.isArray(created)) throw invalid('Invalid created: must be an integer or a hash of gt, gte, lt, lte', { param: 'created' }, false);
  const bound = (name: 'gt' | 'gte' | 'lt' | 'lte') => {
    const value = created[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      throw invalid(`Invalid integer: ${String(value)}`, { code: 'parameter_invalid_integer', param: `created[${name}]` }, false);
    }
    return Number(value);
  };
  const unknown = Object.keys(created).find((key) => !['gt', 'gte', 'lt', 'lte'].includes(key));
  if (unknown) throw invalid(`Received unknown parameter: created[${unknown}]`, { code: 'parameter_unknown', param: `created[${unknown}]` }, false);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (at) => (gt === undefined || at > gt) && (gte === undefined || at >= gte) && (lt === undefined || at < lt) && (lte === undefined || at <= lte);
}

/**
 * One page of a Stripe list: `items` newest first, filtered by `created` and `keep`, from after `starting_after` (or
 * before `ending_before`), at most `limit` (1 to 100, 10 unless told), as `{ object: 'list', data, has_more, url }`.
 */
export function listPage(items: StripeObject[], params: Params, url: string, objectName: string, keep: (item: StripeObject) => boolean = () => true): StripeObject {
  const limit = integerParam(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', { code: 'parameter_invalid_integer', param: 'limit' }, false);
  const inRange = createdFilter(params);
  const matching = items.filter((item) => inRange(item.created as number) && keep(item));
  const after = stringParam(params, 'starting_after');
  const before = stringParam(params, 'ending_before');
  const cursorIndex = (param: string, id: string) => {
    const index = matching.findIndex((item) => item.id === id);
    if (index < 0) throw invalid(`No such ${objectName}: '${id}'`, { code: 'resource_missing', param }, false);
    return index;
  };
  let data: StripeObject[];
  let hasMore: boolean;
  if (before !== undefined) {
    const end = cursorIndex('ending_before', before);
    data = matching.slice(Math.max(0, end - limit), end);
    hasMore = end - limit > 0;
  } else {
    const start = after !== undefined ? cursorIndex('starting_after', after) + 1 : 0;
    data = matching.slice(start, start + limit);
    hasMore = start + limit < matching.length;
  }
  return { object: 'list', data, has_more: hasMore, url };
}
