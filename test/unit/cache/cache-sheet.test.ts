// The result cache with its third layer, the hidden sheet: written from sidebar calls, bulk runs
// and triggers, only read from formulas. The stores are views over the emulator (helpers/platform.ts).
import type { EnrichmentRequest } from '../../../src/core/api/wire';
import { decodeEntry, type PaidEntry } from '../../../src/core/cache/entries';
import { accountScope, resultKey } from '../../../src/core/cache/keys';
import {
  DEFAULT_SHEET_BUDGET_CHARS,
  ResultCache,
  type ResultCacheOptions,
} from '../../../src/core/cache/result-cache';
import { FakeClock, START } from '../helpers/fake-http';
import { FakeCacheService, FakeProperties, FakeSheetStore, sha256 } from '../helpers/platform';

const API_KEY = 'sk_live_9f3aSECRETkey77';
const OTHER_API_KEY = 'sk_live_0000otherKEY11';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Where = 'sidebar' | 'formula' | 'no sheet';

function setup(options: ResultCacheOptions = {}) {
  const clock = new FakeClock();
  const store = new FakeProperties(clock);
  const fast = new FakeCacheService(clock);
  const sheet = new FakeSheetStore(clock);
  const scope = accountScope(sha256, API_KEY);
  const keyOf = (company: string, inScope = scope) => resultKey(sha256, inScope, website(company));
  /**
   * The cache as one execution builds it over the document's storage: a sidebar call, bulk run or
   * trigger may write the sheet, a formula may only read it; 'no sheet' is the cache before it.
   */
  const cacheIn = (where: Where, again: ResultCacheOptions = options) => {
    const view = sheet.view(where === 'sidebar');
    const ports = { fast, store, hash: sha256, clock, ...(where === 'no sheet' ? {} : { sheet: view }) };
    return { cache: new ResultCache(ports, again), view };
  };
  /** The document reopened hours later with its properties lost: only the sheet remembers. */
  const loseAllButSheet = () => {
    fast.forget();
    store.data.clear();
  };
  return { clock, store, fast, sheet, scope, keyOf, cacheIn, loseAllButSheet };
}

const website = (company: string): EnrichmentRequest => ({
  type: 'company_name_to_website',
  input_data: company,
});
const found = (result: unknown) => ({ kind: 'found', result }) as const;
const answerFor = (company: string) =>
  found({
    website: `https://www.${company.replace(/\s+/g, '').toLowerCase()}.example.com`,
    about: 'a'.repeat(120),
  });

// assumptions: C3 (CacheService past 1,000 items evicts), C5 (it forgets early)
describe('a bulk run of 10,000 rows with 7,000 distinct inputs', () => {
  /** Rows go by 100: what the cache lacks is bought once, then saved. Answers purchases per key. */
  function bulkRun(cache: ResultCache, clock: FakeClock, keyOf: (company: string) => string) {
    const purchases = new Map<string, number>();
    for (let start = 0; start < 10_000; start += 100) {
      const companies = Array.from({ length: 100 }, (_, i) => `Company ${(start + i) % 7_000}`);
      const saved = cache.getMany(companies.map((company) => keyOf(company)));
      const toBuy = new Map<string, string>();
      for (const company of companies) if (!saved.has(keyOf(company))) toBuy.set(keyOf(company), company);
      for (const key of toBuy.keys()) purchases.set(key, (purchases.get(key) ?? 0) + 1);
      cache.putMany([...toBuy].map(([key, company]) => ({ key, outcome: answerFor(company), credits: 1 })));
      clock.time += 2_000;
    }
    return purchases;
  }

  it('keeps every answer when the sheet may be written: nothing is bought twice', () => {
    const { clock, store, fast, sheet, keyOf, cacheIn } = setup();
    const purchases = bulkRun(cacheIn('sidebar').cache, clock, keyOf);

    expect(purchases.size).toBe(7_000);
    expect([...purchases.values()].every((count) => count === 1)).toBe(true);
    expect(sheet.rows.size).toBe(7_000);
    // A writer of the sheet keeps its answers there: none churned through the properties (each
    // one evicted there would be a deleteProperty call of its own).
    const inProperties = [...store.data.keys()].filter((key) => key.startsWith('r1:')).length;
    expect(inProperties).toBe(0);

    fast.forget();
    const keys = Array.from({ length: 7_000 }, (_, i) => keyOf(`Company ${i}`));
    const answers = cacheIn('formula').cache.getMany(keys);
    expect(answers.size).toBe(7_000);
    expect(answers.get(keyOf('Company 0'))).toMatchObject(answerFor('Company 0'));
  });

  it('buys the first 3,000 again without the sheet, which is what the sheet is for', () => {
    const { clock, keyOf, cacheIn } = setup();
    const purchases = bulkRun(cacheIn('no sheet').cache, clock, keyOf);
    expect([...purchases.values()].filter((count) => count > 1)).toHaveLength(3_000);
  });
});

