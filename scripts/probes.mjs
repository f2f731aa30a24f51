// `npm run probes`: the platform probes (tools/probes/cli.ts), run from the repository's root.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTs } from './run-ts.mjs';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));
await runTs('tools/probes/cli.ts');
