import { FakeCacheService } from './cache';
import { VirtualClock } from './clock';
import { Runtime } from './runtime';

function setup() {
  const clock = new VirtualClock(0);
  const runtime = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-1' });
  return { clock, runtime, service: new FakeCacheService(runtime) };
}

const HOUR_MS = 3_600_000;

describe('CacheService', () => {
  it('answers null, not undefined, for a key it does not hold', () => {
    const cache = setup().service.getScriptCache();
    expect(cache.get('missing')).toBeNull();
  });

  it('refuses a value over 100 KB and keeps nothing of it', () => {
    const cache = setup().service.getScriptCache();
    expect(() => cache.put('big', 'x'.repeat(100 * 1024 + 1))).toThrow('Argument too large: value');
    expect(cache.get('big')).toBeNull();
    cache.put('fits', 'x'.repeat(100 * 1024));
    expect(cache.get('fits')).toHaveLength(100 * 1024);
  });

  it('counts the 100 KB in UTF-8 bytes, not characters', () => {
    const cache = setup().service.getScriptCache();
    // 40,000 "é" are 80,000 bytes; 60,000 are 120,000.
    expect(() => cache.put('accents', 'é'.repeat(60_000))).toThrow('Argument too large: value');
    expect(() => cache.put('accents', 'é'.repeat(40_000))).not.toThrow();
  });

  it('refuses a key over 250 characters', () => {
    const cache = setup().service.getScriptCache();
    expect(() => cache.put('k'.repeat(251), 'v')).toThrow('Argument too large: key');
    expect(() => cache.get('k'.repeat(251))).toThrow('Argument too large: key');
  });

  it('refuses a TTL over 6 hours, storing nothing (assumption C1), and keeps one of 6 hours', () => {
    const { clock, service } = setup();
    const cache = service.getScriptCache();
    expect(() => cache.put('day', 'v', 21_601)).toThrow('Argument too large: expirationInSeconds');
    expect(() => cache.putAll({ a: '1', b: '2' }, 24 * 3600)).toThrow(
      'Argument too large: expirationInSeconds',
    );
    expect(cache.getAll(['day', 'a', 'b'])).toEqual({});
    cache.put('six', 'v', 21_600);
    clock.advance(6 * HOUR_MS - 1);
    expect(cache.get('six')).toBe('v');
    clock.advance(1);
    expect(cache.get('six')).toBeNull();
  });

  it('keeps the default 10 minutes for a negative TTL (assumption C2)', () => {
    const { clock, service } = setup();
    const cache = service.getScriptCache();
    cache.put('k', 'v', -5);
    clock.advance(599_999);
    expect(cache.get('k')).toBe('v');
    clock.advance(1);
    expect(cache.get('k')).toBeNull();
  });

  it('keeps an entry 10 minutes when no TTL is given', () => {
    const { clock, service } = setup();
    const cache = service.getScriptCache();
    cache.put('k', 'v');
    clock.advance(599_999);
    expect(cache.get('k')).toBe('v');
    clock.advance(1);
    expect(cache.get('k')).toBeNull();
  });

  it('putAll, getAll and removeAll work on several keys; getAll leaves out what is missing', () => {
    const cache = setup().service.getScriptCache();
    cache.putAll({ a: '1', b: '2', c: '3' }, 60);
    cache.removeAll(['b']);
    expect(cache.getAll(['a', 'b', 'c', 'zz'])).toEqual({ a: '1', c: '3' });
  });

  it('stores numbers as strings', () => {
    const cache = setup().service.getScriptCache();
    cache.put('n', 42 as unknown as string);
    expect(cache.get('n')).toBe('42');
  });

  it('putAll with one value too large stores none of them (assumption C4)', () => {
    const cache = setup().service.getScriptCache();
    expect(() => cache.putAll({ ok: 'small', bad: 'x'.repeat(200_000) })).toThrow(
      'Argument too large: value',
    );
    expect(cache.get('ok')).toBeNull();
  });

  it('evicts the oldest entries when more than 1,000 are held', () => {
    const cache = setup().service.getScriptCache();
    for (let i = 0; i < 1001; i++) cache.put(`k${i}`, String(i));
    expect(cache.get('k0')).toBeNull();
    expect(cache.get('k99')).toBeNull();
    expect(cache.get('k100')).toBe('100');
    expect(cache.get('k1000')).toBe('1000');
  });

  it('separates the script, user and document caches', () => {
    const { runtime, service } = setup();
    service.getUserCache().put('k', 'ann');
    service.getScriptCache().put('k', 'everyone');
    runtime.setOutsideIdentity({ user: 'bob@example.com', documentId: null });
    expect(service.getUserCache().get('k')).toBeNull();
    expect(service.getScriptCache().get('k')).toBe('everyone');
    expect(service.getDocumentCache()).toBeNull();
  });

  it('forgetEverything() drops entries early, as Google may at any time (C5)', () => {
    const { service } = setup();
    service.getScriptCache().put('k', 'v', 3600);
    service.forgetEverything();
    expect(service.getScriptCache().get('k')).toBeNull();
  });
});
