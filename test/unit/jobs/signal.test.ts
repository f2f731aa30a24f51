// The job collector's lines of the Edit trigger's note. CacheService has no atomic
// read-modify-write: two executions writing one value keep only the last, so a job noted while a
// collector takes its role must not give that role away.
import { claimCollector, noteCollected, noteJobStarted } from '../../../src/core/jobs/signal';
import type { TtlCachePort } from '../../../src/core/platform/ports';
import { FakeClock } from '../helpers/fake-http';
import { asAnotherExecution, FakeCacheService, FakeDocumentLock } from '../helpers/platform';

const ROLE = { workMs: 300_000, marginMs: 90_000 };

/** The cache as one execution sees it: another writes right after this one's next read. */
function racedCache(cache: TtlCachePort, clock: FakeClock, other: () => void): TtlCachePort {
  let raced = false;
  return {
    getMany: (keys) => {
      const read = cache.getMany(keys);
      if (!raced) {
        raced = true;
        asAnotherExecution(clock, other);
      }
      return read;
    },
    putMany: (entries, ttl) => cache.putMany(entries, ttl),
    removeMany: (keys) => cache.removeMany(keys),
  };
}

describe('the collector role on the Edit trigger note', () => {
  it('stays with its collector when a formula notes a job while it is taken', () => {
    const clock = new FakeClock();
    const cache = new FakeCacheService(clock);
    const lock = new FakeDocumentLock(clock);
    const now = clock.now();
    noteCollected(cache, { pending: 0 }, now, now);

    // A formula reads the note to count its job; meanwhile an Edit trigger takes the collector's role.
    const formula = racedCache(cache, clock, () =>
      expect(claimCollector(cache, lock, clock.now(), 'edit-1', ROLE)).toBe(true),
    );
    noteJobStarted(formula, now);

    // A second edit of the same paste finds the role held and leaves the work to the first.
    expect(claimCollector(cache, lock, clock.now(), 'edit-2', ROLE)).toBe(false);
  });
});
