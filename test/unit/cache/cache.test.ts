import type { EnrichmentRequest } from '../../../src/core/api/wire';
import {
  type CachedAnswer,
  decodeEntry,
  encodeEntry,
  entryMeta,
  type PaidEntry,
} from '../../../src/core/cache/entries';
import { accountScope, resultKey } from '../../../src/core/cache/keys';
import { scanStore } from '../../../src/core/cache/property-layout';
import {
  DEFAULT_BUDGET_BYTES,
  ResultCache,
  type ResultCacheOptions,
} from '../../../src/core/cache/result-cache';
import { executionStore } from '../../../src/core/platform/execution-store';
import { splitUtf8, utf8Bytes } from '../../../src/core/platform/utf8';
import { FakeClock, START } from '../helpers/fake-http';
import { bytesOf, FakeCacheService, FakeProperties, QUOTA, sha256 } from '../helpers/platform';

const API_KEY = 'sk_live_9f3aSECRETkey77';
const OTHER_API_KEY = 'sk_live_0000otherKEY11';
const MINUTE = 60_000;
const DAY = 86_400_000;

function setup(options: ResultCacheOptions = {}) {
  const clock = new FakeClock();
  const store = new FakeProperties(clock);
  const fast = new FakeCacheService(clock);
  const ports = { fast, store, hash: sha256, clock };
  const cache = new ResultCache(ports, options);
  const scope = accountScope(sha256, API_KEY);
  const keyOf = (request: EnrichmentRequest, inScope = scope) => resultKey(sha256, inScope, request);
  /** The same document opened again later: new objects over the same storage. */
  const reopen = (again: ResultCacheOptions = options) => new ResultCache(ports, again);
  return { clock, store, fast, ports, cache, scope, keyOf, reopen };
}

const website = (company: string): EnrichmentRequest => ({
  type: 'company_name_to_website',
  input_data: company,
});
const found = (result: unknown) => ({ kind: 'found', result }) as const;
const MISS = { kind: 'miss' } as const;

const OTHER_SETTINGS: Record<string, string> = {
  apiKeyOwner: 'shared',
  settings: JSON.stringify({ ttlDays: 30, maxRequestsPerSecond: 5 }),
  'jobs:abc': JSON.stringify({ jobId: 'abc', cell: 'Sheet1!B2' }),
  'r1:notes': 'looks like ours, is not',
  'r1:0123456789abcdef:short#1': 'a chunk-looking setting',
};

describe('cache keys', () => {
  it('names an account by a short one-way hash, never by its key', () => {
    const scope = accountScope(sha256, API_KEY);
    expect(scope).toMatch(/^[0-9a-f]{16}$/);
    expect(scope).not.toContain(API_KEY);
    expect(accountScope(sha256, ` ${API_KEY}\n`)).toBe(scope);
    expect(accountScope(sha256, OTHER_API_KEY)).not.toBe(scope);
  });

  it('gives the same key whatever the order of the options', () => {
    const scope = accountScope(sha256, API_KEY);
    const a: EnrichmentRequest = {
      type: 'company_name_to_employees',
      input_data: 'Acme',
      department: 'Sales',
      seniority: 'Director',
      employee_count: 20,
    };
    const b: EnrichmentRequest = {
      employee_count: 20,
      seniority: 'Director',
      input_data: 'Acme',
      department: 'Sales',
      type: 'company_name_to_employees',
    };
    expect(resultKey(sha256, scope, b)).toBe(resultKey(sha256, scope, a));
    expect(resultKey(sha256, scope, { ...a, department: undefined })).toBe(
      resultKey(sha256, scope, {
        type: a.type,
        input_data: 'Acme',
        seniority: 'Director',
        employee_count: 20,
      }),
    );
  });

  it('gives different keys to requests that would buy different answers', () => {
    const scope = accountScope(sha256, API_KEY);
    const base: EnrichmentRequest = {
      type: 'company_name_to_employees',
      input_data: 'Acme',
      employee_count: 20,
    };
    const keys = new Set([
      resultKey(sha256, scope, base),
      resultKey(sha256, scope, { ...base, employee_count: 21 }),
      resultKey(sha256, scope, { ...base, department: 'Sales' }),
      resultKey(sha256, scope, { ...base, input_data: 'Acme Corp' }),
      resultKey(sha256, scope, { ...base, type: 'company_domain_to_employees' }),
      resultKey(sha256, accountScope(sha256, OTHER_API_KEY), base),
    ]);
    expect(keys.size).toBe(6);
  });

  it('keeps keys short and free of the input, however long the input', () => {
    const scope = accountScope(sha256, API_KEY);
    const input = `Ada Lovelace Analytical Engines London ${'x'.repeat(1960)}`;
    const key = resultKey(sha256, scope, { type: 'lead_full_name_to_email', input_data: input });
    expect(key).toMatch(/^r1:[0-9a-f]{16}:[0-9a-f]{32}$/);
    expect(key.length).toBeLessThan(250);
    expect(key).not.toMatch(/Ada|Lovelace|London/);
  });

  it('refuses a scope that was not made by accountScope, such as the raw API key', () => {
    expect(() => resultKey(sha256, API_KEY, website('Acme'))).toThrow(/accountScope/);
  });
});