describe('ResultCache with a hidden sheet', () => {
  it('never writes the sheet from a formula; the next write that may copies what the formula bought', () => {
    const { sheet, keyOf, cacheIn } = setup();
    const { cache: formula, view } = cacheIn('formula');
    const bought: PaidEntry[] = ['A', 'B', 'C'].map((name) => ({
      key: keyOf(name),
      outcome: answerFor(name),
    }));

    const report = formula.putMany(bought);

    expect(report).toEqual({ stored: 3, evicted: 0, notStored: [] });
    expect(view.calls.writeMany + view.calls.removeMany).toBe(0);
    expect(sheet.rows.size).toBe(0);
    expect(formula.compact()).toBeNull();

    const later = cacheIn('sidebar').cache.putMany([{ key: keyOf('D'), outcome: answerFor('D') }]);
    expect(later.sheet).toEqual({ written: 1, copied: 3 });
    expect([...sheet.rows.keys()].sort()).toEqual(['A', 'B', 'C', 'D'].map((name) => keyOf(name)).sort());
  });

  it('moves into the sheet what the properties evict, where a formula alone would lose it', () => {
    for (const where of ['sidebar', 'no sheet'] as const) {
      const { clock, fast, keyOf, cacheIn } = setup({ budgetBytes: 3_000 });
      const fromFormula = keyOf('Bought by a formula');
      cacheIn('formula').cache.putMany([{ key: fromFormula, outcome: answerFor('Formula') }]);
      const writer = cacheIn(where).cache;
      const keys: string[] = [];
      let evicted = 0;
      for (let i = 0; i < 40; i++) {
        clock.time += MINUTE;
        const key = keyOf(`Company ${i}`);
        keys.push(key);
        evicted += writer.putMany([{ key, outcome: answerFor(`Company ${i}`) }]).evicted;
      }
      fast.forget();
      const kept = cacheIn('formula').cache.getMany([fromFormula, ...keys]);

      if (where === 'sidebar') {
        // The sheet holds what its writer bought: nothing of it churns through the properties.
        expect(evicted).toBe(0);
        expect(kept.size).toBe(41);
      } else {
        expect(evicted).toBeGreaterThan(20);
        expect(kept.size).toBe(41 - evicted);
      }
    }
  });

  it('evicts at most 25 entries a write: past that the newest stay out of the properties, in the fast cache', () => {
    const { clock, keyOf, cacheIn } = setup({ budgetBytes: 12_000 });
    const formula = cacheIn('no sheet').cache;
    for (let i = 0; i < 60; i++) {
      clock.time += MINUTE;
      formula.putMany([{ key: keyOf(`Old ${i}`), outcome: answerFor(`Old ${i}`) }]);
    }
    clock.time += MINUTE;
    const batch = Array.from({ length: 60 }, (_, i) => keyOf(`New ${i}`));
    const report = formula.putMany(batch.map((key, i) => ({ key, outcome: answerFor(`New ${i}`) })));
    // Each eviction is a deleteProperty call of its own (60 ms): a formula's 30 s cannot pay for more.
    expect(report.evicted).toBe(25);
    // What the properties could not take is stashed in the fast cache for the sheet's next writer.
    expect(report).toMatchObject({ stored: 60, notStored: [] });
    expect(formula.getMany(batch).size).toBe(60);
  });

  it("keeps a trigger's answers batch by batch past full properties, never only in the fast cache", () => {
    const { clock, fast, sheet, keyOf, cacheIn } = setup({ budgetBytes: 3_000 });
    // Formulas filled the properties; the sheet has none of their answers yet.
    const formula = cacheIn('formula').cache;
    const old = Array.from({ length: 10 }, (_, i) => keyOf(`Old ${i}`));
    old.forEach((key, i) => {
      clock.time += MINUTE;
      formula.putMany([{ key, outcome: answerFor(`Old ${i}`) }]);
    });
    // A trigger keeps each answer as it comes back (lookup/keep-batches.ts).
    const trigger = cacheIn('sidebar').cache;
    const bought = Array.from({ length: 10 }, (_, i) => keyOf(`New ${i}`));
    let notStored = 0;
    bought.forEach((key, i) => {
      clock.time += 1_000;
      notStored += trigger.keepMany([{ key, outcome: answerFor(`New ${i}`) }]).notStored.length;
    });
    expect(notStored).toBe(0);
    // Google stops the trigger; no trigger runs for most of a day and the fast cache forgets.
    clock.time += 20 * 60 * MINUTE;
    fast.forget();
    expect(formula.getMany([...old, ...bought]).size).toBe(20);
    // The sheet took in what only the properties held, once: the rest made room there.
    expect(sheet.rows.size).toBeGreaterThanOrEqual(10);
  });

  it('tells a formula how many answers its properties can keep; where the sheet may be written, no limit', () => {
    const { clock, store, keyOf, cacheIn } = setup({ budgetBytes: 3_000 });
    const formula = cacheIn('formula').cache;
    const all = () => Object.fromEntries(store.data);
    const empty = formula.durableRoom(all());
    expect(empty).toBeGreaterThan(5);
    for (let i = 0; i < 30; i++) {
      clock.time += MINUTE;
      formula.putMany([{ key: keyOf(`Company ${i}`), outcome: answerFor(`Company ${i}`) }]);
    }
    // Full: what 25 evictions free, over twice an average answer.
    expect(formula.durableRoom(all())).toBeLessThan(empty);
    expect(cacheIn('sidebar').cache.durableRoom(all())).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads the sheet only for keys the properties lack, once a read, and copies them nowhere', () => {
    const { store, fast, keyOf, cacheIn, loseAllButSheet } = setup();
    const keys = Array.from({ length: 50 }, (_, i) => keyOf(`Company ${i}`));
    cacheIn('sidebar').cache.putMany(keys.map((key, i) => ({ key, outcome: answerFor(`Company ${i}`) })));

    loseAllButSheet();
    const writesBefore = store.calls.setMany;
    const second = cacheIn('formula');
    expect(second.cache.getMany(keys).size).toBe(50);
    expect(second.view.calls.readAll).toBe(1);
    expect(store.calls.setMany).toBe(writesBefore); // a read never fills the properties
    expect(fast.items.size).toBe(0);
  });

  it('serves sheet answers whatever their age, and a write on day 200 removes none', () => {
    const { clock, sheet, keyOf, cacheIn, loseAllButSheet } = setup();
    const old = keyOf('Old');
    cacheIn('sidebar').cache.putMany([{ key: old, outcome: answerFor('Old') }]);
    loseAllButSheet();

    clock.time = START + 200 * DAY;
    expect(cacheIn('formula').cache.getMany([old]).size).toBe(1);
    const report = cacheIn('sidebar').cache.putMany([{ key: keyOf('New'), outcome: answerFor('New') }]);
    expect(report.sheet).toMatchObject({ written: 1 });
    expect(sheet.rows.has(old)).toBe(true);
  });

  it('keeps in the sheet an answer too big for the properties budget', () => {
    const { fast, keyOf, cacheIn } = setup({ budgetBytes: 20_000 });
    const huge = keyOf('Huge');
    const outcome = found({ bio: 'h'.repeat(30_000) });

    const report = cacheIn('sidebar').cache.putMany([{ key: huge, outcome }]);
    expect(report).toMatchObject({ stored: 1, notStored: [], sheet: { written: 1 } });
    fast.forget();
    expect(cacheIn('formula').cache.getMany([huge]).get(huge)).toMatchObject(outcome);
  });

  it("stashes a formula's answer too big for the properties until a writer moves it to the sheet", () => {
    const { fast, sheet, keyOf, cacheIn } = setup({ budgetBytes: 20_000 });
    const huge = keyOf('Huge');
    const outcome = found({ bio: 'h'.repeat(30_000) });

    expect(cacheIn('formula').cache.putMany([{ key: huge, outcome }])).toMatchObject({
      stored: 1,
      notStored: [],
    });
    expect(cacheIn('formula').cache.stats().entries).toBe(1);
    expect(cacheIn('formula').cache.getMany([huge]).get(huge)).toMatchObject(outcome);
    expect(sheet.rows.has(huge)).toBe(false);

    expect(cacheIn('sidebar').cache.compact()).toMatchObject({ written: 1 });
    expect(sheet.rows.has(huge)).toBe(true);
    fast.forget();
    expect(cacheIn('formula').cache.getMany([huge]).get(huge)).toMatchObject(outcome);
    expect(cacheIn('formula').cache.stats().entries).toBe(1);
  });

  it('evicts no row past its character budget: an answer pushed out would be bought again', () => {
    const { clock, sheet, store, fast, keyOf, cacheIn } = setup({ sheetBudgetChars: 3_000 });
    const { cache } = cacheIn('sidebar');
    for (let i = 0; i < 30; i++) {
      clock.time += MINUTE;
      cache.putMany([{ key: keyOf(`Company ${i}`), outcome: answerFor(`Company ${i}`) }]);
    }
    expect(sheet.rows.size).toBe(30);
    store.data.clear();
    fast.forget();
    expect(cacheIn('formula').cache.getMany([keyOf('Company 0')]).size).toBe(1);
  });

  it('saves in the properties and says why when the sheet cannot be written', () => {
    const { store, fast, sheet, keyOf, cacheIn } = setup();
    sheet.failing = { methods: ['writeMany'], message: 'Service Spreadsheets timed out' };
    const key = keyOf('Acme');

    const report = cacheIn('sidebar').cache.putMany([{ key, outcome: answerFor('Acme') }]);

    expect(report).toMatchObject({ stored: 1, notStored: [] });
    expect(report.sheet).toEqual({
      written: 0,
      copied: 0,
      error: 'Service Spreadsheets timed out',
    });
    expect(store.data.has(key)).toBe(true);

    sheet.failing = { methods: ['readAll'], message: 'Service Spreadsheets failed' };
    expect(cacheIn('formula').cache.getMany([key]).size).toBe(1); // the properties answer
    fast.forget();
    store.data.clear();
    expect(() => cacheIn('formula').cache.getMany([key])).toThrow(
      /Could not read saved results from the hidden sheet: Service Spreadsheets failed/,
    );
  });

  it('copies a newer answer from the properties over an older row of the sheet', () => {
    const { clock, sheet, keyOf, cacheIn } = setup();
    const key = keyOf('Acme');
    cacheIn('sidebar').cache.putMany([{ key, outcome: found('old.example.com') }]);
    clock.time += DAY;
    cacheIn('formula').cache.putMany([{ key, outcome: found('new.example.com') }]);

    expect(cacheIn('sidebar').cache.compact()).toEqual({ written: 0, copied: 1 });
    expect(decodeEntry(sheet.rows.get(key)!)).toMatchObject({ result: 'new.example.com', at: START + DAY });
    expect(cacheIn('sidebar').cache.compact()).toEqual({ written: 0, copied: 0 });
  });

  it('counts an answer kept in two layers once', () => {
    const { clock, store, keyOf, cacheIn } = setup();
    const [a, b, c] = [keyOf('A'), keyOf('B'), keyOf('C')];
    cacheIn('sidebar').cache.putMany([{ key: a, outcome: answerFor('A') }]);
    clock.time += MINUTE;
    cacheIn('sidebar').cache.putMany([{ key: b, outcome: answerFor('B') }]);
    store.data.delete(b); // evicted from the properties: only the sheet has it
    clock.time += MINUTE;
    cacheIn('formula').cache.putMany([{ key: c, outcome: answerFor('C') }]); // only the properties

    const stats = cacheIn('formula').cache.stats();

    expect(stats).toMatchObject({ entries: 3, oldestAt: START, newestAt: START + 2 * MINUTE });
    expect(stats.sheet).toEqual({
      entries: 2,
      chars: expect.any(Number),
      budgetChars: DEFAULT_SHEET_BUDGET_CHARS,
    });
    expect(stats.sheet!.chars).toBeGreaterThan(2 * a.length);
    clock.time = START + 200 * DAY; // age never expires an answer
    expect(cacheIn('formula').cache.stats()).toMatchObject({
      entries: 3,
      oldestAt: START,
      sheet: { entries: 2 },
    });
  });

  it("clears one account's rows, then all, from every layer, leaving the sheet's other rows", () => {
    const { store, fast, sheet, scope, keyOf, cacheIn } = setup();
    const otherScope = accountScope(sha256, OTHER_API_KEY);
    const mine = [keyOf('A'), keyOf('B')];
    const theirs = keyOf('A', otherScope);
    cacheIn('sidebar').cache.putMany(
      [...mine, theirs].map((key, i) => ({ key, outcome: answerFor(`Company ${i}`) })),
    );
    store.data.delete(mine[1]!); // B is in the sheet only
    sheet.addRow('a note someone typed', 'keep me');

    const { cache: formula, view } = cacheIn('formula');
    expect(() => formula.clear(scope)).toThrow(/hidden sheet: it can only be written from the sidebar/);
    expect(view.calls.removeMany).toBe(0);
    expect(sheet.rows.size).toBe(4);

    const sidebar = cacheIn('sidebar').cache;
    expect(sidebar.clear(scope)).toBe(2);
    expect(sidebar.getMany(mine).size).toBe(0);
    expect([...sheet.rows.keys()].sort()).toEqual(['a note someone typed', theirs].sort());

    expect(sidebar.clear()).toBe(1);
    expect([...sheet.rows.keys()]).toEqual(['a note someone typed']);
    expect(fast.items.size).toBe(0);
    expect(sidebar.stats()).toMatchObject({ entries: 0, sheet: { entries: 0, chars: 0 } });
  });
});

