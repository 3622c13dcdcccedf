import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/**
 * Where the generated types are kept: `src/generated/`, which git ignores. They are never committed, so they cannot
 * fall behind the server: `npm run typecheck` writes them from the server's document before it checks the code that
 * calls the API through the client.
 */
export const CLIENT_TYPES_URL = new URL('./generated/api-types.ts', import.meta.url);

/**
 * The TypeScript types of the API's OpenAPI document, as `generated/api-types.ts` holds them (`npm run
 * client:generate` writes them from the server's document).
 */
export async function clientTypesOf(document: object): Promise<string> {
  // `silent`: nothing is printed (openapi-typescript checks the document with Redocly's rules, offline). A field with a
  // default is optional where it is sent; an answer's fields are required by the document's `required`.
  const nodes = await openapiTS(document as OpenAPI3, { silent: true, alphabetize: true, defaultNonNullable: false });
  return `${COMMENT_HEADER}// From the StayBook API's OpenAPI document (/api/openapi.json): \`npm run client:generate\` writes it again.\n\n${astToString(nodes)}`;
}
