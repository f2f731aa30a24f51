// Entry of `npm start` (after scripts/start.mjs built dist/): the playground on 127.0.0.1:${PORT:-8080}.
import { join } from 'node:path';
import { startPlayground } from './server';
import { DEMO_CREDITS } from './workbook';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  // Bundled into .build/ by run-ts.mjs, so dist/ is one folder up, as it is from playground/.
  const playground = await startPlayground({ port, distDir: join(__dirname, '..', 'dist') });
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
