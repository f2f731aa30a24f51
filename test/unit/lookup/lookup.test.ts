// The lookup pass's I/O: document properties reads count against a daily quota (50,000 on
// consumer accounts) and cost time in every formula, so the pass reads no store it need not.
import { sharedPacer } from '../../../src/core/api/pacing';
import type { EnrichmentRequest } from '../../../src/core/api/wire';
import { FAILURE_HOLD_MINUTES } from '../../../src/core/cache/held-failures';
import { accountScope, resultKey } from '../../../src/core/cache/keys';
import { ResultCache } from '../../../src/core/cache/result-cache';
import type { LookupContext } from '../../../src/core/lookup/items';
import { lookupMany } from '../../../src/core/lookup/pass';
import { operationByType } from '../../../src/core/operations/table';
import { executionStore } from '../../../src/core/platform/execution-store';
import type { BatchStorePort, LockPort } from '../../../src/core/platform/ports';
import { FakeClock, FakeHttp, json } from '../helpers/fake-http';
import { FakeCacheService, FakeDocumentLock, FakeProperties, paceValue, sha256 } from '../helpers/platform';

const WEBSITE = operationByType('company_name_to_website')!;
const KEY = 'sk_test_lookup_key_123';

function setUp() {
  const clock = new FakeClock();
  const properties = new FakeProperties(clock);
  let locked = false;
  /** Reads of the store made while no lock was held, and before the first request went out. */
  const unlockedReadsBeforeSending: number[] = [];
  /** Before the first request: locked sections, and reads and writes of the store inside them. */
  const beforeSending = { lockedSections: 0, lockedReads: 0, lockedWrites: 0 };
  const sending = () => http.sent.length === 0;
  /** What the API answers; a test may change it. */
  const reply = { with: () => json(200, { status: 'success', result: 'acme.com' }) };
  const http = new FakeHttp(clock, () => reply.with());
  const counted: BatchStorePort = {
    getAll: () => {
      if (!locked && sending()) unlockedReadsBeforeSending.push(clock.elapsed());
      if (locked && sending()) beforeSending.lockedReads++;
      return properties.getAll();
    },
    setMany: (entries) => {
      if (locked && sending()) beforeSending.lockedWrites++;
      properties.setMany(entries);
    },
    removeMany: (keys) => properties.removeMany(keys),
  };
  // The execution's store, as the composition root builds it (server/context.ts).
  const store = executionStore(counted);
  const documentLock = new FakeDocumentLock(clock);
  const lock: LockPort = {
    withLock: (ms, work) => {
      if (sending()) beforeSending.lockedSections++;
      return documentLock.withLock(ms, () => {
        locked = true;
        try {
          return work();
        } finally {
          locked = false;
        }
      });
    },
  };
  const fast = new FakeCacheService(clock);
  const cache = new ResultCache({ fast, store, hash: sha256, clock });
  const client = { baseUrl: 'https://api.test', apiKey: KEY, http, clock };
  const deps = { client, cache, store, lock };
  const ctx: LookupContext = {
    buyer: 'formula',
    spreadsheetId: 'sheet-1',
    day: '2026-11-22',
    deadline: clock.now() + 25_000,
    formulaDailyCap: 100,
    retryServerErrors: false,
    pollJobs: true,
  };
  const request: EnrichmentRequest = { type: WEBSITE.type, input_data: 'Acme Corporation' };
  const item = { key: resultKey(sha256, accountScope(sha256, KEY), request), op: WEBSITE, request };
  return { deps, ctx, item, http, reply, clock, fast, properties, unlockedReadsBeforeSending, beforeSending };
}

