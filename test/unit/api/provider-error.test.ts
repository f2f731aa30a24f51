import { detectProviderError } from '../../../src/core/api/provider-error';

describe('detectProviderError', () => {
  it.each<[string, unknown, string]>([
    ['an error string', { error: 'Provider timeout' }, 'Provider timeout'],
    [
      'an error object with a message',
      { error: { code: 'provider_unavailable', message: 'Upstream provider timed out' } },
      'Upstream provider timed out',
    ],
    [
      'an error object with only a code',
      { error: { code: 'provider_unavailable' } },
      'The data provider reported an error (provider_unavailable).',
    ],
    ['an error flag', { error: true }, 'The data provider reported an error.'],
    ['status error', { status: 'error', message: 'Lookup service down' }, 'Lookup service down'],
    ['status FAILED in capitals', { status: 'FAILED', message: 'No quota' }, 'No quota'],
    ['success false', { success: false, message: 'Could not fetch profile' }, 'Could not fetch profile'],
    ['success false without a message', { success: false }, 'The data provider reported an error.'],
    ['an empty error beside status error', { error: '', status: 'error', message: 'Boom' }, 'Boom'],
    ['a list of error messages', { errors: ['Quota exceeded upstream'] }, 'Quota exceeded upstream'],
    ['a list of error objects', { errors: [{ message: 'Bad gateway' }] }, 'Bad gateway'],
  ])('reports %s', (_, result, message) => {
    expect(detectProviderError(result)).toBe(message);
  });

  it.each<[string, unknown]>([
    ['a company record', { name: 'Acme', website: 'acme.com', employeeCount: 120 }],
    ['an error_rate field', { name: 'Acme', error_rate: 0.02, errors_last_week: 3 }],
    ['an empty error', { email: 'ada@acme.com', error: '' }],
    ['a blank error', { email: 'ada@acme.com', error: '   ' }],
    ['a null error', { email: 'ada@acme.com', error: null }],
    ['a false error flag', { email: 'ada@acme.com', error: false }],
    ['an empty error object', { email: 'ada@acme.com', error: {} }],
    ['a non-error status', { status: 'active', full_name: 'Ada Lovelace' }],
    ['success true', { success: true, email: 'ada@acme.com' }],
    ['an array', [{ error: 'not a provider error: this is a row of a list' }]],
    ['a string', 'error'],
    ['a number', 42],
    ['null', null],
    ['a boolean', false],
  ])('accepts %s as data', (_, result) => {
    expect(detectProviderError(result)).toBeNull();
  });

  it('keeps the message short and on one line', () => {
    const message = detectProviderError({ error: `first line\n${'detail '.repeat(100)}` });
    expect(message).toMatch(/^first line detail detail/);
    expect(message?.length).toBeLessThanOrEqual(160);
    expect(message?.endsWith('…')).toBe(true);
  });
});
