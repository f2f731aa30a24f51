import { freshLog, readLog, writeLog } from '../../../src/core/api/pace-log';
import {
  localPacer,
  type Pacer,
  paceView,
  RATE_WINDOW_MS,
  type SendSlot,
  type SharedPacer,
  sharedPacer,
} from '../../../src/core/api/pacing';
import { HELD_LOCK, sectionStore } from '../../../src/core/platform/locked-section';
import type { LockPort } from '../../../src/core/platform/ports';
import { FakeClock, START } from '../helpers/fake-http';
import { FakeDocumentLock, FakeProperties, paceValue } from '../helpers/platform';

const FAR = START + 3_600_000;

/** The most sends in any window (t - 1 s, t]: the figure the API's limit is about. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    0,
    ...sorted.map((end) => sorted.filter((t) => t > end - RATE_WINDOW_MS && t <= end).length),
  );
}

/** The API answered the slot's POSTs, none refused: what the pace learns from. */
const answer = (pacer: Pacer, slot: SendSlot) =>
  pacer.answered({ sentAt: slot.at, rate: slot.rate, count: slot.granted });

/** Reserves until `count` sends are placed, each answered clean; answers their times. */
function place(pacer: Pacer, now: number, count: number, deadline = FAR): number[] {
  const times: number[] = [];
  while (times.length < count) {
    const slot = pacer.reserve(now, count - times.length, deadline);
    if (!slot) break;
    times.push(...Array<number>(slot.granted).fill(slot.at));
    answer(pacer, slot);
  }
  return times;
}

/**
 * Reserves one send at a time, each asked for when the one before was answered clean: time moves
 * on.
 */