describe('lookupMany', () => {
  it('reads the store once, not twice, before buying a missed answer', () => {
    const { deps, ctx, item, http, unlockedReadsBeforeSending } = setUp();
    const results = lookupMany(deps, [item], ctx);
    expect(results.get(item.key)).toMatchObject({ kind: 'found', result: 'acme.com', cached: false });
    expect(http.sent).toHaveLength(1);
    // One snapshot serves both the cache's durable layer and the job registry.
    expect(unlockedReadsBeforeSending).toHaveLength(1);
  });

  it('claims the input and reserves its credits in one locked section: one read, one write', () => {
    const { deps, ctx, item, http, beforeSending } = setUp();
    lookupMany(deps, [item], ctx);
    expect(http.sent).toHaveLength(1);
    expect(beforeSending).toEqual({ lockedSections: 1, lockedReads: 1, lockedWrites: 1 });
  });

  it('sends nothing and says so when the lock stays busy: no claim, no reservation, no purchase', () => {
    const { deps, ctx, item, http, properties } = setUp();
    const busy = {
      ...deps,
      lock: {
        withLock: () => {
          throw new Error('Could not obtain the lock.');
        },
      },
    };
    const result = lookupMany(busy, [item], ctx).get(item.key);
    expect(result).toEqual({
      kind: 'deferred',
      reason: 'lock-busy',
      message: expect.stringMatching(/Too many lookups at once/),
    });
    expect(http.sent).toHaveLength(0);
    expect(properties.getAll()).toEqual({});
  });

  it("keeps a formula's answer once, in the properties, and answers it again from the store in hand", () => {
    const { deps, ctx, item, http, properties, fast } = setUp();
    lookupMany(deps, [item], ctx);
    expect(fast.calls.putMany).toBe(0);
    // What a formula read with its key and settings: no further read, not even of the fast cache.
    const inHand = Object.fromEntries(properties.data);
    const before = { store: properties.calls.getAll, fast: fast.calls.getMany };
    deps.store.hold(inHand);
    const again = lookupMany(deps, [item], ctx);
    expect(again.get(item.key)).toMatchObject({ kind: 'found', result: 'acme.com', cached: true });
    expect(http.sent).toHaveLength(1);
    expect({ store: properties.calls.getAll, fast: fast.calls.getMany }).toEqual(before);
  });

  it('with the store in hand and a shared pace: one locked section, one read and one write, then one write', () => {
    const { deps, ctx, item, http, properties, unlockedReadsBeforeSending, beforeSending, clock } = setUp();
    const pacer = sharedPacer(
      { store: paceValue(deps.store, 'pace:test'), lock: deps.lock, clock, inHand: () => ({}) },
      'pace:test',
      10,
    );
    deps.store.hold({});
    const results = lookupMany({ ...deps, pacer }, [item], ctx);
    expect(results.get(item.key)).toMatchObject({ kind: 'found', result: 'acme.com', cached: false });
    expect(http.sent).toHaveLength(1);
    expect(unlockedReadsBeforeSending).toEqual([]);
    // The claim, the reservation and the first batch's turn at the pace share the section.
    expect(beforeSending).toEqual({ lockedSections: 1, lockedReads: 1, lockedWrites: 1 });
    expect(properties.data.get('pace:test')).toBeDefined();
    // The answer is saved with one write planned on what the section left: no second read.
    expect(properties.calls).toEqual({ getAll: 1, setMany: 2, removeMany: 0 });
  });
});

describe('a provider error inside a charged 200', () => {
  const providerError = () =>
    json(200, { status: 'success', result: { error: 'Upstream provider timed out' } });

  it('is shown again to formulas without paying for a while, then asked for again', () => {
    const { deps, ctx, item, http, reply, clock } = setUp();
    reply.with = providerError;
    const first = lookupMany(deps, [item], ctx).get(item.key);
    expect(first).toMatchObject({ kind: 'failed', error: { code: 'provider_error' } });
    expect(http.sent).toHaveLength(1);

    clock.sleep((FAILURE_HOLD_MINUTES * 60 - 1) * 1000);
    const held = lookupMany(deps, [item], ctx).get(item.key);
    expect(held).toMatchObject({ kind: 'failed', error: { code: 'provider_error' } });
    expect(held?.kind === 'failed' && held.error.message).toMatch(
      /Upstream provider timed out.*Kept 10 minutes, so that recalculating does not pay for it again\./,
    );
    expect(http.sent).toHaveLength(1);

    clock.sleep(1000);
    reply.with = () => json(200, { status: 'success', result: 'acme.com' });
    const later = lookupMany(deps, [item], { ...ctx, deadline: clock.now() + 25_000 }).get(item.key);
    expect(later).toMatchObject({ kind: 'found', result: 'acme.com' });
    expect(http.sent).toHaveLength(2);
  });

  it('is found in the read of the properties a formula holds in hand, with no other read', () => {
    const { deps, ctx, item, http, reply, fast, properties } = setUp();
    reply.with = providerError;
    lookupMany(deps, [item], ctx);
    const reads = { store: properties.calls.getAll, fast: fast.calls.getMany };
    deps.store.hold(Object.fromEntries(properties.data));
    const held = lookupMany(deps, [item], ctx);
    expect(held.get(item.key)).toMatchObject({ kind: 'failed', error: { code: 'provider_error' } });
    expect(http.sent).toHaveLength(1);
    expect({ store: properties.calls.getAll, fast: fast.calls.getMany }).toEqual(reads);
  });

  it('is bought again when a bulk run retries it: that retry is the user asking', () => {
    const { deps, ctx, item, http, reply } = setUp();
    reply.with = providerError;
    lookupMany(deps, [item], ctx);
    const bulk: LookupContext = { ...ctx, buyer: 'bulk', formulaDailyCap: 0 };
    lookupMany(deps, [item], bulk);
    expect(http.sent).toHaveLength(2);
  });
});
