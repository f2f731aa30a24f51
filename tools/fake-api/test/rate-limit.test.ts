import { DEFAULT_RATE_LIMIT_PER_SECOND, rateFromCommandLine } from '../rate-limit';
import { harness } from './helpers';

const WEBSITE = { type: 'company_name_to_website', input_data: 'Acme Corporation' };

describe('fake API: rate limit per key, sliding one-second window', () => {
  it('holds a key to one single lookup a second by default, as the vendor documents', () => {
    expect(DEFAULT_RATE_LIMIT_PER_SECOND).toBe(1);
    const { clock, api, key, post } = harness({ rateLimitPerSecond: DEFAULT_RATE_LIMIT_PER_SECOND });
    expect([post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 429]);
    clock.advance(1000);
    expect(post(WEBSITE).status).toBe(200);
    expect(api.spent(key)).toBe(2);
  });

  it('admits 10 POSTs in a second and answers the 11th with 429 and retry-after, uncharged', () => {
    const { api, key, post } = harness({ rateLimitPerSecond: 10 });
    const statuses = Array.from({ length: 11 }, () => post(WEBSITE).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const limited = post(WEBSITE);
    expect(limited.json).toEqual({ status: 'error', message: expect.stringMatching(/Rate limit/) });
    expect(limited.headers['retry-after']).toBe('1');
    expect(api.spent(key)).toBe(10);
  });

  it('frees a slot exactly one second after an admitted request', () => {
    const { clock, post } = harness({ rateLimitPerSecond: 2 });
    post(WEBSITE);
    post(WEBSITE);
    clock.advance(999);
    expect(post(WEBSITE).status).toBe(429);
    clock.advance(1);
    expect(post(WEBSITE).status).toBe(200);
  });

  it('slides: only the requests of the last second count', () => {
    const { clock, post } = harness({ rateLimitPerSecond: 4 });
    post(WEBSITE);
    post(WEBSITE);
    clock.advance(500);
    post(WEBSITE);
    post(WEBSITE);
    expect(post(WEBSITE).status).toBe(429);
    clock.advance(500);
    expect([post(WEBSITE).status, post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 200, 429]);
  });

  it('does not count rejected requests, so a client that waits a second gets through', () => {
    const { clock, post } = harness({ rateLimitPerSecond: 1 });
    post(WEBSITE);
    for (let i = 0; i < 5; i++) {
      clock.advance(100);
      expect(post(WEBSITE).status).toBe(429);
    }
    clock.advance(500);
    expect(post(WEBSITE).status).toBe(200);
  });

  it('judges requests that arrive out of time order by every second they fall in', () => {
    // The emulator replays executions that ran at once one after another, so a later-replayed
    // execution's POSTs carry earlier times than some already admitted.
    const { clock, post } = harness({ rateLimitPerSecond: 3 });
    clock.advance(1000);
    expect([post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 200]); // two at 1.0 s
    clock.ms -= 600;
    // At 0.4 s the second before is empty, but the second up to 1.0 s already holds two.
    expect([post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 429]);
    clock.ms -= 400;
    // At 0.0 s no second around it is full: (-1.0, 0.0] is empty, (-0.6, 0.4] holds one.
    expect(post(WEBSITE).status).toBe(200);
    clock.advance(2000);
    // At 2.0 s the second (1.0, 2.0] is empty again: the two at 1.0 s just left it.
    expect([post(WEBSITE).status, post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 200, 200]);
    expect(post(WEBSITE).status).toBe(429);
  });

  it('counts each key separately', () => {
    const { api, post } = harness({ rateLimitPerSecond: 1 });
    const other = api.createAccount();
    expect(post(WEBSITE).status).toBe(200);
    expect(post(WEBSITE).status).toBe(429);
    expect(post(WEBSITE, other).status).toBe(200);
  });

  it('does not count status polls', () => {
    const { post, poll } = harness({ rateLimitPerSecond: 1 });
    const { job_id } = post({
      type: 'pronet_profile_to_pronet_info',
      input_data: 'https://www.pronet.com/in/ada',
    }).json;
    expect(Array.from({ length: 5 }, () => poll(job_id).status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('fake API: rate limit per key, token bucket that counts refused calls', () => {
  it('starts full, refills at the rate, and a refused call costs a token too', () => {
    const { clock, post } = harness({ rateLimitPerSecond: 2, rateLimiter: 'token-bucket' });
    expect([post(WEBSITE).status, post(WEBSITE).status, post(WEBSITE).status]).toEqual([200, 200, 429]);
    // Half a second refills one token, which the refused call above already owed: still empty.
    clock.advance(500);
    expect(post(WEBSITE).status).toBe(429);
    // A client that waits instead of hammering gets through: a second refills two tokens.
    clock.advance(1500);
    expect(post(WEBSITE).status).toBe(200);
  });

  it('admits a steady pace at the rate', () => {
    const { clock, post } = harness({ rateLimitPerSecond: 10, rateLimiter: 'token-bucket' });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push(post(WEBSITE).status);
      clock.advance(100);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('the rate asked on the command line', () => {
  it('reads --rate=N or ENRICH_FAKE_RATE, keeps the default without either, refuses nonsense', () => {
    expect(rateFromCommandLine(['node', 'cli', '--rate=10'], {})).toBe(10);
    expect(rateFromCommandLine(['node', 'cli'], { ENRICH_FAKE_RATE: '2.5' })).toBe(2.5);
    expect(rateFromCommandLine(['node', 'cli'], {})).toBeUndefined();
    expect(() => rateFromCommandLine(['node', 'cli', '--rate=0'], {})).toThrow(
      '--rate must be a number of requests a second above 0, not "0"',
    );
  });
});
