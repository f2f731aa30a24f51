import { batchLimit } from '../../../src/core/api/batch-schedule';
import { enrich, enrichMany } from '../../../src/core/api/client';
import { checkJobs, waitForJobs } from '../../../src/core/api/job-polling';
import type { CallOptions, CallOutcome, ClientConfig } from '../../../src/core/api/outcome';
import { sharedPacer } from '../../../src/core/api/pacing';
import type { EnrichmentRequest } from '../../../src/core/api/wire';
import type { HttpPort, LockPort } from '../../../src/core/platform/ports';
import { FakeClock, FakeHttp, inputOf, json, type Responder, START, text } from '../helpers/fake-http';
import { FakeDocumentLock, FakeProperties, paceValue } from '../helpers/platform';

const KEY = 'sk_live_9f3aSECRETkey77';
const BASE = 'https://api.enrich.example/v1';

function setup(respond: Responder, latencyMs = 0, baseUrl = BASE) {
  const clock = new FakeClock();
  const http = new FakeHttp(clock, respond, latencyMs);
  const cfg: ClientConfig = { baseUrl, apiKey: KEY, http, clock };
  return { clock, http, cfg };
}

const website = (input: string): EnrichmentRequest => ({
  type: 'company_name_to_website',
  input_data: input,
});

/** The pace these tests send at unless they say: as if the account had learned 5 a second. */
const PACE = 5;

/** A custom function: about 25 s, and a 5xx fails fast. */
const inFormula = (clock: FakeClock, budgetMs = 25_000): CallOptions => ({
  deadline: clock.now() + budgetMs,
  retryServerErrors: false,
  maxRequestsPerSecond: PACE,
});

/** A bulk slice of an execution: minutes, and a 5xx is waited out. */
const inLongWork = (clock: FakeClock, budgetMs = 300_000): CallOptions => ({
  deadline: clock.now() + budgetMs,
  retryServerErrors: true,
  maxRequestsPerSecond: PACE,
});

const found = (result: unknown) => json(200, { status: 'success', result });
const accepted = (jobId: string) =>
  json(202, { status: 'processing', job_id: jobId, poll_url: `https://elsewhere.example/status/${jobId}` });

function errorOf(outcome: CallOutcome | undefined) {
  if (outcome?.kind !== 'failed') throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  return outcome.error;
}

/**
 * Batches as large as the pace grants (by default a batch holds only what one round trip lasts):
 * for the tests that read the pace from the batches.
 */
const wholeBatches: Pick<CallOptions, 'maxBatch'> = { maxBatch: Number.POSITIVE_INFINITY };

