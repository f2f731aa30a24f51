import { STARTING_CREDITS } from '../accounts';
import { FAKE_OPERATIONS } from '../catalog';
import { harness, SAMPLE_INPUT, SPEC_OPERATIONS, sampleRequest, specRows } from './helpers';

describe('fake API: accounts', () => {
  it('opens new accounts with 25 credits and distinct generated keys', () => {
    const { api } = harness();
    const first = api.createAccount();
    const second = api.createAccount();
    expect(first).not.toBe(second);
    expect(api.balance(first)).toBe(STARTING_CREDITS);
    expect(STARTING_CREDITS).toBe(25);
  });

  it('accepts a chosen key once', () => {
    const { api, post } = harness();
    const key = api.createAccount({ key: 'demo-key', credits: 3 });
    expect(post({ type: 'company_name_to_website', input_data: 'Acme' }, key).status).toBe(200);
    expect(api.balance('demo-key')).toBe(2);
    expect(() => api.createAccount({ key: 'demo-key' })).toThrow('already exists');
  });
});

describe('fake API: flat charging', () => {
  it('knows exactly the operations of the spec', () => {
    expect(FAKE_OPERATIONS.map((op) => op.type).sort()).toEqual(Object.keys(SPEC_OPERATIONS).sort());
  });

  it.each(specRows().filter((row) => row.credits !== 'per employee'))(
    '$type costs $credits credits per answered call, as the spec lists',
    (row) => {
      const { api, key, lookup } = harness();
      const answer = lookup(sampleRequest(row));
      expect(answer.status).toBe(200);
      expect(api.spent(key)).toBe(row.credits);
      expect(api.balance(key)).toBe(1000 - Number(row.credits));
    },
  );

  it('charges misses: "nobody" and "NotFound" inputs answer null and still cost the price', () => {
    const { api, key, post } = harness();
    const nobody = post({ type: 'lead_full_name_to_email', input_data: 'Nobody Special Acme' });
    const notFound = post({ type: 'company_name_to_website', input_data: 'NotFound Industries' });
    expect(nobody.json).toEqual({ status: 'success', result: null });
    expect(notFound.json).toEqual({ status: 'success', result: null });
    expect(api.spent(key)).toBe(7 + 1);
    expect(api.chargesFor(key).map((charge) => [charge.type, charge.credits])).toEqual([
      ['lead_full_name_to_email', 7],
      ['company_name_to_website', 1],
    ]);
  });

  it('charges an input that designates nothing (a name where a domain is expected) as a miss', () => {
    const { api, key, post } = harness();
    const answer = post({ type: 'email_to_pronet_url', input_data: 'not an email' });
    expect(answer.json.result).toBeNull();
    expect(api.spent(key)).toBe(5);
  });

  it('answers a provider failure inside a 200 success, and charges it', () => {
    const { api, key, post } = harness();
    const answer = post({ type: 'company_name_to_phone', input_data: 'Acme provider-error' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: 'success',
      result: { error: { code: 'provider_unavailable', message: 'Upstream provider timed out' } },
    });
    expect(api.spent(key)).toBe(1);
  });

  it('answers 402 when the balance does not cover the price, charging nothing', () => {
    const { api, key, post } = harness({}, STARTING_CREDITS);
    const phone = post({ type: 'pronet_profile_to_phone', input_data: SAMPLE_INPUT.person_url });
    expect(phone.status).toBe(402);
    expect(phone.json.status).toBe('error');
    expect(phone.json.message).toMatch(/Insufficient credits/);
    expect(api.balance(key)).toBe(25);
    const call = api.callsFor(key)[0];
    expect(call).toMatchObject({ status: 402, credits: 0, type: 'pronet_profile_to_phone' });
  });

  it('lets a balance run down to exactly zero, then refuses', () => {
    const { api, key, post } = harness({}, 2);
    expect(post({ type: 'company_name_to_website', input_data: 'Acme' }).status).toBe(200);
    expect(post({ type: 'company_name_to_website', input_data: 'Globex' }).status).toBe(200);
    expect(post({ type: 'company_name_to_website', input_data: 'Initech' }).status).toBe(402);
    expect(api.balance(key)).toBe(0);
  });

  it('records every call with its method, path, type, input, status, cost and time', () => {
    const { api, key, clock, post } = harness();
    post({ type: 'company_name_to_website', input_data: 'Acme' });
    clock.advance(1500);
    post({ type: 'nope', input_data: 'Acme' });
    expect(api.callsFor(key)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/',
        type: 'company_name_to_website',
        input: 'Acme',
        status: 200,
        credits: 1,
        at: clock.ms - 1500,
      }),
      expect.objectContaining({ type: 'nope', status: 422, credits: 0, at: clock.ms }),
    ]);
  });

  it('keeps accounts apart in the ledger', () => {
    const { api, key, post } = harness();
    const other = api.createAccount();
    post({ type: 'company_name_to_website', input_data: 'Acme' }, other);
    expect(api.spent(key)).toBe(0);
    expect(api.spent(other)).toBe(1);
    expect(api.callsFor(key)).toEqual([]);
    expect(api.callsFor(other)).toHaveLength(1);
  });
});

