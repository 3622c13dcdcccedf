// Starts a worker thread's TypeScript module when the server runs from source (Vitest, `npm run serve`): Node
// cannot load TypeScript in a worker by itself, and `--import tsx` in a worker's execArgv does not reach its
// entry on Node 20. The compiled build starts its workers' JavaScript directly. The module is the first argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