/** How many POSTs went out in each second of clock time. */
function postsPerSecond(http: FakeHttp): number[] {
  const counts: number[] = [];
  for (const post of http.posts()) {
    const second = Math.floor(post.at / 1000);
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return Array.from(counts, (count) => count ?? 0);
}

describe('the request sent', () => {
  it.each([BASE, `${BASE}/`, `${BASE}//`])(
    'POSTs JSON with the bearer key to <base>/ (base %s)',
    (baseUrl) => {
      const { http, cfg, clock } = setup(() => found({ website: 'acme.com' }), 0, baseUrl);
      const request: EnrichmentRequest = {
        type: 'company_name_to_employees',
        input_data: 'Acme',
        department: 'Sales',
        employee_count: 5,
      };
      enrich(cfg, request, inFormula(clock));
      expect(http.sent).toHaveLength(1);
      const [post] = http.sent;
      expect(post).toMatchObject({
        method: 'post',
        url: 'https://api.enrich.example/v1/',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
      });
      expect(post?.body).toEqual(request);
    },
  );
});

describe('an inline answer (200)', () => {
  it('is found with the data as returned', () => {
    const { cfg, clock } = setup(() => found({ website: 'acme.com', employeeCount: 12 }));
    expect(enrich(cfg, website('Acme'), inFormula(clock))).toEqual({
      kind: 'found',
      result: { website: 'acme.com', employeeCount: 12 },
    });
  });

  it('with result null is a miss (charged, not an error)', () => {
    const { cfg, clock } = setup(() => found(null));
    expect(enrich(cfg, website('Nobody Inc'), inFormula(clock))).toEqual({ kind: 'miss' });
  });

  it('carrying a provider error is a provider_error failure, not data', () => {
    const { cfg, clock } = setup(() =>
      found({ error: { code: 'provider_unavailable', message: 'Upstream provider timed out' } }),
    );
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toMatchObject({ code: 'provider_error', fatal: false, retryable: false });
    expect(error.message).toBe('Provider error: Upstream provider timed out');
  });
});

describe('error statuses', () => {
  it('401 is unauthorized and fatal, and is not retried', () => {
    const { cfg, clock, http } = setup(() => json(401, { status: 'error', message: 'Invalid API key' }));
    const error = errorOf(enrich(cfg, website('Acme'), inLongWork(clock)));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, fatal: true, retryable: false });
    expect(error.message).toMatch(/API key/);
    expect(http.sent).toHaveLength(1);
  });

  it('402 is insufficient_credits and fatal', () => {
    const { cfg, clock } = setup(() => json(402, { status: 'error', message: 'Insufficient credits' }));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toMatchObject({ code: 'insufficient_credits', status: 402, fatal: true, retryable: false });
    expect(error.message).toMatch(/credits/i);
  });

  it("422 is invalid_input for this row only, in the server's words", () => {
    const { cfg, clock, http } = setup(() =>
      json(422, { status: 'error', message: 'input_data must be a company domain' }),
    );
    const error = errorOf(enrich(cfg, website('Acme'), inLongWork(clock)));
    expect(error).toEqual({
      code: 'invalid_input',
      status: 422,
      message: 'Invalid input: input_data must be a company domain',
      fatal: false,
      retryable: false,
    });
    expect(http.sent).toHaveLength(1);
  });

  it('429 backs off 1 s, 2 s, 4 s, 8 s, then 15 s while the deadline allows, then leaves the call for a later run, never a failure', () => {
    const { cfg, clock, http } = setup(() => json(429, { status: 'error', message: 'Too many requests' }));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toEqual({
      code: 'not_sent',
      message:
        'Not sent yet: the API asked for a slower pace (HTTP 429). It goes out later, at the pace the add-on learned.',
      fatal: false,
      retryable: true,
    });
    // A formula sends until 2 s before its 25 s.
    expect(http.posts().map((post) => post.at)).toEqual([0, 1000, 3000, 7000, 15_000]);
  });

  it("429 waits out the API's Retry-After when it asks for longer than the back-off", () => {
    const { cfg, clock, http } = setup((_, n) =>
      n === 0 ? { ...json(429, {}), retryAfterMs: 5000 } : found({ website: 'acme.com' }),
    );
    expect(enrich(cfg, website('Acme'), inFormula(clock))).toEqual({
      kind: 'found',
      result: { website: 'acme.com' },
    });
    expect(http.posts().map((post) => post.at)).toEqual([0, 5000]);
  });

  it('429 then 200 gives the data after one back-off', () => {
    const { cfg, clock, http } = setup((_, n) => (n === 0 ? json(429, {}) : found({ website: 'acme.com' })));
    expect(enrich(cfg, website('Acme'), inFormula(clock))).toEqual({
      kind: 'found',
      result: { website: 'acme.com' },
    });
    expect(http.posts().map((post) => post.at)).toEqual([0, 1000]);
  });

  it('429 back-off stops at the deadline instead of sleeping past it', () => {
    const { cfg, clock, http } = setup(() => json(429, {}));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock, 2500)));
    expect(error.code).toBe('not_sent');
    expect(http.posts().map((post) => post.at)).toEqual([0, 1000]);
    expect(clock.elapsed()).toBeLessThanOrEqual(2500);
  });

  it('5xx in a formula fails fast: one POST, no waiting, server_error (retryable)', () => {
    const { cfg, clock, http } = setup(() => text(503, '<html><body>Service Unavailable</body></html>'));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toMatchObject({ code: 'server_error', status: 503, fatal: false, retryable: true });
    expect(error.message).not.toMatch(/html|body/i);
    expect(http.sent).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('5xx in long work waits ~30 s and retries, and the retry can succeed', () => {
    const { cfg, clock, http } = setup((_, n) => (n === 0 ? json(500, {}) : found({ website: 'acme.com' })));
    expect(enrich(cfg, website('Acme'), inLongWork(clock)).kind).toBe('found');
    expect(http.posts().map((post) => post.at)).toEqual([0, 30_000]);
  });

  it('5xx in long work is retried a bounded number of times', () => {
    const { cfg, clock, http } = setup(() => json(502, {}));
    expect(errorOf(enrich(cfg, website('Acme'), inLongWork(clock))).code).toBe('server_error');
    expect(http.posts().map((post) => post.at)).toEqual([0, 30_000, 60_000]);
  });

  it('5xx in long work does not wait 30 s when the deadline is nearer', () => {
    const { cfg, clock, http } = setup(() => json(500, {}));
    expect(errorOf(enrich(cfg, website('Acme'), inLongWork(clock, 20_000))).code).toBe('server_error');
    expect(http.sent).toHaveLength(1);
    expect(clock.elapsed()).toBeLessThanOrEqual(20_000);
  });

  it('status 0 is a network failure (retryable); a lost answer is asked once more, flagged as resent', () => {
    const { cfg, clock, http } = setup(() => text(0, ''));
    const outcome = enrich(cfg, website('Acme'), inLongWork(clock));
    const error = errorOf(outcome);
    expect(error).toMatchObject({ code: 'network', fatal: false, retryable: true });
    expect(error.message).toBe(
      'No answer from the enrichment API (network error); it may still have charged the lookup. Try again.',
    );
    expect(error.status).toBeUndefined();
    // Sent twice, never three times, and said: the API may have charged both.
    expect(http.sent).toHaveLength(2);
    expect(outcome.resent).toBe(true);
  });

  it('a request the platform refused before sending (quota) is not sent again and cost nothing', () => {
    const refused = 'Service invoked too many times for one day: urlfetch.';
    const { cfg, clock, http } = setup(() => ({ status: 0, body: refused, fate: 'unsent' }));
    const outcome = enrich(cfg, website('Acme'), inLongWork(clock));
    expect(errorOf(outcome).message).toBe(`Not sent (${refused}). No credits were spent.`);
    expect(http.sent).toHaveLength(1);
    expect(outcome.resent).toBeUndefined();
  });

  it('a request Google refused for want of authorization is sent to nobody again, and stops the rest', () => {
    const refused =
      'Specified permissions are not sufficient to call UrlFetchApp.fetchAll. Required permissions: https://www.googleapis.com/auth/script.external_request';
    const { cfg, clock, http } = setup(() => ({ status: 0, body: refused, fate: 'unauthorized' }));
    const outcomes = enrichMany(cfg, [website('Acme'), website('Umbrella')], {
      ...inLongWork(clock),
      maxBatch: 1,
    });
    expect(http.sent).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.resent).toBeUndefined();
      expect(errorOf(outcome)).toEqual({
        code: 'not_authorized',
        message:
          'Not sent, no credits spent: Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar, then Continue and Allow.',
        fatal: true,
        retryable: false,
      });
    }
  });
});

