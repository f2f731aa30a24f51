// `npm start`: builds the add-on into dist/, then serves the playground (the built add-on in the
// emulator against the fake API) on 127.0.0.1:${PORT:-8080}, or the next free port.
// `node scripts/start.mjs --no-build` serves the dist/ already built (the tests that stop it do).
import { readFileSync } from 'node:fs';
import { build } from '../build.mjs';
import { runTs } from './run-ts.mjs';

/** The parent of process `pid`, from /proc (Linux); null where that cannot be read. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Who started us: our parent, and its parent. */
function lineage() {
  return [process.ppid, parentOf(process.ppid)].join();
}

// npm runs us through `sh -c`. Killed, npm takes the shell with it or leaves it behind, but its
// signal never reaches us, and we would go on serving. So, under npm, once the processes that
// started us are gone, we stop as if told to (the playground's SIGTERM handler closes it cleanly).
if (process.env.npm_lifecycle_event) {
  const started = lineage();
  const watch = setInterval(() => {
    if (lineage() !== started) process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}

if (!process.argv.includes('--no-build')) {
  const { baseUrl } = await build();
  console.log(`dist/ built (the emulator answers ${baseUrl} with the fake API).`);
}
await runTs('tools/playground/cli.ts');
