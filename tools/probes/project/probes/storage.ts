// PropertiesService limits and LockService re-entry (P1, P3, L1, L2 of
// docs/platform-assumptions.md). The limit probes use the document properties, which nothing else
// of the probes uses, and empty them afterwards. P2 (the daily quota) would take 50,000 calls; P4
// (key order) is the emulator's choice, not a claim; L3 needs two executions racing.

import { type Probe, seen } from '../../probe';
import { type Attempt, attempt } from '../store';

/** 55 values of 9,072 bytes: 498,960 bytes, under 500 KB however a KB is counted. */
const VALUES = 55;
const VALUE = 'v'.repeat(9_072);
/** 55 keys of 240 bytes add 13,200: 512,160 in all, over 500 KB even at 1,024 bytes a KB. */
const LONG_KEY_CHARS = 240;
const BATCH = 5;

function documentProperties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getDocumentProperties();
}

/** Writes the 55 values under the keys `keyOf` names, in batches; leaves the store empty. */
function fill(keyOf: (i: number) => string): Attempt<void> {
  const store = documentProperties();
  store.deleteAllProperties();
  try {
    return attempt(() => {
      for (let first = 0; first < VALUES; first += BATCH) {
        const batch: Record<string, string> = {};
        for (let i = first; i < Math.min(VALUES, first + BATCH); i++) batch[keyOf(i)] = VALUE;
        store.setProperties(batch);
      }
    });
  } finally {
    store.deleteAllProperties();
  }
}

const verdict = (write: Attempt<void>) => (write.ok ? 'accepted' : 'refused');

function lockAgain(): { again: boolean; atOnce: boolean } {
  const lock = LockService.getDocumentLock();
  lock.tryLock(5_000);
  const start = Date.now();
  const again = lock.tryLock(5_000);
  const waited = Date.now() - start;
  lock.releaseLock();
  return { again, atOnce: waited < 1_000 };
}

function secondLockObject(): { secondHasLock: boolean; secondGot: boolean; waitedItsTimeout: boolean } {
  const first = LockService.getDocumentLock();
  first.tryLock(5_000);
  const second = LockService.getDocumentLock();
  const secondHasLock = second.hasLock();
  const start = Date.now();
  const secondGot = second.tryLock(2_000);
  const waited = Date.now() - start;
  second.releaseLock();
  first.releaseLock();
  return { secondHasLock, secondGot, waitedItsTimeout: waited >= 1_900 };
}

export const STORAGE_PROBES: readonly Probe[] = [
  {
    name: 'p1-keys-count-toward-500-kb',
    id: 'P1',
    asks: '498,960 bytes of property values: accepted under 5-character keys, refused under 240-character keys?',
    expected: { shortKeys: 'accepted', longKeys: 'refused' },
    run: () => {
      const short = fill((i) => `p1-${String(i).padStart(2, '0')}`);
      const long = fill((i) => `p1-${String(i).padStart(2, '0')}-`.padEnd(LONG_KEY_CHARS, 'k'));
      return seen(
        { shortKeys: verdict(short), longKeys: verdict(long) },
        { shortKeys: short.ok ? null : short.message, longKeys: long.ok ? null : long.message },
      );
    },
  },
  {
    name: 'p3-refused-write-changes-nothing',
    id: 'P3',
    asks: 'setProperties of a small value and one over 9 KB: is the small one stored?',
    expected: { refused: true, smallStored: false },
    run: () => {
      const store = documentProperties();
      store.deleteAllProperties();
      const write = attempt(() => store.setProperties({ 'p3-small': 'a', 'p3-big': 'x'.repeat(9_300) }));
      const smallStored = store.getProperty('p3-small') !== null;
      store.deleteAllProperties();
      return seen({ refused: !write.ok, smallStored }, { message: write.ok ? null : write.message });
    },
  },
  {
    name: 'l1-same-lock-object-again',
    id: 'L1',
    asks: 'tryLock again on the Lock object that holds the document lock: granted at once?',
    expected: { again: true, atOnce: true },
    run: () => seen(lockAgain()),
  },
  {
    name: 'l2-second-lock-object-waits',
    id: 'L2',
    asks: 'A second getDocumentLock() in the same execution: does it hold the lock, or wait for the first?',
    expected: { secondHasLock: false, secondGot: false, waitedItsTimeout: true },
    run: () => seen(secondLockObject()),
  },
];
