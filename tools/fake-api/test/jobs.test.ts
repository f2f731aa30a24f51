import { DEFAULT_JOB_DELAY_MS, JOB_LIFETIME_MS } from '../jobs';
import { harness, SAMPLE_INPUT, sampleRequest, specRows } from './helpers';

const PROFILE = { type: 'pronet_profile_to_pronet_info', input_data: SAMPLE_INPUT.person_url };
const WEBSITE = { type: 'company_name_to_website', input_data: 'Acme Corporation' };

describe('fake API: async jobs', () => {
  it.each(specRows().filter((row) => row.mode === 'async'))('$type always answers 202 with a job', (row) => {
    const { post } = harness();
    const answer = post(sampleRequest(row));
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({
      status: 'processing',
      job_id: expect.stringMatching(/^job_\w+$/),
      poll_url: `http://127.0.0.1/status/${answer.json.job_id}`,
    });
  });

  it.each(specRows().filter((row) => row.mode === 'sync'))(
    '$type answers 200 at once when not under load',
    (row) => {
      const { post } = harness();
      expect(post(sampleRequest(row))).toMatchObject({ status: 200, json: { status: 'success' } });
    },
  );

  it('builds poll_url from the Host header, or from the baseUrl option', () => {
    const { api, key } = harness();
    const viaHost = api.handle({
      method: 'POST',
      url: '/',
      headers: { Authorization: `Bearer ${key}`, Host: 'localhost:8787' },
      body: JSON.stringify(PROFILE),
    });
    expect(JSON.parse(viaHost.body).poll_url).toMatch(/^http:\/\/localhost:8787\/status\/job_/);
    const configured = harness({ baseUrl: 'https://api.enrich.example/' }).post(PROFILE);
    expect(configured.json.poll_url).toBe(`https://api.enrich.example/status/${configured.json.job_id}`);
  });

  it('goes processing -> done after the full-profile delay, and the result is the data', () => {
    const { clock, post, poll } = harness();
    const { job_id } = post(PROFILE).json;
    expect(poll(job_id).json).toEqual({ status: 'processing' });
    clock.advance(DEFAULT_JOB_DELAY_MS.profile - 1);
    expect(poll(job_id).json).toEqual({ status: 'processing' });
    clock.advance(1);
    const done = poll(job_id).json;
    expect(done.status).toBe('done');
    expect(done.result.full_name).toBe('Ada Lovelace');
  });

  it('finishes employee lists after their own delay', () => {
    const { clock, post, poll } = harness();
    const { job_id } = post({ type: 'company_name_to_employees', input_data: 'Acme' }).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.employees - 1);
    expect(poll(job_id).json.status).toBe('processing');
    clock.advance(1);
    expect(poll(job_id).json.status).toBe('done');
  });

  it('honours configured delays', () => {
    const { clock, post, poll } = harness({ jobDelayMs: { profile: 3000 } });
    const { job_id } = post(PROFILE).json;
    clock.advance(2999);
    expect(poll(job_id).json.status).toBe('processing');
    clock.advance(1);
    expect(poll(job_id).json.status).toBe('done');
  });

  it('expires a finished job exactly 10 minutes after completion', () => {
    const { clock, post, poll } = harness();
    const { job_id } = post(PROFILE).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.profile + JOB_LIFETIME_MS - 1);
    expect(poll(job_id).json.status).toBe('done');
    clock.advance(1);
    const expired = poll(job_id);
    expect(expired.status).toBe(404);
    expect(expired.json).toEqual({ status: 'error', message: 'Job not found or expired' });
    expect(JOB_LIFETIME_MS).toBe(600_000);
  });

  it('expires a job 10 minutes after completion even if it was never polled', () => {
    const { clock, post, poll } = harness();
    const { job_id } = post(PROFILE).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.profile + JOB_LIFETIME_MS);
    expect(poll(job_id).status).toBe(404);
  });

  it('expires failed jobs the same way', () => {
    const { clock, post, poll } = harness();
    const { job_id } = post({ ...PROFILE, input_data: 'https://www.pronet.com/in/job-fails' }).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.profile);
    expect(poll(job_id).json.status).toBe('error');
    clock.advance(JOB_LIFETIME_MS);
    expect(poll(job_id).status).toBe(404);
  });

  it("hides one account's jobs from another", () => {
    const { api, clock, post, poll } = harness();
    const other = api.createAccount();
    const { job_id } = post(PROFILE).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.profile);
    expect(poll(job_id, other).status).toBe(404);
    expect(poll(job_id).status).toBe(200);
  });

  it('requires the key to poll', () => {
    const { api, post } = harness();
    const { job_id } = post(PROFILE).json;
    expect(api.handle({ method: 'GET', url: `/status/${job_id}`, headers: {} }).status).toBe(401);
  });

  it('records polls in the ledger without charging them', () => {
    const { api, key, clock, post, poll } = harness();
    const { job_id } = post(PROFILE).json;
    poll(job_id);
    clock.advance(DEFAULT_JOB_DELAY_MS.profile);
    poll(job_id);
    const polls = api.callsFor(key).filter((call) => call.method === 'GET');
    expect(polls).toEqual([
      expect.objectContaining({ path: `/status/${job_id}`, status: 200, credits: 0, jobId: job_id }),
      expect.objectContaining({ path: `/status/${job_id}`, status: 200, credits: 0, jobId: job_id }),
    ]);
    expect(api.spent(key)).toBe(10);
  });

  it('gives every job a distinct id', () => {
    const { post } = harness();
    const ids = new Set(Array.from({ length: 5 }, () => post(PROFILE).json.job_id));
    expect(ids.size).toBe(5);
  });
});

describe('fake API: load', () => {
  it('answers nothing with 202 at no load', () => {
    const { post } = harness();
    expect(post(WEBSITE).status).toBe(200);
  });

  it('defers an even, deterministic fraction of sync calls to jobs', () => {
    const { api, post } = harness();
    api.setLoad(0.5);
    expect(Array.from({ length: 6 }, () => post(WEBSITE).status)).toEqual([200, 202, 200, 202, 200, 202]);
    api.setLoad(1);
    expect(post(WEBSITE).status).toBe(202);
    api.setLoad(0);
    expect(post(WEBSITE).status).toBe(200);
  });

  it('finishes a deferred call after the under-load delay with the same data, charged then', () => {
    const { api, key, clock, post, poll } = harness({ load: 1 });
    const { job_id } = post(WEBSITE).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.underLoad - 1);
    expect(poll(job_id).json).toEqual({ status: 'processing' });
    expect(api.spent(key)).toBe(0);
    clock.advance(1);
    expect(poll(job_id).json).toEqual({ status: 'done', result: 'acme.com' });
    expect(api.spent(key)).toBe(1);
  });

  it('fails a deferred call whose input asks for it', () => {
    const { api, key, clock, post, poll } = harness({ load: 1 });
    const { job_id } = post({ ...WEBSITE, input_data: 'Acme job-fails' }).json;
    clock.advance(DEFAULT_JOB_DELAY_MS.underLoad);
    expect(poll(job_id).json.status).toBe('error');
    expect(api.spent(key)).toBe(0);
  });

  it('refuses a load outside 0..1', () => {
    const { api } = harness();
    expect(() => api.setLoad(1.5)).toThrow(RangeError);
  });
});
