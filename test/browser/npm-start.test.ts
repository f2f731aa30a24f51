// `npm start` as its own process: it says where it serves and what the demo key is, takes the next
// port that is actually free when the one asked for is in use, and leaves nothing serving once
// stopped, however it is stopped: Ctrl+C, SIGTERM, or npm itself killed. It serves the dist/ the
// test run built (`--no-build`), so it never rewrites dist/ under the other tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DIST } from './session';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '../..');
const HOST = '127.0.0.1';
/** How long a stopped playground may take to let its port go. */
const STOP_WAIT_MS = 10_000;

interface Started {
  readonly child: ChildProcess;
  output(): string;
  /** Waits for a line of output matching `pattern`. */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
}

const running: ChildProcess[] = [];
const held: Server[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeAll(() => {
  if (!existsSync(join(DIST, 'Code.js'))) throw new Error('dist/ is missing: run `npm run build` first.');
});

function launch(command: string, args: string[], port: number): Started {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, PORT: String(port) } });
  running.push(child);
  let text = '';
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(text);
        if (found) return done(() => resolve(found));
        if (child.exitCode !== null) done(() => reject(new Error(`exited ${child.exitCode}:\n${text}`)));
      };
      const done = (finish: () => void) => {
        child.stdout?.off('data', check);
        child.off('exit', check);
        finish();
      };
      child.stdout?.on('data', check);
      child.on('exit', check);
      check();
    });
  return { child, output: () => text, line };
}

const startMjs = (port: number) => launch(process.execPath, ['scripts/start.mjs', '--no-build'], port);

/** Holds a port, as another server would. */
function hold(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => {
      held.push(server);
      resolve(true);
    });
  });
}

/** A port the system says is free, with the one after it free too. */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, HOST, () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    if (port < 65000 && (await hold(port)) && (await hold(port + 1))) {
      await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
      return port;
    }
    await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function rpc(url: string, name: string, args: unknown[]): Promise<void> {
  const response = await fetch(`${url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, args }),
  });
  if (!response.ok) throw new Error(`${name} failed: HTTP ${response.status}`);
}

async function demoKeyInUse(url: string): Promise<boolean> {
  const state = (await (await fetch(`${url}/api/state`)).json()) as { demoKey: { inUse: boolean } };
  return state.demoKey.inUse;
}

/** Whether the port can be listened on again within a few seconds: nothing serves on it. */
async function portFreed(port: number): Promise<boolean> {
  const until = Date.now() + STOP_WAIT_MS;
  while (Date.now() < until) {
    if (await hold(port)) {
      await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints the URL and the demo key, and stops on %s',
    async (signal) => {
      const port = await twoFreePorts();
      const started = startMjs(port);
      const [, url] = await started.line(/Enrich for Sheets playground: (\S+)/);
      expect(url).toBe(`http://${HOST}:${port}`);
      const key = (await started.line(/Demo key: (\S+)/))[1]!;
      await started.line(/Press Ctrl\+C to stop\./);
      expect(started.output()).toContain(
        'Click "Use the demo key" on the page, or paste the key in the sidebar.',
      );
      // The key printed is the demo account's: pasted in the sidebar after a removal, it is in use.
      await rpc(url!, 'clearApiKey', []);
      expect(await demoKeyInUse(url!)).toBe(false);
      await rpc(url!, 'setApiKey', [key, 'user']);
      expect(await demoKeyInUse(url!)).toBe(true);

      started.child.kill(signal);
      expect(await exited(started.child)).toBe(0);
      expect(await portFreed(port)).toBe(true);
    },
  );

  it('takes the next port actually free when the one asked for and the next are in use, and says which', async () => {
    const port = await twoFreePorts();
    expect([await hold(port), await hold(port + 1)]).toEqual([true, true]);
    const started = startMjs(port);
    const [, served] = await started.line(/Port \d+ is in use: serving on (\d+) instead\./);
    expect(started.output()).toContain(`Port ${port} is in use: serving on ${served} instead.`);
    expect(Number(served)).toBeGreaterThan(port + 1);
    await started.line(/Enrich for Sheets playground:/);
    expect(await answers(`http://${HOST}:${served}/api/state`)).toBe(true);
    started.child.kill('SIGTERM');
    expect(await exited(started.child)).toBe(0);
  });

  it('stops when npm, which started it, is killed, leaving nothing serving', async () => {
    const port = await twoFreePorts();
    const started = launch('npm', ['start', '--', '--no-build'], port);
    const [, url] = await started.line(/Enrich for Sheets playground: (\S+)/);
    expect(await answers(`${url}/api/state`)).toBe(true);
    // Killed outright, npm passes nothing on to `sh -c node scripts/start.mjs`.
    started.child.kill('SIGKILL');
    expect(await portFreed(port)).toBe(true);
    expect(await answers(`${url}/api/state`)).toBe(false);
  });
});
