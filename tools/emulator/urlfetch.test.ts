import { VirtualClock } from './clock';
import { Runtime } from './runtime';
import { FakeUrlFetchApp, type FetchRequest, type FetchResponse } from './urlfetch';

function setup(
  handler: (request: FetchRequest) => FetchResponse,
  extra: { latencyMs?: number; dailyQuota?: number } = {},
) {
  const clock = new VirtualClock(0);
  const runtime = new Runtime(clock);
  const seen: FetchRequest[] = [];
  const app = new FakeUrlFetchApp(runtime, {
    handler: (request) => {
      seen.push(request);
      return handler(request);
    },
    latencyMs: extra.latencyMs ?? 300,
    ...(extra.dailyQuota === undefined ? {} : { dailyQuota: extra.dailyQuota }),
  });
  return { clock, app, seen };
}

const ok = (body: string): FetchResponse => ({
  status: 200,
  headers: { 'Content-Type': 'application/json' },
  body,
});

describe('UrlFetchApp', () => {
  it('sends method, headers and payload to the handler and answers its response', () => {
    const { app, seen } = setup(() => ok('{"status":"success"}'));
    const response = app.fetch('https://api.enrichment.example/v1/enrich', {
      method: 'post',
      contentType: 'application/json',
      headers: { Authorization: 'Bearer k-123' },
      payload: '{"type":"email_to_pronet_url"}',
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: 'https://api.enrichment.example/v1/enrich',
        headers: { Authorization: 'Bearer k-123', 'Content-Type': 'application/json' },
        body: '{"type":"email_to_pronet_url"}',
      },
    ]);
    expect(response.getResponseCode()).toBe(200);
    expect(response.getContentText()).toBe('{"status":"success"}');
    expect(response.getHeaders()).toEqual({ 'Content-Type': 'application/json' });
  });

  it('each fetch costs one latency on the virtual clock', () => {
    const { app, clock } = setup(() => ok('{}'), { latencyMs: 250 });
    app.fetch('https://a.example/1');
    app.fetch('https://a.example/2');
    expect(clock.now()).toBe(500);
  });

  it('fetchAll of 10 requests costs one latency, sends them at the same instant and answers in order', () => {
    const { app, clock } = setup((request) => ok(request.url.slice(-1)), { latencyMs: 300 });
    const requests = Array.from({ length: 10 }, (_, i) => ({ url: `https://a.example/r${i}` }));
    const responses = app.fetchAll(requests);
    expect(clock.now()).toBe(300);
    expect(responses.map((r) => r.getContentText())).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(new Set(app.log.map((record) => record.at))).toEqual(new Set([0]));
    expect(new Set(app.log.map((record) => record.batch)).size).toBe(1);
  });

  it('throws like Apps Script on an error status unless muteHttpExceptions is set', () => {
    const body = JSON.stringify({ status: 'error', message: `Internal error ${'x'.repeat(200)}` });
    const { app } = setup(() => ({ status: 500, body }));
    const url = 'https://api.enrichment.example/v1/enrich?x=1';
    expect(() => app.fetch(url)).toThrow(
      /^Request failed for https:\/\/api\.enrichment\.example returned code 500\. Truncated server response: \{"status":"error".*\.\.\. \(use muteHttpExceptions option to examine full response\)$/,
    );
    const muted = app.fetch(url, { muteHttpExceptions: true });
    expect(muted.getResponseCode()).toBe(500);
    expect(muted.getContentText()).toBe(body);
  });

  it('does not throw for 202, which is a success', () => {
    const { app } = setup(() => ({ status: 202, body: '{"status":"processing"}' }));
    expect(app.fetch('https://a.example/').getResponseCode()).toBe(202);
  });

  it('fetchAll throws for a failed request that did not mute, after the whole batch was sent', () => {
    const { app, seen } = setup((request) =>
      request.url.endsWith('bad') ? { status: 429, body: 'slow down' } : ok('{}'),
    );
    expect(() => app.fetchAll(['https://a.example/good', 'https://a.example/bad'])).toThrow(
      'returned code 429',
    );
    expect(seen).toHaveLength(2);
    const answers = app.fetchAll([{ url: 'https://a.example/bad', muteHttpExceptions: true }]);
    expect(answers[0]?.getResponseCode()).toBe(429);
  });

  it('sends an object payload as a form', () => {
    const { app, seen } = setup(() => ok('{}'));
    app.fetch('https://a.example/', { method: 'post', payload: { a: '1', b: 'x y' } });
    expect(seen[0]?.body).toBe('a=1&b=x+y');
    expect(seen[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('a handler that throws is a network failure', () => {
    const { app } = setup(() => {
      throw new Error('ECONNRESET');
    });
    expect(() => app.fetch('https://down.example/')).toThrow('Address unavailable: https://down.example/');
  });

  it('enforces the daily quota of calls, a fetchAll counting each request', () => {
    const { app, clock } = setup(() => ok('{}'), { dailyQuota: 5 });
    app.fetchAll([
      'https://a.example/1',
      'https://a.example/2',
      'https://a.example/3',
      'https://a.example/4',
    ]);
    expect(() => app.fetchAll(['https://a.example/5', 'https://a.example/6'])).toThrow(
      'Service invoked too many times for one day: urlfetch.',
    );
    app.fetch('https://a.example/5');
    expect(() => app.fetch('https://a.example/6')).toThrow(
      'Service invoked too many times for one day: urlfetch.',
    );
    clock.advance(24 * 3_600_000);
    expect(app.fetch('https://a.example/7').getResponseCode()).toBe(200);
  });

  it('refuses a URL over 2 KB before sending anything (U6)', () => {
    const { app, seen } = setup(() => ok('{}'));
    const base = 'https://a.example/jobs/';
    const longest = base + 'x'.repeat(2_048 - base.length);
    expect(app.fetch(longest).getResponseCode()).toBe(200);
    expect(() => app.fetch(`${longest}x`)).toThrow('Limit Exceeded: URLFetch URL Length.');
    expect(() => app.fetchAll(['https://a.example/1', `${longest}x`])).toThrow(
      'Limit Exceeded: URLFetch URL Length.',
    );
    expect(seen.map((request) => request.url.length)).toEqual([2_048]);
  });
});