describe('what buying the saved answers again would cost (the Saved results panel)', () => {
  it('counts each answer of the account once, in whichever layer it is, whatever its age', () => {
    const { clock, scope, keyOf, cacheIn } = setup();
    const other = accountScope(sha256, OTHER_API_KEY);
    // A formula saves in the properties only; a sidebar call saves in the sheet and copies there
    // what the properties held, so Acme ends up in both layers.
    cacheIn('formula').cache.putMany([{ key: keyOf('Acme'), outcome: answerFor('Acme'), credits: 10 }]);
    clock.time += MINUTE;
    cacheIn('sidebar').cache.putMany([
      { key: keyOf('Globex'), outcome: answerFor('Globex'), credits: 0.5 },
      { key: keyOf('Initech', other), outcome: answerFor('Initech'), credits: 7 },
      { key: keyOf('Hooli'), outcome: answerFor('Hooli'), credits: 50, at: clock.time - 31 * DAY },
    ]);

    expect(cacheIn('sidebar').cache.rebuyCredits(scope)).toBe(60.5);
    expect(cacheIn('formula').cache.rebuyCredits()).toBe(67.5);
    // Without the sheet only the properties count: Acme, which a formula saved there.
    expect(cacheIn('no sheet').cache.rebuyCredits(scope)).toBe(10);
  });
});