describe('fake API: misses by rate', () => {
  const names = Array.from({ length: 200 }, (_, i) => `Company ${i}`);

  it('makes a deterministic, hash-chosen fraction of lookups miss', () => {
    const run = () => {
      const { post } = harness({ missRate: 0.3, rateLimitPerSecond: Infinity });
      return names.map((name) => post({ type: 'company_name_to_website', input_data: name }).json.result);
    };
    const first = run();
    const misses = first.filter((result) => result === null).length;
    expect(misses).toBeGreaterThan(40);
    expect(misses).toBeLessThan(80);
    expect(run()).toEqual(first);
  });

  it('misses nothing by default', () => {
    const { post } = harness({ rateLimitPerSecond: Infinity });
    const results = names.map(
      (name) => post({ type: 'company_name_to_website', input_data: name }).json.result,
    );
    expect(results.filter((result) => result === null)).toEqual([]);
  });
});

describe('fake API: async charging', () => {
  const PROFILE = { type: 'pronet_profile_to_pronet_info', input_data: SAMPLE_INPUT.person_url };

  it('charges an async job when it completes, at its completion time, even if nobody polls', () => {
    const { api, key, clock, post } = harness();
    const accepted = post(PROFILE);
    expect(accepted.status).toBe(202);
    expect(api.balance(key)).toBe(1000);
    clock.advance(59_999);
    expect(api.balance(key)).toBe(1000);
    const completion = clock.ms + 1;
    clock.advance(30_000);
    expect(api.balance(key)).toBe(990);
    expect(api.chargesFor(key)).toEqual([
      expect.objectContaining({ credits: 10, at: completion, jobId: accepted.json.job_id }),
    ]);
    expect(api.callsFor(key)[0]).toMatchObject({ status: 202, credits: 10, jobId: accepted.json.job_id });
  });

  it('does not charge a failed job', () => {
    const { api, key, clock, post, poll } = harness();
    const accepted = post({ ...PROFILE, input_data: 'https://www.pronet.com/in/job-fails' });
    clock.advance(60_000);
    const status = poll(accepted.json.job_id);
    expect(status.json).toEqual({ status: 'error', message: expect.stringMatching(/failed/) });
    expect(api.spent(key)).toBe(0);
    expect(api.chargesFor(key)).toEqual([]);
  });

  it('refuses at acceptance with 402 when the balance cannot cover the price', () => {
    const { post } = harness({}, 9);
    expect(post(PROFILE).status).toBe(402);
  });

  it('fails the job, uncharged, when credits spent meanwhile no longer cover it', () => {
    const { api, key, clock, post, poll } = harness({}, 15);
    const accepted = post(PROFILE);
    expect(post({ type: 'pronet_profile_to_email', input_data: SAMPLE_INPUT.person_url }).status).toBe(200);
    clock.advance(60_000);
    expect(poll(accepted.json.job_id).json).toEqual({
      status: 'error',
      message: 'Insufficient credits to complete the lookup',
    });
    expect(api.balance(key)).toBe(5);
  });
});

describe('fake API: employee lists cost 0.5 per employee returned', () => {
  const EMPLOYEES = { type: 'company_name_to_employees', input_data: 'Acme Corporation' };

  it('charges 0.5 per employee returned, when the job completes', () => {
    const { api, key, lookup } = harness();
    const done = lookup({ ...EMPLOYEES, employee_count: 10 });
    expect(done.json.status).toBe('done');
    expect(done.json.result).toHaveLength(10);
    expect(api.spent(key)).toBe(5);
    expect(api.chargesFor(key)[0]).toMatchObject({ credits: 5, employees: 10 });
  });

  it('charges nothing when no employee matches the filters', () => {
    const { api, key, lookup } = harness();
    const done = lookup({ ...EMPLOYEES, department: 'Astronautics' });
    expect(done.json).toEqual({ status: 'done', result: [] });
    expect(api.spent(key)).toBe(0);
  });

  it('answers 402 when the balance cannot pay for a single employee', () => {
    const { post } = harness({}, 0.4);
    expect(post(EMPLOYEES).status).toBe(402);
  });

  it('caps the list at completion to what the balance covers', () => {
    const { api, key, lookup } = harness({}, 3);
    const done = lookup({ ...EMPLOYEES, employee_count: 20 });
    expect(done.json.result).toHaveLength(6);
    expect(api.balance(key)).toBe(0);
  });

  it('fails the job, uncharged, when the balance was spent before completion', () => {
    const { api, key, clock, post, poll } = harness({}, 1);
    const accepted = post(EMPLOYEES);
    expect(post({ type: 'company_name_to_website', input_data: 'Acme' }).status).toBe(200);
    clock.advance(20_000);
    expect(poll(accepted.json.job_id).json.status).toBe('error');
    expect(api.balance(key)).toBe(0);
    expect(api.chargesFor(key)).toHaveLength(1);
  });

  it.each(specRows().filter((row) => row.credits === 'per employee'))(
    '$type: four employees returned cost 2 credits',
    (row) => {
      const { api, key, lookup } = harness();
      const done = lookup({ ...sampleRequest(row), employee_count: 4 });
      expect(done.json.result).toHaveLength(4);
      expect(api.spent(key)).toBe(2);
    },
  );
});