describe('answers that are not the JSON expected', () => {
  it.each([
    ['an HTML page', '<!DOCTYPE html><html><head><title>Oops</title></head><body>Bad gateway</body></html>'],
    ['an empty body', ''],
    ['truncated JSON', '{"status": "succ'],
  ])('200 with %s is an unreadable (charged) answer with the HTTP status', (_, body) => {
    const { cfg, clock } = setup(() => text(200, body));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toMatchObject({ code: 'unreadable_answer', status: 200, fatal: false, retryable: false });
    expect(error.message).toBe(
      'Unexpected answer from the API (HTTP 200): not JSON. The API charges every call, so this one is booked as spent.',
    );
  });

  it.each([
    ['no job id', { status: 'processing' }],
    ['a job id that is not usable', { status: 'processing', job_id: 7 }],
    ['a job id that is not usable', { status: 'processing', job_id: '  ' }],
  ])('202 with %s is an unreadable (charged) answer', (what, body) => {
    const { cfg, clock } = setup(() => json(202, body));
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock)))).toMatchObject({
      code: 'unreadable_answer',
      status: 202,
      message: `Unexpected answer from the API (HTTP 202): ${what}. The API charges every call, so this one is booked as spent.`,
    });
  });

  it('an error status with an HTML body is still read by its status', () => {
    const { cfg, clock } = setup(() => text(422, '<html>Unprocessable</html>'));
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock)))).toMatchObject({
      code: 'invalid_input',
      message: 'Invalid input (HTTP 422).',
    });
  });

  it('an unexpected status is bad_response, not a crash', () => {
    const { cfg, clock } = setup(() => json(405, { message: 'Method not allowed' }));
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock)))).toMatchObject({
      code: 'bad_response',
      status: 405,
      message: 'Unexpected answer from the API (HTTP 405): Method not allowed',
    });
  });
});

describe('messages', () => {
  it.each<[string, Responder]>([
    ['a 422 message', () => json(422, { status: 'error', message: `bad input for key ${KEY}` })],
    ['a 200 that is not a success', () => json(200, { status: 'error', message: `Key ${KEY} is invalid` })],
    ['an unexpected status', () => json(418, { message: `Authorization: Bearer ${KEY}` })],
    ['a provider error', () => found({ success: false, message: `quota exceeded for ${KEY}` })],
  ])('never show the API key, even when the server echoes it in %s', (_, respond) => {
    const { cfg, clock } = setup(respond);
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('9f3aSECRET');
    expect(error.message).toContain('[API key]');
  });

  it('never show the API key in its URL-encoded form', () => {
    const key = 'sk_live/9f3a+SECRET=';
    const { cfg, clock } = setup(() => json(422, { message: `GET /?key=${encodeURIComponent(key)}` }));
    const error = errorOf(enrich({ ...cfg, apiKey: key }, website('Acme'), inFormula(clock)));
    expect(error.message).toBe('Invalid input: GET /?key=[API key]');
  });

  it.each([
    ['upper-cased', 'SK_LIVE_9F3ASECRETKEY77'],
    ['base64', 'c2tfbGl2ZV85ZjNhU0VDUkVUa2V5Nzc='],
    ['cut to its first 12 characters', 'sk_live_9f3a'],
    ['with zero-width spaces inside', 'sk_live\u200b_9f3a\u200bSECRET\u200bkey77'],
  ])('never show the API key %s', (_, echoed) => {
    const { cfg, clock } = setup(() => json(422, { message: `bad key ${echoed}` }));
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock))).message).toBe(
      'Invalid input: bad key [API key]',
    );
  });

  it('hide the key inside found data, at any depth, names included', () => {
    // 5,000 levels of {"level <key>": [...]} around "key <key>", written as text: too deep to stringify.
    const deep = `${`{"level ${KEY}":[`.repeat(5000)}"key ${KEY}"${']}'.repeat(5000)}`;
    const { cfg, clock } = setup(() =>
      text(200, `{"status":"success","result":{"email":"${KEY}@acme.com","deep":${deep}}}`),
    );
    const outcome = enrich(cfg, website('Acme'), inFormula(clock));
    if (outcome.kind !== 'found') throw new Error(`expected data, got ${outcome.kind}`);
    const result = outcome.result as { email: string; deep: unknown };
    expect(result.email).toBe('[API key]@acme.com');
    let level: unknown = result.deep;
    for (let depth = 0; depth < 5000; depth++) {
      expect(Object.keys(level as object)).toEqual(['level [API key]']);
      level = (level as Record<string, unknown[]>)['level [API key]']![0];
    }
    expect(level).toBe('key [API key]');
  });

  it('hide the key in a failed job message', () => {
    const { cfg, clock } = setup((request) =>
      request.method === 'post'
        ? accepted('j1')
        : json(200, { status: 'error', message: `denied for ${KEY}` }),
    );
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error.code).toBe('job_failed');
    expect(error.message).not.toContain(KEY);
    expect(error.message).toMatch(/^Lookup failed: denied for/);
  });

  it('are short: a long server message is capped on one line', () => {
    const { cfg, clock } = setup(() => json(422, { message: `line one\n\n${'x'.repeat(5000)}` }));
    const { message } = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(message.length).toBeLessThanOrEqual(160);
    expect(message).toMatch(/^Invalid input: line one x+…$/);
  });
});

