/*
 * Hand-checked shapes: the few checks the web app runs on answers at first paint, without zod
 * (docs/decisions/066-first-touch.md). zod costs the home page's first paint ~16 KB gzip and, on a phone, the
 * time to compile it and to build each schema on first use; these are plain functions, built in microseconds. They
 * answer as a zod schema does (`parse` throws, `safeParse` tells) and, like zod's objects, keep only the keys they
 * name. The API checks with zod; first-paint-answers.ts holds each shape to its zod schema's type, and its test
 * holds both to the same answers.
 */

/** An answer that does not have the expected shape; `path` says where ('items.3.rating.count'). */
export class ShapeMismatch extends Error {
  override readonly name = 'ShapeMismatch';
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`Expected ${expected}${path ? ` at ${path}` : ''}`);
  }
}

type Check<T> = (value: unknown, path: string) => T;

export interface Shape<T> {
  /** The value, with only the keys its objects name; throws a ShapeMismatch when it does not fit. */
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: ShapeMismatch };
  /** For the combinators: checks `value` found at `path`. */
  readonly check: Check<T>;
  /** An object's key that may be left out. */
  readonly optional?: true;
}

/** What a shape gives. */
export type Infer<S> = S extends Shape<infer T> ? T : never;

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function shape<T>(check: Check<T>, optional?: true): Shape<T> {
  return {
    check,
    ...(optional && { optional }),
    parse: (data) => check(data, ''),
    safeParse(data) {
      try {
        return { success: true, data: check(data, '') };
      } catch (error) {
        if (error instanceof ShapeMismatch) return { success: false, error };
        throw error;
      }
    },
  };
}

/** A value `test` accepts, as is. */
export function refined<T>(expected: string, test: (value: unknown) => value is T): Shape<T> {
  return shape((value, path) => {
    if (!test(value)) throw new ShapeMismatch(path, expected);
    return value;
  });
}

export const string = () => refined('a string', (v): v is string => typeof v === 'string');
export const boolean = () => refined('a boolean', (v): v is boolean => typeof v === 'boolean');
/** A finite number, as zod's `number()`. */
export const number = () => refined('a number', (v): v is number => typeof v === 'number' && Number.isFinite(v));
/** A safe integer, as zod's `int()`. */
export const int = () => refined('an integer', (v): v is number => Number.isSafeInteger(v));

/** One of `values`, as zod's `enum()`. */
export function oneOf<const V extends readonly string[]>(values: V): Shape<V[number]> {
  return refined(`one of ${values.join(', ')}`, (v): v is V[number] => typeof v === 'string' && values.includes(v));
}

// zod's `uuid()`: RFC 9562 versions 1 to 8, its variant, and the nil and max ids.
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
export const uuid = () => refined('a uuid', isUuid);

export function nullable<T>(inner: Shape<T>): Shape<T | null> {
  return shape((value, path) => (value === null ? null : inner.check(value, path)));
}

/** An object's key that may be left out. */
type Optional<T> = Shape<T> & { readonly optional: true };

export function optional<T>(inner: Shape<T>): Optional<T | undefined> {
  return shape((value, path) => (value === undefined ? undefined : inner.check(value, path)), true) as Optional<T | undefined>;
}

export function nullish<T>(inner: Shape<T>): Optional<T | null | undefined> {
  return shape((value, path) => (value === null || value === undefined ? value : inner.check(value, path)), true) as Optional<
    T | null | undefined
  >;
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return shape((value, path) => {
    if (!Array.isArray(value)) throw new ShapeMismatch(path, 'an array');
    return value.map((element, i) => item.check(element, at(path, i)));
  });
}

/** An object whose every value is a string, as zod's `record(string(), string())`. */
export function stringRecord(): Shape<Record<string, string>> {
  return shape((value, path) => {
    if (!isPlainObject(value)) throw new ShapeMismatch(path, 'an object');
    for (const [key, text] of Object.entries(value)) {
      if (typeof text !== 'string') throw new ShapeMismatch(at(path, key), 'a string');
    }
    return { ...value } as Record<string, string>;
  });
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F];
type Flatten<T> = { [K in keyof T]: T[K] };
export type ObjectOf<F extends Fields> = Flatten<
  { [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & { [K in OptionalKeys<F>]?: Infer<F[K]> }
>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object with these keys, as zod's `object()`: other keys are left out of the value. `strict`, as
 * `strictObject()`: another key is a mismatch.
 */
export function object<F extends Fields>(fields: F, { strict = false } = {}): Shape<ObjectOf<F>> & { fields: F } {
  const keys = Object.keys(fields);
  const checked = shape((value, path) => {
    if (!isPlainObject(value)) throw new ShapeMismatch(path, 'an object');
    if (strict) {
      const extra = Object.keys(value).find((key) => !(key in fields));
      if (extra !== undefined) throw new ShapeMismatch(at(path, extra), 'no such key');
    }
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const field = fields[key]!;
      if (!(key in value) && field.optional) continue;
      out[key] = field.check(value[key], at(path, key));
    }
    return out as ObjectOf<F>;
  });
  return { ...checked, fields };
}

/** Whether two types are the same both ways: `true satisfies Same<A, B>` fails to compile otherwise. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
