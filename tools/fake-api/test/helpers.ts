// Shared helpers for the fake API tests: a number-based clock and short ways to call the handler.
import type { InputKind } from '../catalog';
import { FakeApi, type FakeApiOptions } from '../fake-api';

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

/**
 * The fake API on a test clock. These tests are about answers and charges, not the pace: the key
 * is held to no rate unless a test names one (the fake's own default, 1 a second, has its tests).
 */
export function harness(options: Partial<FakeApiOptions> = {}, credits = 1000): Harness {
  const clock = new TestClock();
  const api = new FakeApi({ clock, rateLimitPerSecond: Number.POSITIVE_INFINITY, ...options });
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

/**
 * The spec's operation table (docs/api-spec.md, Operations and Limits), copied
 * by hand: what the fake is checked against, so it is written out here, not read from any code.
 */
export const SPEC_OPERATIONS: Readonly<
  Record<string, { credits: number | 'per employee'; mode: 'sync' | 'async'; input: InputKind }>
> = {
  lead_full_name_to_pronet_url: { credits: 1, mode: 'sync', input: 'person_name' },
  email_to_pronet_url: { credits: 5, mode: 'sync', input: 'email' },
  pronet_profile_to_email: { credits: 10, mode: 'sync', input: 'person_url' },
  pronet_profile_to_phone: { credits: 50, mode: 'sync', input: 'person_url' },
  pronet_profile_to_pronet_info: { credits: 10, mode: 'async', input: 'person_url' },
  lead_full_name_to_email: { credits: 7, mode: 'sync', input: 'person_name' },
  company_name_to_website: { credits: 1, mode: 'sync', input: 'company_name' },
  company_name_to_email: { credits: 1, mode: 'sync', input: 'company_name' },
  company_name_to_phone: { credits: 1, mode: 'sync', input: 'company_name' },
  company_name_to_pronet_url: { credits: 1, mode: 'sync', input: 'company_name' },
  company_name_to_employee_count: { credits: 1, mode: 'sync', input: 'company_name' },
  company_name_to_employees: { credits: 'per employee', mode: 'async', input: 'company_name' },
  company_domain_to_employees: { credits: 'per employee', mode: 'async', input: 'company_domain' },
  pronet_company_to_pronet_info: { credits: 6, mode: 'sync', input: 'company_url' },
  pronet_company_to_employee_count: { credits: 1, mode: 'sync', input: 'company_url' },
  pronet_company_to_employees: { credits: 'per employee', mode: 'async', input: 'company_url' },
  pronet_post_to_reactions: { credits: 1, mode: 'sync', input: 'post_url' },
  b2b_data_lookup: { credits: 1, mode: 'sync', input: 'any_identifier' },
  photonet_lookup: { credits: 1, mode: 'sync', input: 'photonet_handle' },
};

/** The spec's rows as `{ type, ... }`, for `it.each`. */
export const specRows = () => Object.entries(SPEC_OPERATIONS).map(([type, row]) => ({ type, ...row }));

/** A request of this type with a typical input of the kind it takes. */
export function sampleRequest(
  op: { readonly type: string; readonly input: InputKind },
  input = SAMPLE_INPUT[op.input],
): { type: string; input_data: string } {
  return { type: op.type, input_data: input };
}