describe('a job (202)', () => {
  /** Jobs that finish `afterMs` after they were accepted; `status` answers with the given body. */
  function jobServer(finish: (jobId: string, sinceAccepted: number) => object | 'gone' | null) {
    const acceptedAt = new Map<string, number>();
    let nextId = 1;
    const respond: Responder = (request) => {
      if (request.method === 'post') {
        const jobId = `job-${nextId++}`;
        acceptedAt.set(jobId, request.at);
        return accepted(jobId);
      }
      const jobId = decodeURIComponent(request.url.split('/status/')[1] ?? '');
      const since = request.at - (acceptedAt.get(jobId) ?? Number.NaN);
      const answer = finish(jobId, since);
      if (answer === 'gone') return json(404, { status: 'error', message: 'Job not found or expired' });
      return json(200, answer ?? { status: 'processing' });
    };
    return respond;
  }

  it('is polled every ~2 s at <base>/status/<id> until done, never at the poll_url given', () => {
    const { cfg, clock, http } = setup(
      jobServer((_, since) => (since >= 6000 ? { status: 'done', result: { full_name: 'Ada' } } : null)),
    );
    const outcome = enrich(cfg, website('Acme'), inFormula(clock));
    expect(outcome).toEqual({ kind: 'found', result: { full_name: 'Ada' } });
    expect(http.posts()).toHaveLength(1);
    expect(http.gets().map((get) => get.at)).toEqual([2000, 4000, 6000]);
    for (const get of http.gets()) {
      expect(get.url).toBe('https://api.enrich.example/v1/status/job-1');
      expect(get.headers.Authorization).toBe(`Bearer ${KEY}`);
    }
    expect(http.sent.some((request) => request.url.includes('elsewhere.example'))).toBe(false);
  });

  it('encodes the job id in the status path', () => {
    const { cfg, clock, http } = setup((request) =>
      request.method === 'post' ? accepted('a/b c?d') : json(200, { status: 'done', result: null }),
    );
    expect(enrich(cfg, website('Acme'), inFormula(clock))).toEqual({ kind: 'miss' });
    expect(http.gets()[0]?.url).toBe('https://api.enrich.example/v1/status/a%2Fb%20c%3Fd');
  });

  it('still running at the deadline is handed back pending, posted only once', () => {
    const { cfg, clock, http } = setup(jobServer(() => null));
    const outcome = enrich(cfg, website('Acme'), inFormula(clock, 25_000));
    expect(outcome).toEqual({ kind: 'pending', jobId: 'job-1' });
    expect(http.posts()).toHaveLength(1);
    const polls = http.gets().map((get) => get.at);
    expect(polls).toEqual([
      2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000, 20_000, 22_000, 24_000,
    ]);
    expect(clock.elapsed()).toBeLessThanOrEqual(25_000);
  });

  it('keeps the ~2 s cadence and the deadline when each request takes time', () => {
    const { cfg, clock, http } = setup(
      jobServer(() => null),
      700,
    );
    const outcome = enrich(cfg, website('Acme'), inFormula(clock, 10_000));
    expect(outcome.kind).toBe('pending');
    // POST answered at 700, first poll 2 s later, then every 2 s from the start of each poll.
    expect(http.gets().map((get) => get.at)).toEqual([2700, 4700, 6700, 8700]);
    expect(http.sent.every((request) => request.at <= 10_000)).toBe(true);
  });

  it("that errors is job_failed with the server's message", () => {
    const { cfg, clock } = setup(jobServer(() => ({ status: 'error', message: 'Profile is private' })));
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock)))).toEqual({
      code: 'job_failed',
      status: 200,
      message:
        'Lookup failed: Profile is private. The API charges every call, so this one is booked as spent.',
      fatal: false,
      retryable: false,
    });
  });

  it('answering 404 is job_expired, and says its credits were spent', () => {
    const { cfg, clock } = setup(jobServer(() => 'gone'));
    const error = errorOf(enrich(cfg, website('Acme'), inFormula(clock)));
    expect(error).toMatchObject({ code: 'job_expired', status: 404, fatal: false, retryable: false });
    expect(error.message).toMatch(/expired/);
    expect(error.message).toMatch(/credits were already spent/);
  });

  it('done with a provider error is provider_error', () => {
    const { cfg, clock } = setup(
      jobServer(() => ({ status: 'done', result: { error: 'Provider timeout' } })),
    );
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock)))).toMatchObject({
      code: 'provider_error',
      message: 'Provider error: Provider timeout',
    });
  });

  it('survives a failing status check and keeps polling', () => {
    let checks = 0;
    const { cfg, clock } = setup((request) => {
      if (request.method === 'post') return accepted('j1');
      checks++;
      if (checks === 1) return text(503, '<html>down</html>');
      if (checks === 2) return text(0, '');
      return json(200, { status: 'done', result: 'acme.com' });
    });
    expect(enrich(cfg, website('Acme'), inFormula(clock))).toEqual({ kind: 'found', result: 'acme.com' });
    expect(checks).toBe(3);
  });

  it('whose status cannot be read until the deadline stays pending, with the reason', () => {
    const { cfg, clock } = setup((request) => (request.method === 'post' ? accepted('j1') : text(502, '')));
    const outcome = enrich(cfg, website('Acme'), inFormula(clock, 7000));
    expect(outcome).toMatchObject({ kind: 'pending', jobId: 'j1', lastError: { code: 'server_error' } });
  });
});

