// The key's masks and its redaction, with literal inputs and outputs. Encoded forms were made with
// Node's Buffer and encodeURIComponent, not with the add-on's code.
import { maskKey, redactKey } from '../../../src/core/api/api-key';

const KEY = 'fk_test_3c9a7e1b5d2f4a6c8e0b1d3f5a7c9e2b';

describe('maskKey', () => {
  it.each([
    ['abcdefgh', 'a…h'],
    ['abcdefghi', 'a…i'],
    ['abcdefghijkl', 'ab…kl'],
    ['sk_live_0123456789abcdef', 'sk_l…cdef'],
    [KEY, 'fk_t…9e2b'],
    ['  abcdefghijkl  ', 'ab…kl'],
    ['abcde', '•••••'],
  ])('masks %s as %s: a third of it at most, never more than 4 at each end', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});

describe('redactKey', () => {
  it.each([
    ['raw', `bad key ${KEY}`, 'bad key [API key]'],
    ['upper-cased', `BAD KEY FK_TEST_3C9A7E1B5D2F4A6C8E0B1D3F5A7C9E2B!`, 'BAD KEY [API key]!'],
    ['mixed case', `key=Fk_Test_3C9a7E1b5D2f4A6c8E0b1D3f5A7c9E2b;`, 'key=[API key];'],
    ['its first 24 characters', 'key fk_test_3c9a7e1b5d2f4a6c…', 'key [API key]…'],
    ['any 8 of its characters', 'ends in 5a7c9e2b.', 'ends in [API key].'],
    ['its 8-character prefix', 'a fk_test_ key', 'a [API key] key'],
    ['zero-width characters inside', `k=fk_\u200btest_3c9a\u200d7e1b\u2060${KEY.slice(16)}.`, 'k=[API key].'],
    ['bidi and soft-hyphen marks inside', `k=fk_\u00adtest_3c\u200f9a7e1b\u202e5d2f.`, 'k=[API key].'],
    ['URI-encoded', 'GET /?key=fk%5Ftest%5F3c9a7e1b&x=1', 'GET /?key=[API key]&x=1'],
    ['JSON-escaped', '{"key":"\\u0066\\u006b_test_3c9a\\u0037e1b"}', '{"key":"[API key]"}'],
    ['base64', 'token ZmtfdGVzdF8zYzlhN2UxYjVkMmY0YTZjOGUwYjFkM2Y1YTdjOWUyYg==', 'token [API key]'],
    ['base64url', 'token ZmtfdGVzdF8zYzlhN2UxYjVkMmY0YTZjOGUwYjFkM2Y1YTdjOWUyYg.', 'token [API key].'],
    [
      'base64 of "Bearer key" (the key at the second byte of a group)',
      'auth QmVhcmVyIGZrX3Rlc3RfM2M5YTdlMWI1ZDJmNGE2YzhlMGIxZDNmNWE3YzllMmI=',
      'auth QmVhcmVyIGZr[API key]MmI=',
    ],
    [
      'base64 of "key:" (the key at the first byte of a group)',
      'Basic ZmtfdGVzdF8zYzlhN2UxYjVkMmY0YTZjOGUwYjFkM2Y1YTdjOWUyYjo=',
      'Basic [API key]jo=',
    ],
    [
      'base64 of "x:key:x" (the key at the third byte of a group)',
      'eDpma190ZXN0XzNjOWE3ZTFiNWQyZjRhNmM4ZTBiMWQzZjVhN2M5ZTJiOng=',
      'eDpm[API key]Ong=',
    ],
  ])('hides the key %s', (_, text, redacted) => {
    expect(redactKey(text, KEY)).toBe(redacted);
  });

  it('leaves a text without 8 consecutive characters of the key as it is', () => {
    const text = 'fk_test is a prefix; 3c9a7e1 and 5a7c9e2 are pieces; Ünïcödé ✓ 𝒳 100% \\d';
    expect(redactKey(text, KEY)).toBe(text);
  });

  it('hides a key with URI-special characters, raw, URI-encoded, JSON-escaped and base64url', () => {
    const key = 'sk/live+9f3a=SECRET~key';
    expect(redactKey('a sk%2Flive%2B9f3a%3DSECRET~key b', key)).toBe('a [API key] b');
    expect(redactKey('{"k":"sk\\/live+9f3a=SECRET~key"}', key)).toBe('{"k":"[API key]"}');
    expect(redactKey('Basic QmFzaWMgc2svbGl2ZSs5ZjNhPVNFQ1JFVH5rZXk', key)).toBe('Basic QmFzaWMg[API key]');
  });

  it('hides every occurrence, and does nothing without a key', () => {
    expect(redactKey(`${KEY} and ${KEY.toUpperCase()}`, KEY)).toBe('[API key] and [API key]');
    expect(redactKey(`bad key ${KEY}`, null)).toBe(`bad key ${KEY}`);
    expect(redactKey(`bad key ${KEY}`, '  ')).toBe(`bad key ${KEY}`);
  });
});
