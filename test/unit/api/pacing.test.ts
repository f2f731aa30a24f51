import { readLog, writeLog } from '../../../src/core/api/pace-log';
import { localPacer, type Pacer, RATE_WINDOW_MS, sharedPacer } from '../../../src/core/api/pacing';
import { HELD_LOCK, sectionStore } from '../../../src/core/platform/locked-section';
import type { LockPort } from '../../../src/core/platform/ports';
import { FakeClock, START } from '../helpers/fake-http';
import { FakeDocumentLock, FakeProperties } from '../helpers/platform';

const FAR = START + 3_600_000;

/** The most sends in any window (t - 1 s, t]: the figure the API's limit is about. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    0,
    ...sorted.map((end) => sorted.filter((t) => t > end - RATE_WINDOW_MS && t <= end).length),
  );
}

/** Reserves until `count` sends are placed; answers their times. */
function place(pacer: Pacer, now: number, count: number, deadline = FAR): number[] {
  const times: number[] = [];
  while (times.length < count) {
    const slot = pacer.reserve(now, count - times.length, deadline);
    if (!slot) break;
    times.push(...Array<number>(slot.granted).fill(slot.at));
  }
  return times;
}

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('one execution pacing itself', () => {
  it('grants the whole rate at once, then the next second, never more in any second', () => {
    const pacer = localPacer(10);
    expect(pacer.reserve(START, 25, FAR)).toEqual({ at: START, granted: 10 });
    expect(pacer.reserve(START, 15, FAR)).toEqual({ at: START + 1000, granted: 10 });
    expect(pacer.reserve(START + 200, 5, FAR)).toEqual({ at: START + 2000, granted: 5 });
    expect(pacer.reserve(START + 200, 9, FAR)).toEqual({ at: START + 2000, granted: 5 });
  });

  it('answers null past the deadline and reserves nothing then', () => {
    const pacer = localPacer(2);
    expect(place(pacer, START, 4, START + 1500)).toEqual([START, START, START + 1000, START + 1000]);
    expect(pacer.reserve(START, 1, START + 1999)).toBeNull();
    // Nothing was held for the refused call: the next second is still wholly free.
    expect(pacer.reserve(START, 5, FAR)).toEqual({ at: START + 2000, granted: 2 });
  });

  it('waits for room for at least `least` sends rather than send a sliver into a nearly full window', () => {
    const pacer = localPacer(10);
    expect(pacer.reserve(START, 4, FAR)).toEqual({ at: START, granted: 4 });
    expect(pacer.reserve(START + 300, 3, FAR)).toEqual({ at: START + 300, granted: 3 });
    expect(pacer.reserve(START + 600, 2, FAR)).toEqual({ at: START + 600, granted: 2 });
    // One send fits at 900; two or more only once the four of 0 s leave the window.
    expect(pacer.reserve(START + 900, 4, FAR, 2)).toEqual({ at: START + 1000, granted: 4 });
    // Before a deadline that comes first, the sliver is better than nothing.
    const other = localPacer(10);
    place(other, START, 9);
    expect(other.reserve(START + 900, 4, START + 950, 2)).toEqual({ at: START + 900, granted: 1 });
  });

  it('below one request a second stretches the window so that it still holds one', () => {
    const pacer = localPacer(0.5);
    expect(place(pacer, START, 3)).toEqual([START, START + 2000, START + 4000]);
  });

  it('halves the pace once for a burst of 429s, then creeps back a tenth of the asked pace a clean second', () => {
    const pacer = localPacer(10);
    place(pacer, START, 10);
    // Three batches of the same second come back 429: one halving, not three.
    pacer.slowDown(START, START + 300);
    pacer.slowDown(START, START + 310);
    pacer.slowDown(START + 100, START + 320);
    expect(pacer.reserve(START + 1200, 10, FAR)).toEqual({ at: START + 1200, granted: 5 });
    // A later batch refused again halves again: 5 to 2.5, so two a second.
    pacer.slowDown(START + 1200, START + 1600);
    expect(pacer.reserve(START + 2300, 10, FAR)).toEqual({ at: START + 2300, granted: 2 });
    // Each clean second adds one (a tenth of 10): 5 s later, 7.5 a second.
    expect(pacer.reserve(START + 6600, 10, FAR)).toEqual({ at: START + 6600, granted: 7 });
  });
});

