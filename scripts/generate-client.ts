import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CLIENT_TYPES_URL, clientTypesOf } from '@staybook/client/generate';
import { contractDocument } from '../apps/api/src/test/contract.js';

/**
 * `npm run client:generate`: writes the typed client's types (packages/client/src/generated/api-types.ts, which git
 * ignores) from the API's OpenAPI document, as the server describes itself now. `npm run typecheck` runs it before
 * checking the code, so code that calls the API through the client fails its type check as soon as it disagrees
 * with what the server serves. The file is rewritten only when its text changes (an editor's type check keeps its work).
 */
const types = await clientTypesOf(await contractDocument());
const path = fileURLToPath(CLIENT_TYPES_URL);
const current = await readFile(path, 'utf8').catch(() => null);
if (current === types) {
  console.log(`${path} is current`);
} else {
  await mkdir(new URL('.', CLIENT_TYPES_URL), { recursive: true });
  await writeFile(CLIENT_TYPES_URL, types);
  console.log(`Wrote ${path}`);
}
