// A deterministic model of executions that run at the same time (R1, R2 of
// docs/platform-assumptions.md: a model, not a claim about Google). The emulator runs executions one
// after another, so a race could never show. Inside a race window, a read made WITHOUT holding a
// lock sees every store as it was when the window opened (plus the reading execution's own
// writes): every concurrent execution read before any other wrote, the worst case. A read made
// while holding a lock sees the live store, because a lock really does serialize. Code that is
// safe here is safe under any interleaving of reads and writes; code that is not shows its race.
//
// Time: every execution in the window starts at the instant the window opened (the runtime winds
// the clock back to it), so their requests overlap in time as they would for real, and a rate
// limit sees them together. Shared state read under a lock may then hold another execution's
// writes from later in time: a pessimistic view for pacing (that execution's sends count as
// already made). The window closes at the latest time any execution reached. Clock callbacks
// (a fake API job becoming ready) that an earlier execution's wait ran stay run.
//
// Locks: the window remembers when each execution held each lock. An execution replayed later
// that asks for a lock at a time another held it waits for that hold to end, as it would have.

type Store = Map<string, unknown>;

/** When one execution held one lock: from (included) to (excluded). */
interface Hold {
  readonly execution: number;
  readonly from: number;
  readonly to: number;
}

export class RaceWindow {
  readonly #snapshots = new Map<Store, Store>();
  /** Per execution, per store: what that execution wrote (undefined = deleted). */
  readonly #own = new Map<number, Map<Store, Map<string, unknown>>>();
  /** The instant the window opened: its first executions start then. */
  readonly openedAt: number;
  /**
   * When each of the executions that may run at once is free again. Sheets' concurrency for a
   * filled-down column is not published: with N slots, an execution starts when the earliest of
   * the N before it ends (all at once by default).
   */
  readonly #slots: number[];
  /** The latest time an execution of the window reached: the clock's time when it closes. */
  latest: number;

  /** Per lock (any object standing for it), the holds of the window's executions. */
  readonly #holds = new Map<object, Hold[]>();

  constructor(stores: Iterable<Store>, openedAt: number, atOnce = Number.POSITIVE_INFINITY) {
    for (const store of stores) this.#snapshots.set(store, new Map(store));
    this.openedAt = openedAt;
    this.latest = openedAt;
    this.#limited = Number.isFinite(atOnce);
    this.#slots = this.#limited ? Array<number>(Math.max(1, atOnce)).fill(openedAt) : [];
  }

  readonly #limited: boolean;

  /** When the next execution starts: at the opening, or when a slot is free again. */
  nextStart(): number {
    if (!this.#limited) return this.openedAt;
    this.#slots.sort((a, b) => a - b);
    return this.#slots.shift()!;
  }

  /** An execution that started at `nextStart()` ended at `at`: its slot is free from then. */
  ended(at: number): void {
    this.latest = Math.max(this.latest, at);
    if (this.#limited) this.#slots.push(at);
  }

  /** The store a read should see. */
  view<V>(store: Map<string, V>, execution: number | null, holdsLock: boolean): Map<string, V> {
    if (holdsLock || execution === null) return store;
    const snapshot = this.#snapshot(store) as Map<string, V>;
    const own = this.#own.get(execution)?.get(store as Store);
    if (!own) return snapshot;
    const seen = new Map(snapshot);
    for (const [key, value] of own) {
      if (value === undefined) seen.delete(key);
      else seen.set(key, value as V);
    }
    return seen;
  }

  /** A store first used inside the window was empty when the window opened. */
  #snapshot(store: Map<string, unknown>): Store {
    let snapshot = this.#snapshots.get(store as Store);
    if (!snapshot) {
      snapshot = new Map();
      this.#snapshots.set(store as Store, snapshot);
    }
    return snapshot;
  }

  /** Records a write (or a delete, with undefined) so the writer reads its own writes. */
  wrote<V>(store: Map<string, V>, execution: number | null, key: string, value: V | undefined): void {
    if (execution === null) return;
    this.#snapshot(store);
    const byStore = this.#own.get(execution) ?? new Map<Store, Map<string, unknown>>();
    this.#own.set(execution, byStore);
    const writes = byStore.get(store as Store) ?? new Map<string, unknown>();
    byStore.set(store as Store, writes);
    writes.set(key, value);
  }

  /** Records that `execution` held `lock` over [from, to). */
  held(lock: object, execution: number, from: number, to: number): void {
    if (to <= from) return;
    const holds = this.#holds.get(lock) ?? [];
    this.#holds.set(lock, holds);
    holds.push({ execution, from, to });
  }

  /** When another execution's hold of `lock` that covers `time` ends; null when none does. */
  heldUntil(lock: object, execution: number, time: number): number | null {
    const covering = (this.#holds.get(lock) ?? []).filter(
      (hold) => hold.execution !== execution && hold.from <= time && time < hold.to,
    );
    return covering.length === 0 ? null : Math.max(...covering.map((hold) => hold.to));
  }
}

/** Where the open window is kept: the runtime (runtime.ts), said by shape to import nothing back. */
interface RaceHost {
  race: RaceWindow | null;
  readonly clock: { now(): number; advanceTo(timeMs: number): void };
}

/**
 * Runs `work` (several executions) in a race window over `stores`; the clock ends at its latest.
 * The executions of every host in `runtimes` (emulators of one backend, on one clock) share it.
 */
export function inRaceWindow<T>(
  runtimes: RaceHost | readonly RaceHost[],
  stores: Store[],
  work: () => T,
  atOnce?: number,
): T {
  const hosts = Array.isArray(runtimes) ? runtimes : [runtimes as RaceHost];
  if (hosts.some((host) => host.race)) throw new Error('Emulator: race windows do not nest');
  const clock = hosts[0]!.clock;
  const race = new RaceWindow(stores, clock.now(), atOnce);
  for (const host of hosts) host.race = race;
  try {
    return work();
  } finally {
    for (const host of hosts) host.race = null;
    clock.advanceTo(race.latest);
  }
}

/** An emulator as a race window sees it: its runtime, and the stores its executions read. */
interface RaceMember {
  readonly runtime: RaceHost;
  readonly properties: { stores(): Map<string, string>[] };
  readonly cache: { stores(): Map<string, unknown>[] };
}

/** Runs `work` in one race window over the stores of `members` (emulators of one backend). */
export function inRaceAmong<T>(members: readonly RaceMember[], work: () => T, atOnce?: number): T {
  const stores = new Set<Store>(
    members.flatMap((member) => [...member.properties.stores(), ...member.cache.stores()]),
  );
  return inRaceWindow(
    members.map((member) => member.runtime),
    [...stores],
    work,
    atOnce,
  );
}
