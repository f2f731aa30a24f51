// `npm start`: builds the add-on into dist/, then serves the playground (the built add-on in the
// emulator against the fake API) on 127.0.0.1:${PORT:-8080}.
import { build } from '../build.mjs';
import { runTs } from './run-ts.mjs';

const { baseUrl } = await build();
console.log(`dist/ built (the emulator answers ${baseUrl} with the fake API).`);
await runTs('tools/playground/cli.ts');
