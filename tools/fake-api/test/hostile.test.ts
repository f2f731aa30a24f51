// The hostile mode: each kind answers what it says, and every hostile call is charged as the spec
// says (a flat price per call; 0.5 a returned employee for lists, so none for an employee list).
import { deepText, HOSTILE_HTML, HOSTILE_JOB_ERROR, parseHostileSpec } from '../hostile';
import { harness } from './helpers';

const website = { type: 'company_name_to_website', input_data: 'Acme' };
const email = { type: 'lead_full_name_to_email', input_data: 'Ada Lovelace Acme' };

describe('hostile answers', () => {
  it.each([
    ['html', 200, HOSTILE_HTML],
    ['text', 200, 'OK'],
    ['empty', 200, ''],
    ['wrong-shape', 200, '{"data":{"type":"lead_full_name_to_email","input":"Ada Lovelace Acme"}}'],
    ['no-job-id', 202, '{"status":"processing","poll_url":"/status/"}'],
    ['bad-job-id', 202, '{"status":"processing","job_id":12345,"poll_url":"/status/12345"}'],
  ] as const)('%s answers %i with its body and is charged 7 credits', (kind, status, body) => {
    const h = harness();
    h.api.setHostile('lead_full_name_to_email', kind);
    const answer = h.post(email);
    expect([answer.status, answer.text]).toEqual([status, body]);
    expect(h.api.spent(h.key)).toBe(7);
    expect(h.api.balance(h.key)).toBe(993);
  });

  it('deep nests the result 5,000 levels, and charges the flat price', () => {
    const h = harness();
    h.api.setHostile('company_name_to_website', 'deep');
    expect(h.post(website).text).toBe(`{"status":"success","result":${deepText(5000)}}`);
    expect(deepText(2)).toBe('{"level":{"level":"bottom"}}');
    expect(h.api.spent(h.key)).toBe(1);
  });

  it('huge answers 10,000 reactions (over a megabyte) for 1 credit', () => {
    const h = harness();
    h.api.setHostile('pronet_post_to_reactions', 'huge');
    const answer = h.post({ type: 'pronet_post_to_reactions', input_data: 'https://www.pronet.com/posts/x' });
    expect(answer.json.result.reactions).toHaveLength(10_000);
    expect(answer.text.length).toBeGreaterThan(1_000_000);
    expect(h.api.spent(h.key)).toBe(1);
  });

  it('job-error ends the job in error, charged at its price; an employee list costs nothing', () => {
    const h = harness();
    h.api.setHostile('any', 'job-error');
    expect(h.lookup(email).json).toEqual({ status: 'error', message: HOSTILE_JOB_ERROR });
    expect(h.api.spent(h.key)).toBe(7);
    const list = h.lookup({ type: 'company_name_to_employees', input_data: 'Acme' });
    expect(list.json.status).toBe('error');
    expect(h.api.spent(h.key)).toBe(7);
  });

  it('long-job-id accepts with a job id of 10,000 characters, charged at once', () => {
    const h = harness();
    h.api.setHostile('any', 'long-job-id');
    const accepted = h.post({ type: 'lead_full_name_to_email', input_data: 'Ada Lovelace' });
    expect(accepted.status).toBe(202);
    expect(accepted.json.job_id).toMatch(/^long_[0-9a-f]{12}x+$/);
    expect(accepted.json.job_id).toHaveLength(10_000);
    expect(h.api.spent(h.key)).toBe(7);
  });

  it('job-lost accepts with a job id that answers 404 from the first poll, charged at once; a list costs nothing', () => {
    const h = harness();
    h.api.setHostile('any', 'job-lost');
    const profile = { type: 'pronet_profile_to_pronet_info', input_data: 'https://www.pronet.com/in/ada' };
    const accepted = h.post(profile);
    expect(accepted.status).toBe(202);
    expect(accepted.json).toMatchObject({ status: 'processing', job_id: expect.stringMatching(/^lost_/) });
    expect(h.api.spent(h.key)).toBe(10);
    h.clock.advance(2000);
    expect(h.poll(accepted.json.job_id).json).toEqual({
      status: 'error',
      message: 'Job not found or expired',
    });
    expect(h.poll(accepted.json.job_id).status).toBe(404);
    expect(h.post({ type: 'company_name_to_employees', input_data: 'Acme' }).status).toBe(202);
    expect(h.api.spent(h.key)).toBe(10);
  });

  it('job-stuck accepts with a job that answers processing for hours and is never charged', () => {
    const h = harness();
    h.api.setHostile('any', 'job-stuck');
    const profile = { type: 'pronet_profile_to_pronet_info', input_data: 'https://www.pronet.com/in/ada' };
    const accepted = h.post(profile);
    expect(accepted.status).toBe(202);
    h.clock.advance(3 * 3_600_000);
    expect(h.poll(accepted.json.job_id).json).toMatchObject({ status: 'processing' });
    expect(h.api.spent(h.key)).toBe(0);
  });

  it('targets inputs, and turns off', () => {
    const h = harness();
    h.api.setHostile('company_name_to_website', 'html', { inputContains: 'broken' });
    expect(h.post(website).json.status).toBe('success');
    expect(h.post({ ...website, input_data: 'Broken Inc' }).text).toBe(HOSTILE_HTML);
    h.api.setHostile('company_name_to_website', null);
    expect(h.post({ ...website, input_data: 'Broken Inc' }).json.status).toBe('success');
    expect(h.api.spent(h.key)).toBe(3);
  });

  it('reads the playground flag', () => {
    expect(parseHostileSpec('deep, html:company_name_to_website')).toEqual([
      { type: 'any', kind: 'deep' },
      { type: 'company_name_to_website', kind: 'html' },
    ]);
    expect(() => parseHostileSpec('nasty')).toThrow(/Unknown hostile kind "nasty"/);
  });
});
