// Entry of `npm start` (after scripts/start.mjs built dist/): the playground on 127.0.0.1:${PORT:-8080}.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startPlayground } from './server';
import { DEMO_CREDITS } from './workbook';

const HOST = '127.0.0.1';
const DEFAULT_PORT = 8080;
/** Ports tried after the default when it is taken (another playground, another server). */
const TRIES = 10;

/** Whether `port` can be listened on now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** The port to serve on: PORT as asked, or the first free one from 8080; a clear word if none. */
async function choosePort(): Promise<number> {
  const asked = process.env.PORT;
  if (asked !== undefined) {
    const port = Number(asked);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`PORT=${asked} is not a port number.`);
    if (port !== 0 && !(await isFree(port))) {
      throw new Error(
        `Port ${port} is in use (another playground?). Stop it, or pick another: PORT=${port + 1} npm start`,
      );
    }
    return port;
  }
  for (let port = DEFAULT_PORT; port < DEFAULT_PORT + TRIES; port++) {
    if (await isFree(port)) {
      if (port !== DEFAULT_PORT) console.log(`Port ${DEFAULT_PORT} is in use: serving on ${port} instead.`);
      return port;
    }
  }
  throw new Error(
    `Ports ${DEFAULT_PORT}-${DEFAULT_PORT + TRIES - 1} are all in use. Pick a free one: PORT=9000 npm start`,
  );
}

async function main(): Promise<void> {
  const port = await choosePort();
  // Bundled into .build/ by run-ts.mjs, so dist/ is one folder up, as it is from playground/.
  // `npm start -- --hostile=deep` (or ENRICH_FAKE_HOSTILE=deep): the fake API misbehaves on purpose.
  const flag = process.argv.find((arg) => arg.startsWith('--hostile='))?.slice('--hostile='.length);
  const hostile = flag ?? process.env.ENRICH_FAKE_HOSTILE ?? '';
  const playground = await startPlayground({ port, distDir: join(__dirname, '..', 'dist'), hostile });
  if (hostile !== '') console.log(`Hostile fake API: ${hostile} (every hostile answer is still charged).`);
  console.log(`Enrich for Sheets playground: ${playground.url}`);
  console.log(
    `A demo account with ${DEMO_CREDITS.toLocaleString('en-US')} credits is ready (fake API, offline; ` +
      'its key is saved in the add-on). Press Ctrl+C to stop.',
  );
  const stop = (): void => {
    playground.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
