import { retryAfterOf } from '../../../src/core/api/retry-after';

describe("a 429's Retry-After", () => {
  it('reads seconds whatever the header name case, capped at a minute', () => {
    expect(retryAfterOf({ 'Retry-After': '3' })).toBe(3000);
    expect(retryAfterOf({ 'retry-after': ' 1 ' })).toBe(1000);
    expect(retryAfterOf({ 'RETRY-AFTER': '600' })).toBe(60_000);
  });

  it('reads more than an hour as garbage: the default wait, then the documented pace', () => {
    expect(retryAfterOf({ 'Retry-After': '99999' })).toBeUndefined();
    expect(retryAfterOf({ 'RETRY-AFTER': '86400' })).toBeUndefined();
  });

  it('has no wait to say for a date, a negative, nonsense or no header: the default applies', () => {
    expect(retryAfterOf({ 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' })).toBeUndefined();
    expect(retryAfterOf({ 'Retry-After': '-5' })).toBeUndefined();
    expect(retryAfterOf({ 'Retry-After': 'soon' })).toBeUndefined();
    expect(retryAfterOf({ 'Content-Type': 'application/json' })).toBeUndefined();
  });
});
