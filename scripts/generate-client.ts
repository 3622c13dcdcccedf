import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CLIENT_TYPES_URL, clientTypesOf } from '@staybook/client/generate';
import { contractDocument } from '../apps/api/src/test/contract.js';

/**
 * `npm run client:generate`: writes the typed client's types (packages/client/src/api-types.ts) from the API's
 * OpenAPI document, as the server describes itself now. Run it after changing a route's schema; the API's tests
 * fail while the committed types differ from what this writes.
 */
await writeFile(CLIENT_TYPES_URL, await clientTypesOf(await contractDocument()));
console.log(`Wrote ${fileURLToPath(CLIENT_TYPES_URL)}`);