describe('executions sharing one pace through the document properties', () => {
  function shared(ceiling = 10) {
    const clock = new FakeClock();
    const store = new FakeProperties(clock);
    const open = (lock: LockPort = HELD_LOCK) => sharedPacer({ store, lock }, 'pace:abc', ceiling);
    /** The document lock, held by another execution for as long as the test runs. */
    const busy = () => {
      const lock = new FakeDocumentLock(clock);
      lock.heldElsewhere = true;
      return lock;
    };
    return { clock, store, open, busy };
  }

  it('gives a second execution the next free second, not the one the first has filled', () => {
    const { open } = shared();
    expect(place(open(), START, 10).every((at) => at === START)).toBe(true);
    expect(open().reserve(START + 10, 4, FAR)).toEqual({ at: START + 1000, granted: 4 });
    expect(open().reserve(START + 20, 10, FAR)).toEqual({ at: START + 1000, granted: 6 });
  });

  it('keeps every second within the rate whatever order 40 executions reserve in, also back in time', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const { open } = shared(10);
      const times: number[] = [];
      for (let execution = 0; execution < 40; execution++) {
        const pacer = open();
        // Executions started together reserve at their own clocks, not in time order.
        let now = START + Math.floor(next() * 3000);
        for (let batch = 0; batch < 3; batch++) {
          const slot = pacer.reserve(now, 1 + Math.floor(next() * 12), START + 30_000);
          if (!slot) break;
          times.push(...Array<number>(slot.granted).fill(slot.at));
          now = slot.at + Math.floor(next() * 900);
        }
      }
      expect(times.length).toBeGreaterThan(100);
      expect(busiestSecond(times)).toBeLessThanOrEqual(10);
    }
  });

  it('lets a 429 halve the pace even when a recovery step came between sending and the answer', () => {
    const pacer = localPacer(10);
    pacer.reserve(START, 10, FAR);
    pacer.slowDown(START, START + 300); // 5 a second
    expect(pacer.reserve(START + 1250, 5, FAR)).toEqual({ at: START + 1250, granted: 5 });
    // Another batch reserves after a clean second: 6 a second, one more fits.
    expect(pacer.reserve(START + 1400, 5, FAR)).toEqual({ at: START + 1400, granted: 1 });
    // The batch sent at 1.25 s comes back 429: it is news, though the pace changed since it left.
    pacer.slowDown(START + 1250, START + 1550);
    expect(pacer.reserve(START + 2300, 10, FAR)).toEqual({ at: START + 2300, granted: 2 });
  });

  it('slows everyone down after a 429 seen by one execution', () => {
    const { open } = shared(10);
    place(open(), START, 10);
    open().slowDown(START, START + 300);
    expect(open().reserve(START + 1000, 10, FAR)).toEqual({ at: START + 1000, granted: 5 });
  });

  it('takes a lowered setting at once', () => {
    const { clock, store } = shared(10);
    place(sharedPacer({ store, lock: HELD_LOCK }, 'pace:abc', 10), START, 3);
    clock.sleep(5000);
    const slower = sharedPacer({ store, lock: HELD_LOCK }, 'pace:abc', 2);
    expect(slower.reserve(START + 5000, 10, FAR)).toEqual({ at: START + 5000, granted: 2 });
  });

  // assumption: L3
  it('paces by itself when the lock or the store fails, and starts afresh from a damaged log', () => {
    const { store, open, busy } = shared(4);
    expect(place(open(busy()), START, 8)).toEqual([...Array(4).fill(START), ...Array(4).fill(START + 1000)]);
    store.failing = {
      methods: ['getAll', 'setMany'],
      message: 'Service invoked too many times: properties.',
    };
    expect(place(open(), START, 5)).toEqual([...Array(4).fill(START), START + 1000]);
    store.failing = null;
    for (const damaged of [
      '{"rate":"fast","sent":"x"}',
      '{"rate":4,"changedAt":null,"slowedAt":null,"sent":"-5"}',
      '[]',
    ]) {
      store.data.set('pace:abc', damaged);
      expect(open().reserve(START, 9, FAR)).toEqual({ at: START, granted: 4 });
    }
  });

  it('keeps only what still matters, so the log stays small over a long run', () => {
    const { store, open } = shared(10);
    const pacer = open();
    for (let second = 0; second < 600; second++) pacer.reserve(START + second * 1000, 10, FAR);
    expect(store.data.get('pace:abc')!.length).toBeLessThan(6000);
  });

  it('fits one property at the fastest plan, one POST every 10 ms for 31 s, and reads back what it wrote', () => {
    const { store, open } = shared(100);
    // The most a log keeps: a window and the 30 s margin at 100 a second, each POST at its own time.
    const sent = Array.from({ length: 3100 }, (_, i) => START + i * 10);
    const text = writeLog({
      rate: 100,
      changedAt: START,
      slowedAt: Number.NEGATIVE_INFINITY,
      sent: [...sent],
    });
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(8000);
    expect(readLog(text, 100).sent).toEqual(sent);
    store.data.set('pace:abc', text);
    // A new execution finds the last second full: its turn comes when the oldest POST of it leaves.
    expect(open().reserve(START + 30_990, 1, FAR)).toEqual({ at: START + 31_000, granted: 1 });
  });

  it('drops the oldest times, never the newest, when a log would outgrow its property', () => {
    const sent = Array.from({ length: 3000 }, (_, i) => START + i * 1300);
    const text = writeLog({ rate: 1, changedAt: START, slowedAt: START, sent: [...sent] });
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(8000);
    const kept = readLog(text, 1).sent;
    expect(kept.length).toBeGreaterThan(1000);
    expect(kept).toEqual(sent.slice(-kept.length));
  });

  it('books several batches in one turn, a round trip apart, each whole within the rate', () => {
    const { store, open } = shared(10);
    const pacer = open();
    const reads = store.calls.getAll;
    const slots = pacer.reserveSeries(START, { posts: 22, sizes: [5, 5], spacingMs: 300 }, FAR);
    expect(store.calls.getAll - reads).toBe(1);
    // Two batches fill a second; the next waits for the window, whole: the waits fall together.
    expect(slots.map((slot) => [slot.at - START, slot.granted])).toEqual([
      [0, 5],
      [300, 5],
      [1000, 5],
      [1300, 5],
      [2000, 2],
    ]);
    const times = slots.flatMap((slot) => Array<number>(slot.granted).fill(slot.at));
    expect(busiestSecond(times)).toBe(10);
    // Another execution sees them: its turn comes where the window has room again.
    expect(open().reserve(START + 100, 5, FAR)).toEqual({ at: START + 2000, granted: 3 });
  });

  it('books a turn inside a section the caller holds, through its one read and one write', () => {
    const { store, open } = shared(10);
    const pacer = open();
    place(pacer, START, 8);
    const section = sectionStore(store);
    const before = { ...store.calls };
    const slot = pacer.reserveInSection(section, START + 100, 4, FAR, 2);
    expect(slot).toEqual({ at: START + 100, granted: 2 });
    section.commit();
    expect(store.calls.getAll - before.getAll).toBe(1);
    expect(store.calls.setMany - before.setMany).toBe(1);
    // Committed: the next turn sees the window full until the first sends leave it.
    expect(pacer.reserve(START + 200, 4, FAR)).toEqual({ at: START + 1000, granted: 4 });
  });
});