describe('entry codec', () => {
  it('round-trips a found result and a miss with when they were paid and their cost', () => {
    const result = { name: 'Acme', employees: [{ name: 'Zoë', title: 'CTO' }], employeeCount: 12 };
    const entries: CachedAnswer[] = [
      { kind: 'found', result, at: START, credits: 1 },
      { kind: 'found', result: 'acme.com', at: START + 5 },
      { kind: 'miss', at: START, credits: 2 },
    ];
    for (const entry of entries) expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
  });

  it.each([
    ['empty text', ''],
    ['not JSON', 'acme.com'],
    ['a bare value', '42'],
    ['null', 'null'],
    ['an array', '[1,"f",1]'],
    ['another version', '{"v":2,"k":"m","t":1700000000000}'],
    ['no time', '{"v":1,"k":"m"}'],
    ['an unknown kind', '{"v":1,"k":"p","t":1700000000000}'],
    ['a result without its value', '{"v":1,"k":"f","t":1700000000000}'],
    ['a negative cost', '{"v":1,"k":"m","t":1700000000000,"c":-1}'],
    ['a chunk head', '{"v":1,"chunks":2,"sha":"00","t":1700000000000}'],
  ])('reads %s as no entry', (_, text) => {
    expect(decodeEntry(text)).toBeNull();
  });

  it('tells when an entry was paid, however it was written, and nothing of garbage', () => {
    const paidAt = (text: string) => entryMeta(text)?.at ?? null;
    expect(paidAt(encodeEntry({ kind: 'found', result: 'acme.com', at: 1700000000000, credits: 1 }))).toBe(
      1700000000000,
    );
    expect(paidAt(encodeEntry({ kind: 'miss', at: 1700000000005 }))).toBe(1700000000005);
    expect(paidAt('{"t":1700000000009,"k":"m","v":1}')).toBe(1700000000009);
    expect(paidAt('{"v":1,"k":"m","t":1700000000000.5}')).toBe(1700000000000.5);
    expect(paidAt('{"v":2,"k":"m","t":1700000000000}')).toBeNull();
    expect(paidAt('{"v":1,"k":"f","t":1700000000000}')).toBeNull();
    expect(paidAt('acme.com')).toBeNull();
  });

  it('reads what an entry cost from its head as from the whole', () => {
    const heads = [
      encodeEntry({ kind: 'found', result: { name: 'Acme' }, at: 1700000000000, credits: 12.5 }),
      encodeEntry({ kind: 'miss', at: 1700000000000, credits: 2 }),
      encodeEntry({ kind: 'miss', at: 1700000000000 }),
    ];
    expect(heads.map((text) => entryMeta(text))).toEqual([
      { at: 1700000000000, credits: 12.5 },
      { at: 1700000000000, credits: 2 },
      { at: 1700000000000 },
    ]);
    expect(entryMeta('{"v":1,"k":"m","t":1700000000000,"c":2,"x":1}')).toEqual({
      at: 1700000000000,
      credits: 2,
    });
  });

  it('refuses to encode an outcome that was not paid', () => {
    const failed = { kind: 'failed', at: START } as unknown as CachedAnswer;
    expect(() => encodeEntry(failed)).toThrow(/not a paid answer/);
  });
});

describe('UTF-8 sizes', () => {
  it('counts bytes as the platform does, and splits without breaking a character', () => {
    const text = `aé€😀${'\ud800'}`;
    expect(utf8Bytes(text)).toBe(bytesOf(text));
    expect(utf8Bytes('acme.com')).toBe(8);
    expect(utf8Bytes('{"r":"Zoë"}')).toBe(12);
    const emoji = '😀'.repeat(10);
    const pieces = splitUtf8(emoji, 10);
    expect(pieces.join('')).toBe(emoji);
    for (const piece of pieces) {
      expect(bytesOf(piece)).toBeLessThanOrEqual(10);
      expect(piece).toMatch(/^(?:😀)+$/u);
    }
  });
});

