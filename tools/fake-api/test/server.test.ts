import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { FakeApi } from '../fake-api';
import { HTML_ERROR_PAGE } from '../http';
import { type RunningFakeApiServer, startFakeApiServer } from '../server';
import { TestClock } from './helpers';

describe('fake API server over node:http', () => {
  const clock = new TestClock();
  const api = new FakeApi({ clock, rateLimitPerSecond: 10 });
  const key = api.createAccount({ credits: 100 });
  let server: RunningFakeApiServer;

  beforeAll(async () => {
    server = await startFakeApiServer({ api, port: 0 });
  });
  afterAll(() => server.close());

  const post = (body: unknown) =>
    fetch(`${server.url}/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('listens on an ephemeral port of 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
  });

  it('answers a sync lookup and charges it', async () => {
    const response = await post({ type: 'company_name_to_website', input_data: 'Acme Corporation' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'success', result: 'acme.com' });
    expect(api.balance(key)).toBe(99);
  });

  it('gives a poll_url that can be fetched as is, and serves the job through it', async () => {
    const accepted = await post({
      type: 'pronet_profile_to_pronet_info',
      input_data: 'https://www.pronet.com/in/ada',
    });
    expect(accepted.status).toBe(202);
    const { poll_url } = (await accepted.json()) as { poll_url: string };
    expect(poll_url.startsWith(`${server.url}/status/`)).toBe(true);
    const authorization = { Authorization: `Bearer ${key}` };
    expect(await (await fetch(poll_url, { headers: authorization })).json()).toEqual({
      status: 'processing',
    });
    clock.advance(60_000);
    const done = (await (await fetch(poll_url, { headers: authorization })).json()) as { status: string };
    expect(done.status).toBe('done');
  });

  it('passes error statuses and non-JSON bodies through', async () => {
    expect((await fetch(`${server.url}/`, { method: 'POST', body: '{}' })).status).toBe(401);
    api.failNext(1, 502, HTML_ERROR_PAGE);
    const failed = await post({ type: 'company_name_to_website', input_data: 'Acme' });
    expect(failed.status).toBe(502);
    expect(await failed.text()).toBe(HTML_ERROR_PAGE);
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });
});

describe('fake API command line', () => {
  let child: ChildProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fake-api-cli-'));
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts on PORT with a 1,000-credit demo account whose key it prints', async () => {
    const bundle = join(dir, 'cli.cjs');
    buildSync({
      entryPoints: [join(__dirname, '../cli.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: bundle,
      logLevel: 'silent',
    });
    const started = spawn(process.execPath, [bundle], { env: { ...process.env, PORT: '0' } });
    child = started;
    const banner = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/API key \S+/.test(out)) resolve(out);
      });
      started.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    const key = /API key (\S+)/.exec(banner)?.[1];
    expect(banner).toContain('1000 credits');
    const response = await fetch(`${url}/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'company_name_to_employee_count', input_data: 'Acme' }),
    });
    expect(response.status).toBe(200);
    expect(typeof ((await response.json()) as { result: unknown }).result).toBe('number');
  }, 15_000);
});
