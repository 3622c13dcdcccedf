import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_TYPES_URL, clientTypesOf } from '@staybook/client/generate';
import { buildContractApp, readDocument } from '../test/contract.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import { API_COMPONENTS, ERROR_CODE_VALUES } from './openapi-components.js';

/**
 * The recommended rules' warnings the document keeps, each for a reason (docs/decisions/059-a-contract-for-generated-clients.md).
 * Any other warning, and any error, fails.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'info-license': 'the product publishes no licence to name',
  'no-server-example.com': "the tests' PUBLIC_URL is localhost; a deployment's document names its own address",
  'no-ambiguous-paths': 'paths such as /api/room/update/{id} beside /api/room/{id}/calendar: the router prefers the fixed segment, and renaming them would break clients',
  'operation-2xx-response': "browser redirects (Stripe onboarding's return, Google's callback, the reset link), whose success is a 302",
};

type Json = Record<string, unknown>;
type MediaTypes = Record<string, { schema: Json }>;
type Operation = { requestBody?: { content: MediaTypes }; responses: Record<string, { $ref?: string; content?: MediaTypes }> };
type Document = Json & { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json>; responses: Record<string, Json> } };

describe.each(TEST_DATABASE_KINDS)('the API contract on %s', (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let document: Document;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    app = await buildContractApp(db);
    document = (await readDocument(app)) as Document;
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  const productOperations = () =>
    Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

  it("passes Redocly's recommended rules with no error, and only the warnings accepted for a reason", async () => {
    // @redocly/openapi-core lints in-process: no telemetry, no update check, no network (the document has no outside refs).
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/api/openapi.json', config });
    const describe = (p: (typeof problems)[number]) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    expect(problems.filter((p) => p.severity === 'warn' && !ACCEPTED_WARNINGS[p.ruleId]).map(describe)).toEqual([]);
  });

  it('generates a typed client that knows every operation the server serves, before the typecheck reads the code using it', async () => {
    // The client's types are never committed (packages/client/src/generated/ is git-ignored): `npm run typecheck`
    // writes them from this document first, so the API's tests, which call the app through the client, fail their
    // type check as soon as they disagree with what the server serves.
    const typecheck = JSON.parse(await readFile(new URL('../../../../package.json', import.meta.url), 'utf8')).scripts.typecheck as string;
    const steps = typecheck.split('&&').map((step) => step.trim());
    expect(steps.findIndex((step) => step.startsWith('npm run client:generate')), typecheck).toBe(0);
    expect(steps).toContain('tsc -p apps/api');
    expect(fileURLToPath(CLIENT_TYPES_URL)).toContain(`${sep}generated${sep}`);
    const types = await clientTypesOf(document);
    const missing = Object.entries(document.paths).flatMap(([path, ops]) => {
      const at = types.indexOf(`\n    "${path}": {`);
      const entry = at < 0 ? '' : types.slice(at, types.indexOf('\n    };', at));
      return Object.keys(ops).filter((method) => !new RegExp(`\\b${method}: operations\\[`).test(entry)).map((method) => `${method.toUpperCase()} ${path}`);
    });
    expect(missing).toEqual([]);
  });

  it("names the product's shapes: every JSON body sent or answered is a component, each named shape is in the document", () => {
    const inline: string[] = [];
    for (const { name, op } of productOperations()) {
      const bodies = [
        ['request', op.requestBody?.content],
        ...Object.entries(op.responses).filter(([status]) => status.startsWith('2')).map(([status, response]) => [status, response.content] as const),
      ] as const;
      for (const [what, content] of bodies) {
        const schema = content?.['application/json']?.schema;
        if (schema && !schema.$ref) inline.push(`${name} ${what}`);
      }
    }
    expect(inline).toEqual([]);
    const names = Object.keys(document.components.schemas);
    expect(API_COMPONENTS.map(([, name]) => name).filter((name) => !names.includes(name))).toEqual([]);
    // One name for each shape: a schema named twice would be written under one of its names only.
    expect(new Set(API_COMPONENTS.map(([schema]) => schema)).size).toBe(API_COMPONENTS.length);
    // Nothing is named twice, and the auth library's shapes keep to their prefix.
    expect(names.filter((name) => /^(User|Session|Account|Verification)$/.test(name) && !API_COMPONENTS.some(([, own]) => own === name))).toEqual([]);
  });

  it("gives the error shape one component, its code one of the product's codes, and examples that are valid answers", () => {
    const apiError = document.components.schemas.ApiError as { properties: { error: { properties: { code: { enum: string[] } } } } };
    expect(apiError.properties.error.properties.code.enum).toEqual(ERROR_CODE_VALUES);
    const withExamples = API_COMPONENTS.filter(([, , meta]) => meta?.examples);
    expect(withExamples.map(([, name]) => name)).toEqual(expect.arrayContaining(['ApiError', 'Room', 'RoomsPage', 'Booking']));
    for (const [schema, name, meta] of withExamples) {
      expect(document.components.schemas[name]?.examples, name).toEqual(meta!.examples);
      for (const example of meta!.examples!) expect(() => z.parse(schema, example), name).not.toThrow();
    }
  });

  it('shares the error answers: each operation refers to one response per status, each in the error shape', () => {
    const own: string[] = [];
    for (const { name, op } of productOperations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if ((status === '304' || status >= '400') && !response.$ref?.startsWith('#/components/responses/')) own.push(`${name} ${status}`);
      }
    }
    expect(own).toEqual([]);
    const { NotModified, ...errors } = document.components.responses;
    expect(NotModified).toMatchObject({ headers: { ETag: expect.any(Object) } });
    for (const [name, response] of Object.entries(errors)) {
      expect(response, name).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });
    }
  });
});
