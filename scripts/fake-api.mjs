// `npm run fake-api`: the fake enrichment API alone, on 127.0.0.1:${PORT:-8787}.
import { runTs } from './run-ts.mjs';

await runTs('tools/fake-api/cli.ts');
