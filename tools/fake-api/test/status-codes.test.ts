import { HTML_ERROR_PAGE } from '../http';
import { harness } from './helpers';

const WEBSITE = { type: 'company_name_to_website', input_data: 'Acme Corporation' };

describe('fake API: authentication', () => {
  it('answers 401 with an ErrorResponse when the key is missing, and charges nobody', () => {
    const { post, api, key } = harness();
    const answer = post(WEBSITE, null);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ status: 'error', message: 'Missing API key' });
    expect(api.balance(key)).toBe(1000);
  });

  it('answers 401 for an unknown key or a scheme other than Bearer', () => {
    const { api, key, post } = harness();
    expect(post(WEBSITE, 'not-a-key').status).toBe(401);
    const basic = api.handle({
      method: 'POST',
      url: '/',
      headers: { Authorization: `Basic ${key}` },
      body: '{}',
    });
    expect(basic.status).toBe(401);
    expect(JSON.parse(basic.body).message).toBe('Invalid API key');
  });

  it('reads header names case-insensitively', () => {
    const { api, key } = harness();
    const answer = api.handle({
      method: 'post',
      url: '/',
      headers: { AUTHORIZATION: `bearer ${key}`, 'CONTENT-TYPE': 'application/json' },
      body: JSON.stringify(WEBSITE),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'success', result: 'acme.com' });
  });

  it('never echoes a key in an answer or the ledger', () => {
    const { api, post } = harness();
    const answer = post(WEBSITE, 'secret-looking-key');
    expect(answer.text).not.toContain('secret-looking-key');
    expect(JSON.stringify(api.calls)).not.toContain('secret-looking-key');
  });
});

describe('fake API: routing', () => {
  it('answers only / and /status/<job_id>; other paths are 404', () => {
    const { api, key } = harness();
    const get = (url: string) =>
      api.handle({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    expect(get('/v1/enrich').status).toBe(404);
    expect(get('/status/').status).toBe(404);
    expect(get('/status/job_unknown').status).toBe(404);
    expect(JSON.parse(get('/status/job_unknown').body)).toEqual({
      status: 'error',
      message: 'Job not found or expired',
    });
  });

  it('takes a full URL as well as a path, ignoring the query', () => {
    const { api, key } = harness();
    const answer = api.handle({
      method: 'POST',
      url: 'https://api.enrich.example/?source=sheet',
      headers: { Authorization: `Bearer ${key}` },
      body: JSON.stringify(WEBSITE),
    });
    expect(answer.status).toBe(200);
  });

  it('answers 405 to the wrong method on a known path', () => {
    const { api, key } = harness();
    const answer = api.handle({ method: 'GET', url: '/', headers: { Authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });
});

describe('fake API: 422 for malformed requests, never charged', () => {
  const cases: [string, unknown, string][] = [
    [
      'an unknown type',
      { type: 'company_name_to_ceo', input_data: 'Acme' },
      'Unknown type "company_name_to_ceo"',
    ],
    ['a missing type', { input_data: 'Acme' }, 'type is required'],
    ['a missing input_data', { type: 'company_name_to_website' }, 'input_data must be a non-empty string'],
    ['an empty input_data', { ...WEBSITE, input_data: '' }, 'input_data must be a non-empty string'],
    ['a numeric input_data', { ...WEBSITE, input_data: 42 }, 'input_data must be a non-empty string'],
    ['a non-JSON body', 'type=company_name_to_website', 'Request body must be a JSON object'],
    ['a JSON array', '[1,2]', 'Request body must be a JSON object'],
    [
      'a department on a non-employee type',
      { ...WEBSITE, department: 'Sales' },
      'department is only accepted by employee-list operations',
    ],
    [
      'an employee_count on a non-employee type',
      { ...WEBSITE, employee_count: 5 },
      'employee_count is only accepted by employee-list operations',
    ],
  ];

  it.each(cases)('%s', (_name, body, message) => {
    const { post, api, key } = harness();
    const answer = post(body);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ status: 'error', message });
    expect(api.balance(key)).toBe(1000);
  });

  it.each([0, -3, 2.5, '5', true])('rejects employee_count %p', (count) => {
    const { post } = harness();
    const answer = post({ type: 'company_name_to_employees', input_data: 'Acme', employee_count: count });
    expect(answer.status).toBe(422);
    expect(answer.json.message).toBe('employee_count must be an integer of at least 1');
  });

  it('rejects a blank department, which a client should not send at all', () => {
    const { post } = harness();
    expect(post({ type: 'company_name_to_employees', input_data: 'Acme', department: '  ' }).status).toBe(
      422,
    );
  });

  it('rejects a body declared as something other than JSON', () => {
    const { api, key } = harness();
    const answer = api.handle({
      method: 'POST',
      url: '/',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/plain' },
      body: JSON.stringify(WEBSITE),
    });
    expect(answer.status).toBe(422);
  });

  it('accepts a body without a Content-Type and ignores undeclared fields such as company', () => {
    const { api, key } = harness();
    const answer = api.handle({
      method: 'POST',
      url: '/',
      headers: { Authorization: `Bearer ${key}` },
      body: JSON.stringify({ ...WEBSITE, company: 'ignored' }),
    });
    expect(answer.status).toBe(200);
  });
});

describe('fake API: 5xx on demand', () => {
  it('fails the next requests with 503, a JSON body and retry-after, then recovers; nothing is charged', () => {
    const { api, post, key } = harness();
    api.failNext(2);
    const first = post(WEBSITE);
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('30');
    expect(first.json.status).toBe('error');
    expect(post(WEBSITE).status).toBe(503);
    expect(post(WEBSITE).status).toBe(200);
    expect(api.spent(key)).toBe(1);
    expect(api.callsFor(key).map((call) => call.status)).toEqual([503, 503, 200]);
  });

  it('can answer an HTML page that is not JSON', () => {
    const { api, post } = harness();
    api.failNext(1, 502, HTML_ERROR_PAGE);
    const answer = post(WEBSITE);
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toBe(HTML_ERROR_PAGE);
    expect(answer.json).toBeUndefined();
  });

  it('can fail only status polls, leaving enrich calls alone', () => {
    const { api, post, poll } = harness();
    api.failNext(1, 500, undefined, 'status');
    const accepted = post({
      type: 'pronet_profile_to_pronet_info',
      input_data: 'https://www.pronet.com/in/ada',
    });
    expect(accepted.status).toBe(202);
    expect(poll(accepted.json.job_id).status).toBe(500);
    expect(poll(accepted.json.job_id).status).toBe(200);
  });

  it('refuses a status that is not 5xx', () => {
    const { api } = harness();
    expect(() => api.failNext(1, 404)).toThrow(RangeError);
  });
});
