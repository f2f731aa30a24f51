// The key echo: each form written out literally for one key, and where each place puts it.
import { echoedKey, KEY_ECHO_FORMS, type KeyEchoForm } from '../key-echo';
import { harness } from './helpers';

const KEY = 'fk_test_0123456789';
const website = { type: 'company_name_to_website', input_data: 'Acme Corporation' };

describe('fake API: echoing the key', () => {
  it.each<[KeyEchoForm, string]>([
    ['raw', 'fk_test_0123456789'],
    ['upper', 'FK_TEST_0123456789'],
    ['base64', 'ZmtfdGVzdF8wMTIzNDU2Nzg5'],
    ['base64url', 'ZmtfdGVzdF8wMTIzNDU2Nzg5'],
    ['bearer-base64', 'QmVhcmVyIGZrX3Rlc3RfMDEyMzQ1Njc4OQ=='],
    ['basic-base64', 'ZmtfdGVzdF8wMTIzNDU2Nzg5Og=='],
    ['prefix24', 'fk_test_0123456789'],
    ['zero-width', 'f\u2060\u00adk_t\u200best_\u200b0123\u200b4567\u200b89'],
    ['uri', '%66%6B%5F%74%65%73%74%5F%30%31%32%33%34%35%36%37%38%39'],
    [
      'json',
      '\\u0066\\u006b\\u005f\\u0074\\u0065\\u0073\\u0074\\u005f\\u0030\\u0031\\u0032\\u0033\\u0034\\u0035\\u0036\\u0037\\u0038\\u0039',
    ],
    ['bearer', 'Bearer fk_test_0123456789'],
  ])('writes the %s form as %j', (form, written) => {
    expect(echoedKey(KEY, form)).toBe(written);
  });

  it('lists every form it writes', () => {
    expect(KEY_ECHO_FORMS).toHaveLength(20);
  });

  it('echoes in a 422 message, free, until turned off', () => {
    const { api, post } = harness();
    api.createAccount({ key: KEY, credits: 10 });
    api.echoKey('company_name_to_website', { form: 'upper', place: 'invalid-input' });
    const answer = post(website, KEY);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      status: 'error',
      message: 'Access denied for credentials FK_TEST_0123456789',
    });
    expect(api.spent(KEY)).toBe(0);
    api.echoKey('company_name_to_website', null);
    expect(post(website, KEY).json).toEqual({ status: 'success', result: 'acme.com' });
  });

  it('echoes in a provider failure, charged as one', () => {
    const { api, post } = harness();
    api.createAccount({ key: KEY, credits: 10 });
    api.echoKey('company_name_to_website', { form: 'raw', place: 'provider-error' });
    expect(post(website, KEY).json).toEqual({
      status: 'success',
      result: {
        error: { code: 'provider_auth', message: 'Access denied for credentials fk_test_0123456789' },
      },
    });
    expect(api.spent(KEY)).toBe(1);
  });

  it('echoes inside the data of a text and a record answer, charged as usual', () => {
    const { api, post } = harness();
    api.createAccount({ key: KEY, credits: 100 });
    api.echoKey('company_name_to_website', { form: 'prefix24', place: 'result' });
    expect(post(website, KEY).json.result).toBe('acme.com (requested by fk_test_0123456789)');
    api.echoKey('company_name_to_email', { form: 'raw', place: 'result' });
    const record = post({ type: 'company_name_to_email', input_data: 'Acme Corporation' }, KEY).json.result;
    expect(record.requested_by).toBe('fk_test_0123456789');
    expect(api.spent(KEY)).toBe(2);
  });
});
