// Entry of `npm run fake-api`: the fake API on real time, with one demo account whose key is
// printed so a person can try it with curl or point the add-on at it.
import { FakeApi } from './fake-api';
import { DEFAULT_RATE_LIMIT_PER_SECOND, rateFromCommandLine } from './rate-limit';
import { startFakeApiServer } from './server';

const DEMO_CREDITS = 1000;

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const host = process.env.HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number`);
  const rate = rateFromCommandLine(process.argv, process.env) ?? DEFAULT_RATE_LIMIT_PER_SECOND;
  const api = new FakeApi({ clock: { now: () => Date.now() }, rateLimitPerSecond: rate });
  const key = api.createAccount({ credits: DEMO_CREDITS });
  const server = await startFakeApiServer({ api, port, host });
  console.log(`Fake enrichment API listening on ${server.url}`);
  console.log(`Demo account: ${DEMO_CREDITS} credits, API key ${key}`);
  console.log(
    `Each key may send ${rate} POST(s) a second (--rate=N to change); beyond that: 429 with Retry-After.`,
  );
  console.log(
    `Try: curl -s ${server.url}/ -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' ` +
      `-d '{"type":"company_name_to_website","input_data":"Acme Corporation"}'`,
  );
  const stop = (): void => {
    server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