function inTurn(pacer: Pacer, from: number, count: number): { at: number; rate: number }[] {
  const slots: { at: number; rate: number }[] = [];
  for (let at = from; slots.length < count; ) {
    const slot = pacer.reserve(at, 1, at + 60_000)!;
    slots.push({ at: slot.at, rate: slot.rate });
    answer(pacer, slot);
    at = slot.at;
  }
  return slots;
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
    expect(pacer.reserve(START, 25, FAR)).toMatchObject({ at: START, granted: 10 });
    expect(pacer.reserve(START, 15, FAR)).toMatchObject({ at: START + 1000, granted: 10 });
    expect(pacer.reserve(START + 200, 5, FAR)).toMatchObject({ at: START + 2000, granted: 5 });
    expect(pacer.reserve(START + 200, 9, FAR)).toMatchObject({ at: START + 2000, granted: 5 });
  });

  it('answers null past the deadline and reserves nothing then', () => {
    const pacer = localPacer(2);
    expect(place(pacer, START, 4, START + 1500)).toEqual([START, START, START + 1000, START + 1000]);
    expect(pacer.reserve(START, 1, START + 1999)).toBeNull();
    // Nothing was held for the refused call: the next second is still wholly free.
    expect(pacer.reserve(START, 5, FAR)).toMatchObject({ at: START + 2000, granted: 2 });
  });

  it('waits for room for at least `least` sends rather than send a sliver into a nearly full window', () => {
    const pacer = localPacer(10);
    expect(pacer.reserve(START, 4, FAR)).toMatchObject({ at: START, granted: 4 });
    expect(pacer.reserve(START + 300, 3, FAR)).toMatchObject({ at: START + 300, granted: 3 });
    expect(pacer.reserve(START + 600, 2, FAR)).toMatchObject({ at: START + 600, granted: 2 });
    // One send fits at 900; two or more only once the four of 0 s leave the window.
    expect(pacer.reserve(START + 900, 4, FAR, 2)).toMatchObject({ at: START + 1000, granted: 4 });
    // Before a deadline that comes first, the sliver is better than nothing.
    const other = localPacer(10);
    place(other, START, 9);
    expect(other.reserve(START + 900, 4, START + 950, 2)).toMatchObject({ at: START + 900, granted: 1 });
  });

  it('below one request a second stretches the window so that it still holds one', () => {
    const pacer = localPacer(0.5);
    expect(place(pacer, START, 3)).toEqual([START, START + 2000, START + 4000]);
  });

  it('drops to the last clean pace once for a burst of 429s, then waits twice as long to probe again', () => {
    const pacer = localPacer(50, 1);
    // 20 clean sends at the documented 1 a second, then a probe at 2 a second: two in one second.
    const times = inTurn(pacer, START, 22).map((slot) => slot.at);
    expect(times.slice(18)).toEqual([START + 18_000, START + 19_000, START + 19_000, START + 20_000]);
    // The probe is refused (three answers of one burst): back to 1 a second, after the Retry-After.
    const refusal = { sentAt: START + 19_000, answeredAt: START + 19_300, count: 1, retryAfterMs: 3000 };
    pacer.slowDown(refusal);
    pacer.slowDown({ ...refusal, answeredAt: START + 19_310 });
    pacer.slowDown({ ...refusal, sentAt: START + 19_000, answeredAt: START + 19_320 });
    expect(pacer.reserve(START + 21_000, 5, FAR)).toMatchObject({ at: START + 22_320, granted: 1, rate: 1 });
    // Nothing lies between 1 and the refused 2 in whole requests: no probe while the refusal is fresh.
    const later = inTurn(pacer, START + 24_000, 60);
    expect(later.every((slot) => slot.rate === 1)).toBe(true);
    // An hour on, the refused pace is tried again, after twice as many clean sends as before (40).
    const hourOn = inTurn(pacer, START + 3_700_000, 42);
    expect(hourOn.findIndex((slot) => slot.rate === 2)).toBe(0);
  });

  it('goes half as fast again after each clean stretch of 5 s at least, up to the ceiling, while nothing is refused', () => {
    const pacer = localPacer(10, 1);
    const rates = inTurn(pacer, START, 200).map((slot) => slot.rate);
    expect([...new Set(rates)]).toEqual([1, 2, 3, 4, 6, 9, 10]);
    expect(rates.indexOf(2)).toBe(20);
    expect(rates.indexOf(3)).toBe(40);
  });

  it('learns from answers, not bookings: turns booked and never answered prove no pace', () => {
    const pacer = localPacer(50, 1);
    for (let k = 0; k < 30; k++) expect(pacer.reserve(START + k * 1000, 1, FAR)).toMatchObject({ rate: 1 });
    // The 30 are answered clean: the pace probes at the next turn.
    for (let k = 0; k < 30; k++) pacer.answered({ sentAt: START + k * 1000, rate: 1, count: 1 });
    expect(pacer.reserve(START + 30_000, 2, FAR)).toMatchObject({ rate: 2 });
  });

  it('halves a pace that ran clean when it is refused: the limit fell, or another program spends the key', () => {
    const pacer = localPacer(10);
    place(pacer, START, 10);
    pacer.slowDown({ sentAt: START, answeredAt: START + 300, count: 2 });
    // A 429 without Retry-After makes everyone wait a second.
    expect(pacer.reserve(START + 400, 10, FAR)).toMatchObject({ at: START + 1300, granted: 5, rate: 5 });
  });
});

describe('what the sidebar says of the pace', () => {
  it('reads the rate, when it changed and the refusals of the last day from the stored log', () => {
    const log = freshLog(50, 1);
    log.rate = 2;
    log.changedAt = START - 300_000;
    log.refusals = [START - 90_000_000, START - 60_000, START - 1000];
    const view = paceView({ 'pace:abc': writeLog(log) }, 'pace:abc', 50, START);
    expect(view).toEqual({ rate: 2, learnedAt: START - 300_000, refusalsToday: 2 });
    expect(paceView({}, 'pace:abc', 50, START)).toEqual({ rate: 1, learnedAt: null, refusalsToday: 0 });
  });
});

