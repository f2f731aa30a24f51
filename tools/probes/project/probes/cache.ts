// CacheService: expirations and putAll (C1-C4 of docs/platform-assumptions.md). C5, entries that
// vanish before they expire, is not something a script can make happen.

import { type Probe, seen } from '../../probe';
import { attempt } from '../store';

const SIX_HOURS_AND_A_SECOND = 21_601;
const PAST_THE_ITEM_CAP = 1_100;
const OVER_100_KB = 102_401;

export const CACHE_PROBES: readonly Probe[] = [
  {
    name: 'c1-ttl-over-six-hours',
    id: 'C1',
    asks: 'Cache.put with an expiration of 21,601 s: refused, or capped at 6 hours?',
    expected: { refused: true, message: 'Argument too large: expirationInSeconds', stored: false },
    run: ({ stamp }) => {
      const cache = CacheService.getScriptCache();
      const key = `c1-${stamp}`;
      const put = attempt(() => cache.put(key, 'v', SIX_HOURS_AND_A_SECOND));
      return seen({
        refused: !put.ok,
        message: put.ok ? null : put.message,
        stored: cache.get(key) !== null,
      });
    },
  },
  {
    name: 'c2-non-positive-ttl-stores',
    id: 'C2',
    asks: 'Cache.put with an expiration of -1 and of 0: refused, or stored (for the default 600 s)?',
    expected: { negative: { refused: false, storedNow: true }, zero: { refused: false, storedNow: true } },
    run: ({ stamp }) => {
      const cache = CacheService.getScriptCache();
      const tryTtl = (ttl: number) => {
        const key = `c2-${stamp}-${ttl}`;
        const put = attempt(() => cache.put(key, 'v', ttl));
        return { refused: !put.ok, storedNow: cache.get(key) !== null };
      };
      return seen({ negative: tryTtl(-1), zero: tryTtl(0) });
    },
  },
  {
    name: 'c3-put-all-past-the-cap-evicts',
    id: 'C3',
    asks: 'Cache.putAll of 1,100 new items into a cache: refused, or the oldest evicted?',
    expected: { refused: false, oldestEvicted: true, newestKept: true },
    run: ({ stamp }) => {
      // The user cache: nothing else of the probes uses it, so the cap is this probe's alone.
      const cache = CacheService.getUserCache();
      const keys = Array.from({ length: PAST_THE_ITEM_CAP }, (_, i) => `c3-${stamp}-${i}`);
      const put = attempt(() => cache.putAll(Object.fromEntries(keys.map((key) => [key, 'v'])), 600));
      const found = cache.getAll(keys);
      return seen(
        {
          refused: !put.ok,
          oldestEvicted: !(keys[0]! in found),
          newestKept: keys[keys.length - 1]! in found,
        },
        { kept: Object.keys(found).length, message: put.ok ? null : put.message },
      );
    },
  },
  {
    name: 'c4-put-all-is-all-or-nothing',
    id: 'C4',
    asks: 'Cache.putAll of a small item and one over 100 KB: is the small one stored?',
    expected: { refused: true, smallStored: false },
    run: ({ stamp }) => {
      const cache = CacheService.getScriptCache();
      const small = `c4-${stamp}-small`;
      const put = attempt(() => cache.putAll({ [small]: 'v', [`c4-${stamp}-big`]: 'x'.repeat(OVER_100_KB) }));
      return seen(
        { refused: !put.ok, smallStored: cache.get(small) !== null },
        { message: put.ok ? null : put.message },
      );
    },
  },
];