describe('the hidden sheet, deleted by a user', () => {
  const LOST =
    'The hidden sheet "_enrich_cache" was deleted: the 3 saved results it kept are lost, and buying them again would cost up to 2.5 credits.';

  it('refuses a lookup no other layer answers, saying what was lost; a preview skips it; accepted, the cache goes on', () => {
    const { sheet, store, keyOf, cacheIn, loseAllButSheet } = setup();
    const keys = ['A', 'B', 'C'].map((company) => keyOf(company));
    cacheIn('sidebar').cache.putMany(
      keys.map((key, i) => ({ key, outcome: answerFor(`Company ${i}`), credits: i === 0 ? 0.5 : 1 })),
    );
    expect(JSON.parse(sheet.record!)).toMatchObject({ n: 3, c: 2.5 });
    cacheIn('formula').cache.putMany([{ key: keyOf('D'), outcome: answerFor('D'), credits: 1 }]);
    const inProperties = store.data.get(keyOf('D'));
    loseAllButSheet();
    store.data.set(keyOf('D'), inProperties!);
    sheet.deleteSheet();

    const formula = cacheIn('formula').cache;
    expect(formula.getMany([keyOf('D')]).size).toBe(1); // the properties still answer
    expect(() => formula.getMany(keys)).toThrow(`${LOST} Nothing is bought again until you choose`);
    expect(formula.getMany(keys, 'skip').size).toBe(0);
    expect(formula.lostSheet()).toEqual({
      name: '_enrich_cache',
      deleted: 'sheet',
      holds: { entries: 3, credits: 2.5 },
    });
    // A writer keeps what it buys in the properties meanwhile, and makes no sheet.
    const report = cacheIn('sidebar').cache.putMany([{ key: keyOf('E'), outcome: answerFor('E') }]);
    expect(report).toMatchObject({ stored: 1, sheet: { error: expect.stringMatching(/was deleted/) } });
    expect(sheet.rows.size).toBe(0);

    const sidebar = cacheIn('sidebar').cache;
    sidebar.acceptLostSheet();
    expect(sidebar.lostSheet()).toBeNull();
    expect(cacheIn('formula').cache.getMany(keys).size).toBe(0);
    sidebar.putMany([{ key: keyOf('A'), outcome: answerFor('A'), credits: 1 }]);
    expect([...sheet.rows.keys()].sort()).toEqual([keyOf('A'), keyOf('D'), keyOf('E')].sort());
  });
});