describe('executions sharing one pace through the document properties', () => {
  function shared(ceiling = 10) {
    const clock = new FakeClock();
    const store = new FakeProperties(clock);
    const open = (lock: LockPort = HELD_LOCK) =>
      sharedPacer({ store: paceValue(store, 'pace:abc'), lock }, 'pace:abc', ceiling, ceiling);
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
    expect(open().reserve(START + 10, 4, FAR)).toMatchObject({ at: START + 1000, granted: 4 });
    expect(open().reserve(START + 20, 10, FAR)).toMatchObject({ at: START + 1000, granted: 6 });
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

  it('starts a new account at the documented 1 a second, whatever the ceiling', () => {
    const { store } = shared(10);
    const pacer = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    expect(place(pacer, START, 3)).toEqual([START, START + 1000, START + 2000]);
  });

  it('keeps what it learned for the next execution, which starts at the learned pace', () => {
    const { store } = shared(10);
    const first = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    place(first, START, 30);
    const next = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    expect(next.reserve(START + 60_000, 5, FAR)).toMatchObject({ granted: 2, rate: 2 });
  });

  it('slows everyone down after a 429 seen by one execution', () => {
    const { open } = shared(10);
    place(open(), START, 10);
    open().slowDown({ sentAt: START, answeredAt: START + 300, count: 1 });
    expect(open().reserve(START + 1300, 10, FAR)).toMatchObject({ at: START + 1300, granted: 5 });
  });

  it('takes a lowered setting at once', () => {
    const { clock, store } = shared(10);
    place(
      sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 10, 10),
      START,
      3,
    );
    clock.sleep(5000);
    const slower = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 2);
    expect(slower.reserve(START + 5000, 10, FAR)).toMatchObject({ at: START + 5000, granted: 2 });
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
      '{"rate":4,"patience":20,"changedAt":null,"slowedAt":null,"sent":"-5","refusals":""}',
      // Written before the pace was learned: its rate was the plan setting, not what the API showed.
      '{"rate":9,"changedAt":null,"slowedAt":null,"sent":""}',
      '[]',
    ]) {
      store.data.set('pace:abc', damaged);
      expect(open().reserve(START, 9, FAR)).toMatchObject({ at: START, granted: 4 });
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
    const text = writeLog({ ...freshLog(100), changedAt: START, sent: [...sent] });
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(8000);
    expect(readLog(text, 100).sent).toEqual(sent);
    store.data.set('pace:abc', text);
    // A new execution finds the last second full: its turn comes when the oldest POST of it leaves.
    expect(open().reserve(START + 30_990, 1, FAR)).toMatchObject({ at: START + 31_000, granted: 1 });
  });

  it('drops the oldest times, never the newest, when a log would outgrow its property', () => {
    const sent = Array.from({ length: 3000 }, (_, i) => START + i * 1300);
    const text = writeLog({ ...freshLog(1), changedAt: START, slowedAt: START, sent: [...sent] });
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(8000);
    const kept = readLog(text, 1).sent;
    expect(kept.length).toBeGreaterThan(1000);
    expect(kept).toEqual(sent.slice(-kept.length));
  });

  it('books several batches in one turn, a round trip apart, each whole within the rate', () => {
    const { store, open } = shared(10);
    const pacer = open();
    const reads = store.calls.getAll;
    const series = { backlog: 22, aheadMs: 4000, sizes: () => [5, 5], spacingMs: 300 };
    const slots = pacer.reserveSeries(START, series, FAR);
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
    expect(open().reserve(START + 100, 5, FAR)).toMatchObject({ at: START + 2000, granted: 3 });
  });

  it("books a formula's turn in its document's section from the log it read, for no call of its own", () => {
    const { store, open, busy } = shared(10);
    place(open(), START, 8);
    // The document's properties: the section's one read and one write.
    const kept = new Map<string, string>();
    const documentStore = {
      getAll: () => Object.fromEntries(kept),
      setMany: (entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) kept.set(key, value);
      },
      removeMany: () => {},
    };
    const read = store.getAll();
    const before = { ...store.calls };
    // The user's lock is never asked for: it stays busy.
    const userLock = busy();
    const formula = sharedPacer(
      { store: paceValue(store, 'pace:abc'), lock: userLock, inHand: () => read },
      'pace:abc',
      10,
      10,
    );
    const section = sectionStore(documentStore);
    expect(formula.reserveInSection(section, START + 100, 4, FAR, 2)).toMatchObject({
      at: START + 100,
      granted: 2,
    });
    section.commit();
    expect(store.calls).toEqual(before);
    // The next formula of the document sees the turn in the section, though its read is older.
    const next = sharedPacer(
      { store: paceValue(store, 'pace:abc'), lock: userLock, inHand: () => read },
      'pace:abc',
      10,
      10,
    );
    expect(next.reserveInSection(sectionStore(documentStore), START + 150, 4, FAR, 1)).toMatchObject({
      at: START + 1000,
    });
    // The turn rides once in the formula's write of the user's properties; others then see it.
    const riding = formula.riding();
    expect(formula.riding()).toEqual({});
    store.setMany(riding);
    expect(open().reserve(START + 200, 4, FAR)).toMatchObject({ at: START + 1000 });
  });

  /** The paces in the order they came, each once a stretch. */
  const steps = (rates: readonly number[]) => rates.filter((rate, k) => k === 0 || rate !== rates[k - 1]);

  /**
   * A sender with `posts` to send books series of turns at `pacer`, in batches of half a window
   * each, against an API that admits `limit` POSTs in any window of a second and refuses the rest
   * with Retry-After: 1; each batch is answered 300 ms after it goes. Answers the pace of each
   * batch sent, the refusals and when the last batch went.
   */
  function sendAgainst(pacer: SharedPacer, limit: number, posts: number) {
    const admitted: number[] = [];
    const admits = (at: number) => {
      if (admitted.filter((time) => time > at - RATE_WINDOW_MS).length >= limit) return false;
      admitted.push(at);
      return true;
    };
    const sizes = (rate: number) => [Math.ceil(rate / 2), Math.floor(rate / 2)].filter((size) => size > 0);
    const rates: number[] = [];
    let [now, sent, refused, lastAt] = [START, 0, 0, START];
    while (sent < posts) {
      const series = { backlog: posts - sent, aheadMs: 4000, sizes, spacingMs: 300 };
      const slots = pacer.reserveSeries(now, series, FAR);
      for (const [k, slot] of slots.entries()) {
        const took = Array.from({ length: slot.granted }, () => admits(slot.at)).filter(Boolean).length;
        [sent, lastAt, now] = [sent + took, slot.at, slot.at + 300];
        rates.push(slot.rate);
        if (took === slot.granted) {
          pacer.answered({ sentAt: slot.at, rate: slot.rate, count: took });
          continue;
        }
        refused += slot.granted - took;
        const refusal = { sentAt: slot.at, answeredAt: now, count: slot.granted - took, retryAfterMs: 1000 };
        pacer.slowDown(refusal);
        pacer.release(slots.slice(k + 1));
        now += 1000;
        break;
      }
    }
    return { rates, refused, lastAt };
  }

  it('climbs for a long backlog, twice as fast each time a window of answers came back clean, then keeps to the limit the API showed', () => {
    const { store } = shared(50);
    const pacer = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    const { rates, refused, lastAt } = sendAgainst(pacer, 10, 300);
    expect(steps(rates)).toEqual([1, 2, 4, 8, 16, 10]);
    expect(refused).toBeLessThanOrEqual(2);
    // 300 POSTs at 10 a second go out within 30 s, and a few for the climb.
    expect(lastAt - START).toBeLessThanOrEqual(33_000);
    // The next sender starts at the limit, and probes no further while the refusal is fresh.
    const next = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    const later = sendAgainst(next, 10, 300);
    expect(new Set(later.rates)).toEqual(new Set([10]));
    expect(later.refused).toBe(0);
  });

  it('climbs no further than a key held to 1 a second allows, for one refusal', () => {
    const { store } = shared(50);
    const pacer = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    const { rates, refused } = sendAgainst(pacer, 1, 100);
    expect(steps(rates)).toEqual([1, 2, 1]);
    expect(refused).toBe(1);
  });

  it('keeps a short backlog at the documented pace: 20 POSTs on a new key are never refused', () => {
    const { store } = shared(50);
    const pacer = sharedPacer({ store: paceValue(store, 'pace:abc'), lock: HELD_LOCK }, 'pace:abc', 50);
    const { rates, refused } = sendAgainst(pacer, 1, 20);
    expect(new Set(rates)).toEqual(new Set([1]));
    expect(refused).toBe(0);
  });

  it('gives back turns booked ahead that were not sent, for the next execution to take', () => {
    const { open } = shared(10);
    const slot = open().reserve(START, 10, FAR)!;
    expect(slot).toMatchObject({ at: START, granted: 10 });
    open().release([slot]);
    expect(open().reserve(START + 10, 10, FAR)).toMatchObject({ at: START + 10, granted: 10 });
  });
});
