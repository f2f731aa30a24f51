import { createHash } from 'node:crypto';
import { VirtualClock } from './clock';
import { Runtime } from './runtime';
import { FakeUtilities, formatDate } from './utilities';

function setup() {
  const clock = new VirtualClock(0);
  return { clock, utilities: new FakeUtilities(new Runtime(clock)) };
}

describe('Utilities', () => {
  it('computeDigest answers SHA-256 as signed bytes, the way Apps Script does', () => {
    const { utilities } = setup();
    const bytes = utilities.computeDigest(utilities.DigestAlgorithm.SHA_256, 'acme.com');
    const expected = [...createHash('sha256').update('acme.com').digest()];
    expect(bytes).toHaveLength(32);
    expect(bytes.every((b) => b >= -128 && b <= 127)).toBe(true);
    expect(bytes.map((b) => (b + 256) % 256)).toEqual(expected);
    expect(bytes.some((b) => b < 0)).toBe(true);
  });

  it('computeDigest supports MD5 and refuses an algorithm it does not emulate (UT1)', () => {
    const { utilities } = setup();
    expect(utilities.computeDigest(utilities.DigestAlgorithm.MD5, 'x')).toHaveLength(16);
    expect(() => utilities.computeDigest(utilities.DigestAlgorithm.MD2, 'x')).toThrow(
      'Invalid argument: algorithm',
    );
  });

  it('base64 encodes bytes and text and decodes back to signed bytes', () => {
    const { utilities } = setup();
    expect(utilities.base64Encode('héllo')).toBe(Buffer.from('héllo').toString('base64'));
    const decoded = utilities.base64Decode(utilities.base64Encode([-1, 0, 127, -128]));
    expect(decoded).toEqual([-1, 0, 127, -128]);
    expect(utilities.base64EncodeWebSafe([-5, -17])).toBe('--8=');
  });

  it('gzip and ungzip round-trip a blob, and the compressed bytes are much smaller for repetitive text', () => {
    const { utilities } = setup();
    const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, email: `p${i}@acme.com` })));
    const zipped = utilities.gzip(utilities.newBlob(text, 'application/json'));
    expect(zipped.getContentType()).toBe('application/x-gzip');
    expect(zipped.getBytes().length).toBeLessThan(text.length / 3);
    const restored = utilities.ungzip(utilities.newBlob(zipped.getBytes()));
    expect(restored.getDataAsString()).toBe(text);
  });

  it('ungzip of data that is not gzip throws (UT1)', () => {
    const { utilities } = setup();
    expect(() => utilities.ungzip(utilities.newBlob('plain text'))).toThrow('Could not decompress gzip.');
  });

  it('sleep advances the virtual clock and nothing else', () => {
    const { clock, utilities } = setup();
    const started = Date.now();
    utilities.sleep(20_000);
    expect(clock.now()).toBe(20_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('sleep refuses more than 5 minutes, as documented (message: assumption UT1)', () => {
    const { clock, utilities } = setup();
    expect(() => utilities.sleep(300_001)).toThrow('Invalid argument: milliseconds');
    expect(clock.now()).toBe(0);
    utilities.sleep(300_000);
    expect(clock.now()).toBe(300_000);
  });

  it('formatDate formats in the given time zone', () => {
    const at = Date.UTC(2025, 0, 6, 9, 5, 7);
    expect(formatDate(at, 'America/New_York', "yyyy-MM-dd'T'HH:mm:ss")).toBe('2025-01-06T04:05:07');
    expect(formatDate(at, 'UTC', 'M/d/yy h:mm a')).toBe('1/6/25 9:05 AM');
    // SimpleDateFormat's month names (the Watches panel's "Last run Jan 6, 04:05").
    expect(formatDate(at, 'America/New_York', 'MMM d, HH:mm')).toBe('Jan 6, 04:05');
    expect(formatDate(Date.UTC(2025, 8, 30), 'UTC', 'MMMM d')).toBe('September 30');
    expect(() => formatDate(at, 'UTC', 'EEE')).toThrow('not emulated');
  });

  it('getUuid answers a different UUID each time', () => {
    const { utilities } = setup();
    const a = utilities.getUuid();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(utilities.getUuid()).not.toBe(a);
  });
});