describe('scanning the store', () => {
  const key = `r1:${'a'.repeat(16)}:${'b'.repeat(32)}`;
  const payload = 'x'.repeat(20);
  const sha = sha256.sha256Hex(payload).slice(0, 16);

  it('reads a chunk head however its JSON spells it', () => {
    const head = `{"v":1,"c\\u0068unks":1,"sha":"${sha}","t":1700000000000}`;
    const scan = scanStore({ [key]: head, [`${key}#1`]: payload });
    expect(scan.entries).toEqual([
      expect.objectContaining({ key, at: 1700000000000, records: [key, `${key}#1`] }),
    ]);
    expect(scan.garbage).toEqual([]);
  });

  it('sees a record as it is now when scanned again after a change', () => {
    const all: Record<string, string> = { [key]: '{"v":1,"k":"m","t":1700000000000}' };
    expect(scanStore(all).entries.map((entry) => entry.at)).toEqual([1700000000000]);
    all[key] = '{"v":1,"k":"m","t":1700000000001,"c":1}';
    expect(scanStore(all).entries.map((entry) => entry.at)).toEqual([1700000000001]);
    all[key] = `{"v":1,"chunks":1,"sha":"${sha}","t":1700000000002}`;
    expect(scanStore(all)).toMatchObject({ entries: [], garbage: [key] });
    all[`${key}#1`] = payload;
    expect(scanStore(all).entries).toEqual([
      expect.objectContaining({ at: 1700000000002, records: [key, `${key}#1`] }),
    ]);
  });
});

