/**
 * The reference's schema components, tidied (docs/decisions/059-a-contract-for-generated-clients.md).
 * fastify-type-provider-zod writes every named shape twice, as answered (`Room`) and as sent (`RoomInput`), whether
 * or not a route uses it that way. Here a shape sent just as it is answered is one component; a shape only sent keeps
 * its plain name; and what nothing refers to is left out.
 */

type Json = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';
const INPUT = 'Input';

/** `value` with every reference to a schema component renamed by `rename`. */
export function renameRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS) ? SCHEMAS + rename(child.slice(SCHEMAS.length)) : renameRefs(child, rename),
    ]),
  );
}

/** The schema components `value` refers to. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS)) found.add(child.slice(SCHEMAS.length));
      else refsIn(child, found);
    }
  }
  return found;
}

/**
 * The shapes whose sent form is the answered one: each `XInput` equal to `X` once the references inside both are read
 * the same way. Equality is decided for all of them together (a shape is the same when the shapes it refers to are).
 */
function sameBothWays(schemas: Record<string, unknown>): Set<string> {
  const same = new Set(Object.keys(schemas).filter((name) => !name.endsWith(INPUT) && schemas[name + INPUT] !== undefined));
  const asAnswered = (name: string) => (name.endsWith(INPUT) && same.has(name.slice(0, -INPUT.length)) ? name.slice(0, -INPUT.length) : name);
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of same) {
      if (JSON.stringify(renameRefs(schemas[name + INPUT], asAnswered)) !== JSON.stringify(renameRefs(schemas[name], asAnswered))) {
        same.delete(name);
        changed = true;
      }
    }
  }
  return same;
}

export function tidyComponents(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const allSchemas = (components.schemas ?? {}) as Record<string, unknown>;

  // One component for a shape sent as it is answered.
  const same = sameBothWays(allSchemas);
  const merge = (name: string) => (name.endsWith(INPUT) && same.has(name.slice(0, -INPUT.length)) ? name.slice(0, -INPUT.length) : name);
  const { components: _components, ...rest } = renameRefs(document, merge) as Json;
  const schemas = renameRefs(allSchemas, merge) as Record<string, unknown>;
  const otherComponents = Object.fromEntries(Object.entries(components).filter(([key]) => key !== 'schemas'));

  // Only what the paths and the other components refer to, directly or through other schemas.
  const reachable = refsIn([rest, otherComponents]);
  for (const pending = [...reachable]; pending.length > 0; ) {
    for (const name of refsIn(schemas[pending.pop()!])) {
      if (!reachable.has(name)) {
        reachable.add(name);
        pending.push(name);
      }
    }
  }

  // A shape only ever sent keeps its plain name.
  const plain = (name: string) => (name.endsWith(INPUT) && !reachable.has(name.slice(0, -INPUT.length)) ? name.slice(0, -INPUT.length) : name);
  const kept = Object.fromEntries(
    [...reachable].filter((name) => schemas[name] !== undefined).map((name) => [plain(name), renameRefs(schemas[name], plain)] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
  const tidied: Json = { ...(renameRefs(rest, plain) as Json), components: { ...(renameRefs(otherComponents, plain) as Json), schemas: kept } };
  // In the document's own order.
  return Object.fromEntries([...new Set([...Object.keys(document), 'components'])].map((key) => [key, tidied[key]]));
}