describe('checkJobs', () => {
  it('checks every job in one fetchAll, without sleeping, answering in order', () => {
    const bodies: Record<string, ReturnType<typeof json>> = {
      a: json(200, { status: 'processing' }),
      b: json(200, { status: 'done', result: { email: 'ada@acme.com' } }),
      c: json(404, { status: 'error', message: 'Job not found or expired' }),
      d: json(200, { status: 'error', message: 'Upstream failure' }),
      e: text(200, 'not json'),
      f: json(401, { status: 'error', message: 'Invalid API key' }),
    };
    const { cfg, clock, http } = setup((request) => bodies[request.url.split('/').pop() ?? '']!);
    const checks = checkJobs(cfg, ['a', 'b', 'c', 'd', 'e', 'f']);
    expect(http.batches).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(checks.map((check) => check.kind)).toEqual([
      'processing',
      'done',
      'expired',
      'failed',
      'unavailable',
      'unavailable',
    ]);
    expect(checks[1]).toEqual({
      kind: 'done',
      outcome: { kind: 'found', result: { email: 'ada@acme.com' } },
    });
    expect(checks[4]).toMatchObject({ error: { code: 'bad_response', status: 200 } });
    expect(checks[5]).toMatchObject({ error: { code: 'unauthorized', fatal: true } });
  });

  it('sends nothing for no jobs', () => {
    const { cfg, http } = setup(() => json(200, {}));
    expect(checkJobs(cfg, [])).toEqual([]);
    expect(http.sent).toEqual([]);
  });
});

describe('waitForJobs', () => {
  it('polls all open jobs in one fetchAll a round, dropping the settled ones', () => {
    const doneAt: Record<string, number> = { j1: 0, j2: 2000, j3: Number.POSITIVE_INFINITY };
    const { cfg, clock, http } = setup((request) => {
      const id = request.url.split('/').pop() ?? '';
      return request.at >= (doneAt[id] ?? 0)
        ? json(200, { status: 'done', result: { id } })
        : json(200, { status: 'processing' });
    });
    const outcomes = waitForJobs(cfg, ['j1', 'j2', 'j3'], clock.now() + 5000);
    expect(outcomes).toEqual([
      { kind: 'found', result: { id: 'j1' } },
      { kind: 'found', result: { id: 'j2' } },
      { kind: 'pending', jobId: 'j3' },
    ]);
    expect(http.batches.map((batch) => batch.map((get) => `${get.at}:${get.url.split('/').pop()}`))).toEqual([
      ['0:j1', '0:j2', '0:j3'],
      ['2000:j2', '2000:j3'],
      ['4000:j3'],
    ]);
    expect(clock.elapsed()).toBeLessThanOrEqual(5000);
  });

  it('stops at once when the key is refused, keeping the jobs pending with the reason', () => {
    const { cfg, clock, http } = setup(() => json(401, { status: 'error', message: 'Invalid API key' }));
    const outcomes = waitForJobs(cfg, ['j1', 'j2'], clock.now() + 20_000);
    expect(outcomes).toMatchObject([
      { kind: 'pending', jobId: 'j1', lastError: { code: 'unauthorized', fatal: true } },
      { kind: 'pending', jobId: 'j2', lastError: { code: 'unauthorized', fatal: true } },
    ]);
    expect(http.batches).toHaveLength(1);
  });

  it('does not poll when the deadline has passed', () => {
    const { cfg, clock, http } = setup(() => json(200, { status: 'done', result: 1 }));
    expect(waitForJobs(cfg, ['j1'], clock.now() - 1)).toEqual([{ kind: 'pending', jobId: 'j1' }]);
    expect(http.sent).toEqual([]);
  });
});