describe('ResultCache', () => {
  it('serves a paid result and a paid miss after the document is reopened and the fast layer forgot', () => {
    const { cache, fast, keyOf, reopen, clock } = setup();
    const acme = keyOf(website('Acme'));
    const nobody = keyOf(website('Nobody Ltd'));
    const report = cache.putMany([
      { key: acme, outcome: found('acme.com'), credits: 1 },
      { key: nobody, outcome: MISS, credits: 1 },
    ]);
    expect(report).toEqual({ stored: 2, evicted: 0, notStored: [] });

    fast.forget();
    clock.time += 3 * DAY;
    const answers = reopen().getMany([acme, nobody]);
    expect(answers.get(acme)).toEqual({ kind: 'found', result: 'acme.com', at: START, credits: 1 });
    expect(answers.get(nobody)).toEqual({ kind: 'miss', at: START, credits: 1 });
  });

  it('answers only the keys it has', () => {
    const { cache, keyOf } = setup();
    cache.putMany([{ key: keyOf(website('Acme')), outcome: found('acme.com') }]);
    const answers = cache.getMany([keyOf(website('Acme')), keyOf(website('Globex'))]);
    expect([...answers.keys()]).toEqual([keyOf(website('Acme'))]);
  });

  it('reads answers from the durable store, and copies them into no other layer', () => {
    const { cache, fast, store, keyOf } = setup();
    const acme = keyOf(website('Acme'));
    cache.putMany([{ key: acme, outcome: found('acme.com') }]);
    expect(cache.getMany([acme]).get(acme)?.kind).toBe('found');
    expect(store.calls.getAll).toBe(2); // one for the write, one for this read
    expect(fast.items.size).toBe(0);
  });

  it('keeps a 30 KB result, ASCII or not, by splitting it into chunks under 9 KB', () => {
    const { cache, fast, store, keyOf, reopen } = setup();
    const results = {
      ascii: { bio: 'a'.repeat(30_000) },
      accents: { bio: 'é€'.repeat(5_000) }, // 25,000 bytes in 10,000 characters
      emoji: { bio: '😀'.repeat(7_500) }, // 30,000 bytes
    };
    const entries = Object.entries(results).map(([name, result]) => ({
      key: keyOf(website(name)),
      outcome: found(result),
    }));
    expect(cache.putMany(entries).stored).toBe(3);
    const asciiKey = keyOf(website('ascii'));
    expect([...store.data.keys()].filter((key) => key.startsWith(asciiKey)).sort()).toEqual([
      asciiKey,
      `${asciiKey}#1`,
      `${asciiKey}#2`,
      `${asciiKey}#3`,
      `${asciiKey}#4`,
    ]);

    fast.forget();
    const answers = reopen().getMany(entries.map((entry) => entry.key));
    for (const [name, result] of Object.entries(results)) {
      expect(answers.get(keyOf(website(name)))).toMatchObject({ kind: 'found', result });
    }
  });

  it('reads an entry with a missing or foreign chunk as absent, then replaces it cleanly', () => {
    const { cache, fast, store, keyOf } = setup();
    const a = keyOf(website('A'));
    const b = keyOf(website('B'));
    cache.putMany([
      { key: a, outcome: found({ bio: 'a'.repeat(20_000) }) },
      { key: b, outcome: found({ bio: 'b'.repeat(20_000) }) },
    ]);
    fast.forget();
    store.data.delete(`${a}#2`);
    store.data.set(`${b}#1`, store.data.get(`${a}#1`)!); // two writers' chunks mixed
    expect(cache.getMany([a, b]).size).toBe(0);

    cache.putMany([{ key: a, outcome: found('short') }]);
    expect([...store.data.keys()].filter((key) => key.startsWith(a))).toEqual([a]);
    fast.forget();
    expect(cache.getMany([a]).get(a)).toMatchObject({ result: 'short' });
  });

  it('drops the chunks of a long entry when it is replaced by a short one', () => {
    const { cache, store, keyOf } = setup();
    const a = keyOf(website('A'));
    cache.putMany([{ key: a, outcome: found({ bio: 'a'.repeat(20_000) }) }]);
    const bytesBefore = store.bytes();
    cache.putMany([{ key: a, outcome: MISS }]);
    expect([...store.data.keys()]).toEqual([a]);
    expect(store.bytes()).toBeLessThan(bytesBefore / 100);
  });

  it('evicts the oldest entries to stay within its budget, never touching other settings', () => {
    const { cache, store, keyOf, clock } = setup({ budgetBytes: 3_000 });
    for (const [key, value] of Object.entries(OTHER_SETTINGS)) store.data.set(key, value);
    const keys: string[] = [];
    let evicted = 0;
    for (let i = 0; i < 40; i++) {
      const key = keyOf(website(`Company ${i}`));
      keys.push(key);
      evicted += cache.putMany([{ key, outcome: found(`company${i}.example.com`), credits: 1 }]).evicted;
      clock.time += MINUTE;
    }

    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(3_000);
    expect(stats.entries).toBeGreaterThan(10);
    expect(evicted).toBe(40 - stats.entries);
    expect(stats.newestAt).toBe(START + 39 * MINUTE);
    expect(stats.oldestAt).toBe(START + evicted * MINUTE);
    const kept = cache.getMany(keys);
    expect([...kept.keys()]).toEqual(keys.slice(evicted));
    for (const [key, value] of Object.entries(OTHER_SETTINGS)) expect(store.data.get(key)).toBe(value);
  });

  it('makes room among other settings that already fill most of the store', () => {
    const { cache, store, keyOf, clock } = setup();
    store.data.set('history', 'h'.repeat(8_000));
    for (let i = 0; i < 56; i++) store.data.set(`setting${i}`, 's'.repeat(8_000)); // ~456 KB not ours
    const keys: string[] = [];
    let evicted = 0;
    for (let i = 0; i < 60; i++) {
      const key = keyOf(website(`Company ${i}`));
      keys.push(key);
      evicted += cache.putMany([{ key, outcome: found({ about: 'x'.repeat(1_000) }) }]).evicted;
      clock.time += MINUTE;
    }
    expect(store.bytes()).toBeLessThanOrEqual(500 * 1024);
    expect(evicted).toBeGreaterThan(0);
    expect(cache.getMany(keys.slice(-5)).size).toBe(5);
    expect(store.data.get('setting55')).toBe('s'.repeat(8_000));
  });

  it("plans a save on the booking's view of the store, and again on a fresh read when the store refuses it", () => {
    const { cache, store, keyOf, clock, ports } = setup();
    for (let i = 0; i < 57; i++) store.data.set(`setting${i}`, 's'.repeat(8_000)); // ~456 KB not ours
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      keys.push(keyOf(website(`Company ${i}`)));
      cache.putMany([{ key: keys[i]!, outcome: found({ about: 'x'.repeat(1_000) }) }]);
      clock.time += MINUTE;
    }
    const big = keyOf(website('Big Company'));
    const before = { ...store.calls };
    // A view from before the other entries were saved: planned on it alone, the write overflows.
    const inHand = executionStore(store);
    inHand.hold({});
    const viewed = new ResultCache({ ...ports, store: inHand });
    const report = viewed.putMany([{ key: big, outcome: found({ about: 'y'.repeat(15_000) }) }]);
    expect(store.calls.getAll - before.getAll).toBe(1);
    expect(report).toMatchObject({ stored: 1, notStored: [] });
    expect(report.evicted).toBeGreaterThan(0);
    expect(store.bytes()).toBeLessThanOrEqual(500 * 1024);
    expect(cache.getMany([big]).get(big)).toMatchObject({ result: { about: 'y'.repeat(15_000) } });
    expect(cache.getMany(keys.slice(-5)).size).toBe(5);
  });

  it('stashes an answer too big for the budget in the fast cache instead of evicting everything for it', () => {
    const { cache, fast, keyOf } = setup({ budgetBytes: 20_000 });
    const small = keyOf(website('Small'));
    const huge = keyOf(website('Huge'));
    cache.putMany([{ key: small, outcome: found('small.com') }]);
    const report = cache.putMany([{ key: huge, outcome: found({ bio: 'h'.repeat(30_000) }) }]);
    // Stashed for the hidden sheet's next writer: only the fast layer holds it until then.
    expect(report).toEqual({ stored: 1, evicted: 0, notStored: [] });
    expect(cache.getMany([huge]).get(huge)?.kind).toBe('found');
    fast.forget();
    expect([...cache.getMany([small, huge]).keys()]).toEqual([small]);

    // A newer, oversized answer to a stored request leaves the stored one in place.
    expect(cache.putMany([{ key: small, outcome: found({ bio: 's'.repeat(30_000) }) }]).notStored).toEqual(
      [],
    );
    fast.forget();
    expect(cache.getMany([small]).get(small)).toMatchObject({ result: 'small.com' });
  });

  it('keeps an answer whatever its age: a write on day 200 removes nothing', () => {
    const { cache, store, keyOf, clock } = setup();
    const old = keyOf(website('Old'));
    cache.putMany([{ key: old, outcome: found('old.com') }]);

    clock.time = START + 200 * DAY;
    expect(cache.getMany([old]).get(old)).toMatchObject({ result: 'old.com' });
    cache.putMany([{ key: keyOf(website('New')), outcome: MISS }]);
    expect(store.data.has(old)).toBe(true);
  });

  it('does not share answers between API keys', () => {
    const { cache, keyOf } = setup();
    const otherScope = accountScope(sha256, OTHER_API_KEY);
    cache.putMany([{ key: keyOf(website('Acme')), outcome: found('acme.com') }]);
    expect(cache.getMany([keyOf(website('Acme'), otherScope)]).size).toBe(0);
  });

  it('never writes the API key or the input into a key, in either layer', () => {
    const { cache, store, fast, keyOf } = setup();
    const inputs = ['ada.lovelace@example.com', 'Ada Lovelace Analytical Engines London', 'x'.repeat(2000)];
    cache.putMany(
      inputs.map((input) => ({
        key: keyOf({ type: 'lead_full_name_to_email', input_data: input }),
        outcome: found({ bio: 'b'.repeat(12_000) }),
      })),
    );
    const keys = [...store.data.keys(), ...fast.items.keys()];
    expect(keys.length).toBeGreaterThan(inputs.length);
    for (const key of keys) {
      expect(key.length).toBeLessThan(250);
      expect(key).not.toContain(API_KEY);
      expect(key).not.toMatch(/ada|lovelace|london|xxxx/i);
    }
  });

  it('reads corrupt entries as absent, and overwrites them', () => {
    const { cache, store, keyOf } = setup();
    const corrupt = {
      [keyOf(website('A'))]: 'not json',
      [keyOf(website('B'))]: '{"v":9,"k":"m","t":1700000000000}',
      [keyOf(website('C'))]: '{"v":1,"chunks":3,"sha":"0000000000000000","t":1700000000000}',
    };
    for (const [key, value] of Object.entries(corrupt)) store.data.set(key, value);
    expect(cache.getMany(Object.keys(corrupt)).size).toBe(0);

    cache.putMany([{ key: keyOf(website('A')), outcome: found('a.com') }]);
    expect(cache.getMany([keyOf(website('A'))]).get(keyOf(website('A')))).toMatchObject({ result: 'a.com' });
    expect(store.data.has(keyOf(website('B')))).toBe(false); // cleaned on the way
  });

  it('keeps the write when the fast layer throws', () => {
    const { cache, fast, store, keyOf } = setup();
    fast.broken = true;
    const key = keyOf(website('Acme'));
    expect(cache.putMany([{ key, outcome: found('acme.com') }]).stored).toBe(1);
    expect(store.data.has(key)).toBe(true);
    expect(cache.getMany([key]).get(key)).toMatchObject({ kind: 'found', result: 'acme.com' });
  });

  it('keeps answers over 100 KB out of the fast layer but in the store', () => {
    const { cache, fast, keyOf } = setup();
    const key = keyOf(website('Big'));
    const result = { employees: 'e'.repeat(110_000) };
    expect(cache.putMany([{ key, outcome: found(result) }]).stored).toBe(1);
    expect(fast.items.has(key)).toBe(false);
    expect(cache.getMany([key]).get(key)).toMatchObject({ result });
  });

  it('surfaces a durable store failure with a clear message instead of losing the answer quietly', () => {
    const { cache, fast, store, keyOf } = setup();
    const key = keyOf(website('Acme'));
    store.failing = { methods: ['setMany'], message: QUOTA };
    expect(() => cache.putMany([{ key, outcome: found('acme.com') }])).toThrow(
      /Could not save paid results in the document properties: You have exceeded/,
    );

    store.failing = { methods: ['getAll', 'setMany', 'removeMany'], message: 'Service unavailable' };
    expect(() => cache.putMany([{ key, outcome: MISS }])).toThrow(/Could not save paid results/);
    expect(fast.items.size).toBe(0);
    expect(() => cache.getMany([key])).toThrow(/Could not read saved results .*: Service unavailable/);
  });

  it('reads 200 answers with one fast-layer read and one store read, and writes them in one batch', () => {
    const { cache, fast, store, keyOf } = setup();
    const entries: PaidEntry[] = Array.from({ length: 200 }, (_, i) => ({
      key: keyOf(website(`Company ${i}`)),
      outcome: i % 3 === 0 ? MISS : found(`company${i}.com`),
    }));
    cache.putMany(entries);
    expect(store.calls).toEqual({ getAll: 1, setMany: 1, removeMany: 0 });
    // Kept in the properties alone: no second copy in a fast layer.
    expect(fast.calls.putMany).toBe(0);

    const before = { ...store.calls };
    const answers = cache.getMany(entries.map((entry) => entry.key));
    expect(answers.size).toBe(200);
    expect(fast.calls.getMany).toBe(1);
    expect(store.calls.getAll - before.getAll).toBe(1);
    expect(fast.calls.putMany).toBe(0); // a read copies nothing (issue 38: no re-warm)
  });

  it('counts and clears one account, then all, leaving other settings', () => {
    const { cache, store, fast, keyOf, clock, scope } = setup();
    for (const [key, value] of Object.entries(OTHER_SETTINGS)) store.data.set(key, value);
    const otherScope = accountScope(sha256, OTHER_API_KEY);
    cache.putMany([{ key: keyOf(website('A')), outcome: found('a.com') }]);
    clock.time += MINUTE;
    cache.putMany([
      { key: keyOf(website('B')), outcome: found({ bio: 'b'.repeat(20_000) }) },
      { key: keyOf(website('A'), otherScope), outcome: MISS },
    ]);

    const all = cache.stats();
    expect(all).toMatchObject({ entries: 3, budgetBytes: DEFAULT_BUDGET_BYTES, oldestAt: START });
    expect(all.newestAt).toBe(START + MINUTE);
    expect(all.bytes).toBeGreaterThan(20_000);
    expect(cache.stats(otherScope)).toMatchObject({ entries: 1, oldestAt: START + MINUTE });

    expect(cache.clear(scope)).toBe(2);
    expect(cache.getMany([keyOf(website('A')), keyOf(website('B'))]).size).toBe(0);
    expect(cache.getMany([keyOf(website('A'), otherScope)]).size).toBe(1);

    expect(cache.clear()).toBe(1);
    expect(cache.stats()).toEqual({
      entries: 0,
      bytes: 0,
      budgetBytes: DEFAULT_BUDGET_BYTES,
      oldestAt: null,
      newestAt: null,
    });
    expect(fast.items.size).toBe(0);
    expect(Object.fromEntries(store.data)).toEqual(OTHER_SETTINGS);
  });

  it('refuses keys it did not make, so nothing lands among other settings', () => {
    const { cache, store } = setup();
    expect(() => cache.putMany([{ key: 'settings', outcome: MISS }])).toThrow(/resultKey/);
    expect(() => cache.getMany(['ada@example.com'])).toThrow(/resultKey/);
    expect(store.data.size).toBe(0);
  });
});
