// Shared helpers for the fake API tests: a number-based clock and short ways to call the handler.
import { FakeApi, type FakeApiOptions } from '../../fake-api/fake-api';
import { type InputKind, OPERATIONS, type Operation } from '../../src/core/operations';

export const START = Date.UTC(2024, 0, 15, 9, 0, 0);

export class TestClock {
  constructor(public ms = START) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
}

export interface Harness {
  api: FakeApi;
  clock: TestClock;
  key: string;
  post(body: unknown, key?: string | null): Answer;
  poll(jobId: string, key?: string): Answer;
  /** Posts, and if the answer is 202 waits for the job and returns its final status. */
  lookup(body: unknown, key?: string): Answer;
}

export function harness(options: Partial<FakeApiOptions> = {}, credits = 1000): Harness {
  const clock = new TestClock();
  const api = new FakeApi({ clock, ...options });
  const key = api.createAccount({ credits });
  const call = (method: string, url: string, headers: Record<string, string>, body?: string): Answer => {
    const response = api.handle({ method, url, headers, ...(body === undefined ? {} : { body }) });
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text: response.body, json };
  };
  const auth = (k: string | null | undefined): Record<string, string> =>
    k === null ? {} : { Authorization: `Bearer ${k ?? key}` };
  const h: Harness = {
    api,
    clock,
    key,
    post: (body, k) =>
      call(
        'POST',
        '/',
        { ...auth(k), 'Content-Type': 'application/json' },
        typeof body === 'string' ? body : JSON.stringify(body),
      ),
    poll: (jobId, k) => call('GET', `/status/${jobId}`, auth(k)),
    lookup: (body, k) => {
      const first = h.post(body, k);
      if (first.status !== 202) return first;
      for (let i = 0; i < 100; i++) {
        clock.advance(2000);
        const status = h.poll(first.json.job_id, k);
        if (status.json?.status !== 'processing') return status;
      }
      throw new Error('job never finished');
    },
  };
  return h;
}

/** A typical input of each kind, as a user would type it. */
export const SAMPLE_INPUT: Record<InputKind, string> = {
  person_name: 'Ada Lovelace Analytical Engines',
  email: 'ada.lovelace@analyticalengines.com',
  person_url: 'https://www.pronet.com/in/ada-lovelace-7b2c1d',
  company_name: 'Acme Corporation',
  company_domain: 'acme.com',
  company_url: 'https://www.pronet.com/company/acme',
  post_url: 'https://www.pronet.com/posts/ada-lovelace_engines-activity-7123',
  any_identifier: 'acme.com',
  photonet_handle: '@ada.lovelace',
};

export function operation(type: string): Operation {
  const op = OPERATIONS.find((candidate) => candidate.type === type);
  if (op === undefined) throw new Error(`no operation ${type}`);
  return op;
}

export function sampleRequest(
  op: Operation,
  input = SAMPLE_INPUT[op.input],
): { type: string; input_data: string } {
  return { type: op.type, input_data: input };
}