describe('enrichMany', () => {
  const names = (count: number) => Array.from({ length: count }, (_, i) => website(`Company ${i}`));

  it('answers in input order whatever each call returned', () => {
    const answers: Record<string, ReturnType<typeof json>> = {
      'Company 0': found({ website: 'c0.com' }),
      'Company 1': found(null),
      'Company 2': json(422, { status: 'error', message: 'bad name' }),
      'Company 3': found({ website: 'c3.com' }),
    };
    const { cfg, clock } = setup((request) => answers[inputOf(request)]!);
    const outcomes = enrichMany(cfg, names(4), inFormula(clock));
    expect(outcomes.map((outcome) => (outcome.kind === 'failed' ? outcome.error.code : outcome))).toEqual([
      { kind: 'found', result: { website: 'c0.com' } },
      { kind: 'miss' },
      'invalid_input',
      { kind: 'found', result: { website: 'c3.com' } },
    ]);
  });

  it('sends at most 5 POSTs a second by default, in fetchAll batches of at most 5', () => {
    const { cfg, clock, http } = setup((request) => found({ website: `${inputOf(request)}.com` }));
    const outcomes = enrichMany(cfg, names(12), { ...inLongWork(clock), ...wholeBatches });
    expect(outcomes.every((outcome) => outcome.kind === 'found')).toBe(true);
    expect(http.batches.map((batch) => batch.length)).toEqual([5, 5, 2]);
    expect(postsPerSecond(http)).toEqual([5, 5, 2]);
    expect(clock.elapsed()).toBe(2000);
  });

  it('follows maxRequestsPerSecond, also when requests take time', () => {
    const { cfg, clock, http } = setup(() => found('x'), 300);
    enrichMany(cfg, names(7), { ...inLongWork(clock), ...wholeBatches, maxRequestsPerSecond: 2 });
    expect(http.batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(http.posts().map((post) => post.at)).toEqual([0, 0, 1000, 1000, 2000, 2000, 3000]);
  });

  it('never puts more than the rate in any one-second window', () => {
    // Some calls fail with 429 and come back later, mixing retries with fresh calls.
    const { cfg, clock, http } = setup((request, n) =>
      inputOf(request).endsWith('3') && n < 2 ? json(429, {}) : found('x'),
    );
    enrichMany(cfg, names(30), { ...inLongWork(clock), maxRequestsPerSecond: 4 });
    const times = http.posts().map((post) => post.at);
    for (const start of times) {
      expect(times.filter((at) => at >= start && at < start + 1000).length).toBeLessThanOrEqual(4);
    }
  });

  it('on 429 slows down, retries only the rate-limited calls, and keeps the order', () => {
    const { cfg, clock, http } = setup((request, n) =>
      ['Company 1', 'Company 3'].includes(inputOf(request)) && n === 0
        ? json(429, {})
        : found(inputOf(request)),
    );
    const outcomes = enrichMany(cfg, names(8), { ...inLongWork(clock), ...wholeBatches });
    expect(outcomes).toEqual(names(8).map((request) => ({ kind: 'found', result: request.input_data })));
    const sentCount = (input: string) => http.posts().filter((post) => inputOf(post) === input).length;
    expect(sentCount('Company 1')).toBe(2);
    expect(sentCount('Company 3')).toBe(2);
    expect(sentCount('Company 0')).toBe(1);
    expect(http.posts()).toHaveLength(10);
    // First batch at 0 (5 calls), then everyone waits 1 s and the pace drops from 5 to 2.5 a
    // second (5 had run clean: the limit may have fallen), so two calls a second.
    expect(http.batches.map((batch) => `${batch[0]?.at}:${batch.map(inputOf).join(',')}`)).toEqual([
      '0:Company 0,Company 1,Company 2,Company 3,Company 4',
      '1000:Company 1,Company 3',
      '2000:Company 5,Company 6',
      '3000:Company 7',
    ]);
  });

  it('learns its pace back after a burst of 429s instead of staying slow for the whole run', () => {
    // Another execution's last batch fills the window: the first batch here is refused once.
    const { cfg, clock, http } = setup((request, n) =>
      Number(inputOf(request).split(' ')[1]) < 10 && n === 0 ? json(429, {}) : found('x'),
    );
    const outcomes = enrichMany(cfg, names(300), {
      ...inLongWork(clock),
      ...wholeBatches,
      maxRequestsPerSecond: 10,
    });
    expect(outcomes.every((outcome) => outcome.kind === 'found')).toBe(true);
    const perSecond = postsPerSecond(http);
    expect(perSecond[0]).toBe(10);
    expect(perSecond[1]).toBe(5); // halved after the 429s
    expect(Math.max(...perSecond.slice(3))).toBe(10); // then learned back, 20 clean sends a step
    expect(clock.elapsed()).toBeLessThanOrEqual(40_000); // a slow-forever run would take 60 s
  });

  it('stops everything on 402: unsent rows are not sent and carry the same error', () => {
    let credits = 3;
    const { cfg, clock, http } = setup(() =>
      credits-- > 0 ? found('x') : json(402, { status: 'error', message: 'Insufficient credits' }),
    );
    const outcomes = enrichMany(cfg, names(12), { ...inLongWork(clock), ...wholeBatches });
    expect(http.posts()).toHaveLength(5);
    expect(
      outcomes.map((outcome) => (outcome.kind === 'failed' ? outcome.error.code : outcome.kind)),
    ).toEqual(['found', 'found', 'found', ...Array<string>(9).fill('insufficient_credits')]);
    expect(outcomes.every((outcome) => outcome.kind !== 'failed' || outcome.error.fatal)).toBe(true);
  });

  it('leaves calls it had no time for as not_sent (retryable, no credits spent)', () => {
    const { cfg, clock, http } = setup(() => found('x'));
    const outcomes = enrichMany(cfg, names(20), inFormula(clock, 1500));
    expect(http.posts()).toHaveLength(10);
    expect(outcomes.slice(0, 10).every((outcome) => outcome.kind === 'found')).toBe(true);
    for (const outcome of outcomes.slice(10)) {
      expect(errorOf(outcome)).toMatchObject({ code: 'not_sent', fatal: false, retryable: true });
      expect(errorOf(outcome).message).toMatch(/No credits were spent/);
    }
    expect(clock.elapsed()).toBeLessThanOrEqual(1500);
  });

  it('polls accepted jobs together, one fetchAll a round, while inline answers stay in place', () => {
    const { cfg, clock, http } = setup((request) => {
      if (request.method === 'get') {
        return request.at >= 4000
          ? json(200, { status: 'done', result: `done ${request.url.split('/').pop()}` })
          : json(200, { status: 'processing' });
      }
      const input = inputOf(request);
      return input === 'Company 1' ? found('inline') : accepted(input.replace(' ', '-'));
    });
    const outcomes = enrichMany(cfg, names(3), { ...inFormula(clock), ...wholeBatches });
    expect(outcomes).toEqual([
      { kind: 'found', result: 'done Company-0' },
      { kind: 'found', result: 'inline' },
      { kind: 'found', result: 'done Company-2' },
    ]);
    expect(http.posts()).toHaveLength(3);
    expect(http.batches.slice(1).map((batch) => batch.map((get) => get.at))).toEqual([
      [2000, 2000],
      [4000, 4000],
    ]);
  });

  it('with pollJobs false hands accepted jobs back at once', () => {
    const { cfg, clock, http } = setup((request) => accepted(`job-${inputOf(request).slice(-1)}`));
    const outcomes = enrichMany(cfg, names(2), { ...inLongWork(clock), pollJobs: false });
    expect(outcomes).toEqual([
      { kind: 'pending', jobId: 'job-0' },
      { kind: 'pending', jobId: 'job-1' },
    ]);
    expect(http.gets()).toEqual([]);
    expect(clock.elapsed()).toBe(0);
  });

  it('sends nothing for no requests', () => {
    const { cfg, clock, http } = setup(() => found('x'));
    expect(enrichMany(cfg, [], inFormula(clock))).toEqual([]);
    expect(http.sent).toEqual([]);
  });

  it('treats a missing answer from the port as a network failure', () => {
    const clock = new FakeClock();
    const cfg: ClientConfig = { baseUrl: BASE, apiKey: KEY, clock, http: { fetchAll: () => [] } };
    expect(errorOf(enrich(cfg, website('Acme'), inFormula(clock))).code).toBe('network');
    expect(clock.now()).toBe(START);
  });
});

describe('network failures that lose a batch', () => {
  const names = (count: number) => Array.from({ length: count }, (_, i) => website(`Company ${i}`));

  /** A port whose first `fetchAll` call loses every answer, as a reset on one request does. */
  function losingFirstBatch(clock: FakeClock, alwaysDown = false) {
    const sent: string[][] = [];
    const http: HttpPort = {
      fetchAll(requests) {
        sent.push(requests.map((request) => JSON.parse(request.payload ?? '{}').input_data as string));
        clock.time += 300;
        if (alwaysDown || sent.length === 1) return requests.map(() => ({ status: 0, body: 'reset' }));
        return requests.map((request) => found(`${JSON.parse(request.payload ?? '{}').input_data}.com`));
      },
    };
    return { sent, cfg: { baseUrl: BASE, apiKey: KEY, http, clock } satisfies ClientConfig };
  }

  it('keeps a batch to the rate shared by the round trips of a second: 4 at 10 a second and 300 ms', () => {
    expect(batchLimit(10, 300)).toBe(4);
    expect(batchLimit(10, 1500)).toBe(10);
    expect(batchLimit(5, 0)).toBe(1);
    const { cfg, clock, http } = setup((request) => found(inputOf(request)), 300);
    enrichMany(cfg, names(20), { ...inLongWork(clock), maxRequestsPerSecond: 10 });
    // What is due at 10 a second, with one batch's head start; the window's 10th waits for 1 s.
    expect(http.batches.map((batch) => batch.length)).toEqual([4, 3, 3, 3, 4, 3]);
    expect(http.batches.map((batch) => batch[0]?.at)).toEqual([0, 300, 600, 1000, 1300, 1600]);
    expect(clock.elapsed()).toBe(1900);
    // Within two round trips of batches of 10 (at 0 s and 1 s): the rate sets the pace.
    const whole = setup((request) => found(inputOf(request)), 300);
    enrichMany(whole.cfg, names(20), {
      ...inLongWork(whole.clock),
      ...wholeBatches,
      maxRequestsPerSecond: 10,
    });
    expect(whole.http.batches.map((batch) => batch.length)).toEqual([10, 10]);
    expect(whole.clock.elapsed()).toBe(1300);
  });

  it('sends each POST of a lost batch once more, alone, and flags every one as resent', () => {
    const clock = new FakeClock();
    const { cfg, sent } = losingFirstBatch(clock);
    const outcomes = enrichMany(cfg, names(3), { ...inLongWork(clock), maxRequestsPerSecond: 10 });
    expect(sent).toEqual([
      ['Company 0', 'Company 1', 'Company 2'],
      ['Company 0'],
      ['Company 1'],
      ['Company 2'],
    ]);
    expect(outcomes).toEqual([
      { kind: 'found', result: 'Company 0.com', resent: true },
      { kind: 'found', result: 'Company 1.com', resent: true },
      { kind: 'found', result: 'Company 2.com', resent: true },
    ]);
  });

  it('stops sending again once a resend is lost too: the network is down', () => {
    const clock = new FakeClock();
    const { cfg, sent } = losingFirstBatch(clock, true);
    const outcomes = enrichMany(cfg, names(3), { ...inLongWork(clock), maxRequestsPerSecond: 10 });
    expect(sent).toEqual([['Company 0', 'Company 1', 'Company 2'], ['Company 0']]);
    expect(outcomes.map((outcome) => outcome.resent)).toEqual([true, undefined, undefined]);
    for (const outcome of outcomes) expect(errorOf(outcome).code).toBe('network');
  });

  it('sends nothing again when told not to (a key test)', () => {
    const clock = new FakeClock();
    const { cfg, sent } = losingFirstBatch(clock);
    const outcome = enrich(cfg, website('Acme'), { ...inFormula(clock), resendLost: false });
    expect(sent).toEqual([['Acme']]);
    expect(errorOf(outcome).code).toBe('network');
    expect(outcome.resent).toBeUndefined();
  });

  it('never sends a resend past the deadline', () => {
    const clock = new FakeClock();
    const { cfg, sent } = losingFirstBatch(clock);
    const outcomes = enrichMany(cfg, names(3), { ...inFormula(clock, 200), maxRequestsPerSecond: 10 });
    expect(sent).toEqual([['Company 0', 'Company 1', 'Company 2']]);
    expect(outcomes.every((outcome) => outcome.kind === 'failed' && !outcome.resent)).toBe(true);
  });
});

describe('sending at the shared pace', () => {
  const names = (count: number) => Array.from({ length: count }, (_, i) => website(`Company ${i}`));

  function shared() {
    const { clock, http, cfg } = setup(() => found('x'), 300);
    const store = new FakeProperties(clock);
    const documentLock = new FakeDocumentLock(clock);
    let sections = 0;
    const lock: LockPort = {
      withLock: (ms, work) => {
        sections++;
        return documentLock.withLock(ms, work);
      },
    };
    // An account that learned 10 a second already.
    const pacer = sharedPacer({ store: paceValue(store, 'pace:test'), lock, clock }, 'pace:test', 10, 10);
    return { clock, http, cfg, pacer, sections: () => sections };
  }

  /** The most POSTs in any window (t - 1 s, t]. */
  const busiest = (times: readonly number[]) =>
    Math.max(...times.map((end) => times.filter((t) => t > end - 1000 && t <= end).length));

  it('books the turns of 4 s of sending in one locked section, at the full rate', () => {
    const { clock, http, cfg, pacer, sections } = shared();
    const outcomes = enrichMany(cfg, names(200), { ...inLongWork(clock), maxRequestsPerSecond: 10, pacer });
    expect(outcomes.every((outcome) => outcome.kind === 'found')).toBe(true);
    const times = http.posts().map((post) => post.at);
    expect(times).toHaveLength(200);
    expect(busiest(times)).toBe(10);
    // 200 POSTs at 10 a second: 20 windows, each 4, 3 and 3 a round trip apart (turns cost no
    // time here); a turn books 4 s of them.
    expect(times[199]! - times[0]!).toBe(19_600);
    expect(sections()).toBeLessThanOrEqual(6);
  });

  it('never sends a batch after the time it was booked for: a late one books again', () => {
    const { clock, http, cfg, pacer } = shared();
    // Every third answer comes back 700 ms late: the slots booked after it have passed.
    let calls = 0;
    const slow: HttpPort = {
      fetchAll: (requests) => {
        const answers = http.fetchAll(requests);
        if (++calls % 3 === 0) clock.sleep(700);
        return answers;
      },
    };
    const outcomes = enrichMany({ ...cfg, http: slow }, names(60), {
      ...inLongWork(clock),
      maxRequestsPerSecond: 10,
      pacer,
    });
    expect(outcomes.every((outcome) => outcome.kind === 'found')).toBe(true);
    expect(busiest(http.posts().map((post) => post.at))).toBeLessThanOrEqual(10);
  });

  it('takes no turn at the pace that would end past the deadline: it could grant nothing', () => {
    const { clock, http, cfg } = setup(() => found('x'), 300);
    const store = new FakeProperties(clock);
    const documentLock = new FakeDocumentLock(clock);
    const ends: number[] = [];
    const lock: LockPort = {
      // Google's round trips: the lock, the read and the write of the log (about 160 ms).
      withLock: (ms, work) => {
        const answer = documentLock.withLock(ms, () => {
          clock.sleep(80);
          const booked = work();
          clock.sleep(80);
          return booked;
        });
        ends.push(clock.now());
        return answer;
      },
    };
    const pacer = sharedPacer({ store: paceValue(store, 'pace:test'), lock, clock }, 'pace:test', 10, 10);
    // A formula's 400 are more than its pace can send: it sends until its deadline, its last
    // answer coming back less than a turn's length before it.
    const options = { ...inFormula(clock, 24_900), maxRequestsPerSecond: 10, pacer };
    const outcomes = enrichMany(cfg, names(400), options);
    expect(http.posts().length).toBeGreaterThan(200);
    expect(outcomes.some((outcome) => outcome.kind === 'failed')).toBe(true);
    // Each turn is a read and a write of the user's properties (their quota counts them).
    expect(ends.filter((end) => end > options.deadline)).toEqual([]);
  });
});
