// `npm run bench`: runs bench/bench.ts (bundled by esbuild) against the freshly built dist/.
import { runTs } from '../scripts/run-ts.mjs';

await runTs('bench/bench.ts');
