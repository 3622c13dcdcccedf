import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Serializes a route's answers with fast-json-stringify, compiled once from the route's zod response schema:
 * only the schema's fields are written (a strict object cannot leak an extra one), with no generic
 * JSON.stringify walk. With `check` (tests), every answer is also parsed by the zod schema first, so a
 * test fails on an answer that does not match its schema; production skips that per-answer cost.
 */
export function fastSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema }) => {
    // An empty metadata registry: the shapes the API reference names (plugins/openapi-components.ts) are written
    // out in place here, not as references to definitions.
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', metadata: z.registry() });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return check ? (data: unknown) => stringify(schema.parse(data)) : (data: unknown) => stringify(data);
  };
}
