import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** Where the generated types are kept, beside this file. */
export const CLIENT_TYPES_URL = new URL('./api-types.ts', import.meta.url);

/**
 * The TypeScript types of the API's OpenAPI document, as `api-types.ts` holds them: `npm run client:generate` writes
 * them from the server's document, and the API's tests fail when the file differs from what it would write.
 */
export async function clientTypesOf(document: object): Promise<string> {
  // `silent`: nothing is printed (openapi-typescript checks the document with Redocly's rules, offline). A field with a
  // default is optional where it is sent; an answer's fields are required by the document's `required`.
  const nodes = await openapiTS(document as OpenAPI3, { silent: true, alphabetize: true, defaultNonNullable: false });
  return `${COMMENT_HEADER}// From the StayBook API's OpenAPI document (/api/openapi.json): \`npm run client:generate\` writes it again.\n\n${astToString(nodes)}`;
}
