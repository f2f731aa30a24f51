// Entry of `npm start` (after scripts/start.mjs built dist/): the playground on 127.0.0.1:${PORT:-8080},
// or on the next free port when that one is in use. It stops on Ctrl+C, SIGTERM and SIGHUP.
import { join } from 'node:path';
import { DEFAULT_RATE_LIMIT_PER_SECOND, rateFromCommandLine } from '../fake-api/rate-limit';
import { DEMO_CREDITS } from './demo';
import { type RunningPlayground, startPlayground } from './server';

const DEFAULT_PORT = 8080;
/** Ports tried after the one asked for when it is in use (another playground, another server). */
const NEXT_PORTS = 10;
/** How long closing may take before the process leaves anyway. */
const CLOSE_GRACE_MS = 3000;

/** The port asked for: PORT, else 8080. */
function askedPort(): number {
  const asked = process.env.PORT;
  if (asked === undefined || asked === '') return DEFAULT_PORT;
  const port = Number(asked);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT=${asked} is not a port number.`);
  return port;
}

/**
 * Stops the playground, and the process with it, on a signal: Ctrl+C, SIGTERM, a closed terminal,
 * and the SIGTERM scripts/start.mjs sends itself when npm, which started it, is gone.
 */
function stopWhenAsked(playground: RunningPlayground): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), CLOSE_GRACE_MS).unref();
    playground
      .close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
}

async function main(): Promise<void> {
  const port = askedPort();
  // Bundled into .build/ by run-ts.mjs, so dist/ is one folder up, as it is from playground/.
  // `npm start -- --hostile=deep` (or ENRICH_FAKE_HOSTILE=deep): the fake API misbehaves on purpose.
  const flag = process.argv.find((arg) => arg.startsWith('--hostile='))?.slice('--hostile='.length);
  const hostile = flag ?? process.env.ENRICH_FAKE_HOSTILE ?? '';
  // `npm start -- --rate=10`: the demo key allows 10 requests a second, not the documented 1.
  const rate = rateFromCommandLine(process.argv, process.env);
  let playground: RunningPlayground;
  try {
    playground = await startPlayground({
      port,
      nextPorts: NEXT_PORTS,
      distDir: join(__dirname, '..', 'dist'),
      hostile,
      ...(rate === undefined ? {} : { rate }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(/in use/.test(message) ? `${message} Pick a free one: PORT=9000 npm start` : message);
  }
  stopWhenAsked(playground);
  if (playground.port !== port && port !== 0)
    console.log(`Port ${port} is in use: serving on ${playground.port} instead.`);
  if (hostile !== '') console.log(`Hostile fake API: ${hostile} (every hostile answer is still charged).`);
  console.log(
    `The fake API allows the demo key ${rate ?? DEFAULT_RATE_LIMIT_PER_SECOND} request(s) a second (--rate=N to change), ` +
      'as the vendor documents for single lookups: the add-on learns the pace, so a 500-row range takes minutes; +10 min moves time on.',
  );
  console.log(`Enrich for Sheets playground: ${playground.url}`);
  console.log(
    `A demo account with ${DEMO_CREDITS.toLocaleString('en-US')} credits is ready (fake API, offline), ` +
      'and its key is saved in the add-on.',
  );
  console.log(`Demo key: ${playground.demoKey}`);
  console.log(
    'Replaced or removed it? Click "Use the demo key" on the page, or paste the key in the sidebar. ' +
      'Press Ctrl+C to stop.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
