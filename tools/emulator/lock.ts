// LockService: script, user and document locks, waited for on the virtual clock. Assumption ids
// (L1...) are those of docs/platform-assumptions.md.
//
// Verified (Apps Script reference, Class Lock and LockService): tryLock(ms) answers whether the
// lock was acquired; waitLock(ms) throws "Lock timeout: another process was holding the lock for
// too long." when it is not; hasLock "will return false if tryLock or waitLock were never called,
// timed out before the lock could be retrieved, or if releaseLock() was called", which the
// emulator reads per Lock object; releaseLock without the lock does nothing; "The lock is
// automatically released when the script terminates"; getDocumentLock answers null with no open
// document.
// Assumed:
// - L1: asking again through the Lock object that holds the lock succeeds at once
// - L2: a second Lock object of the same scope in the same execution (another getDocumentLock())
//   is another claimant: it waits for the first to be released, and its hasLock is false. The
//   stricter reading: code that nests two lock objects deadlocks here until its timeout.
// - L3: a waiting claimant gets the lock the moment it is released (no fairness or polling delay)
import { gasError } from './errors';
import type { Runtime } from './runtime';

export const LOCK_TIMEOUT_MESSAGE = 'Lock timeout: another process was holding the lock for too long.';

/** Owner id of a lock held by a simulated other execution. */
const ANOTHER_EXECUTION = -1;
/** Owner id of test code running outside any execution. */
const OUTSIDE = 0;

class Mutex {
  owner: number | null = null;
  /** The Lock object through which the owner holds it (L1, L2); null for a simulated other execution. */
  holder: FakeLock | null = null;
  /** When the owner took it: a race window records the hold when it is let go. */
  since = 0;
}

export class FakeLock {
  readonly #runtime: Runtime;
  readonly #mutex: Mutex;

  constructor(runtime: Runtime, mutex: Mutex) {
    this.#runtime = runtime;
    this.#mutex = mutex;
  }

  hasLock(): boolean {
    this.#runtime.enter('storage', 'Lock.hasLock');
    return this.#holdsIt();
  }

  tryLock(timeoutInMillis: number): boolean {
    this.#runtime.enter('storage', 'Lock.tryLock');
    return this.#acquire(timeoutInMillis);
  }

  waitLock(timeoutInMillis: number): void {
    this.#runtime.enter('storage', 'Lock.waitLock');
    if (!this.#acquire(timeoutInMillis)) throw gasError(LOCK_TIMEOUT_MESSAGE);
  }

  releaseLock(): void {
    this.#runtime.enter('storage', 'Lock.releaseLock');
    if (this.#holdsIt()) letGo(this.#runtime, this.#mutex);
  }

  #me(): number {
    return this.#runtime.current?.id ?? OUTSIDE;
  }

  #holdsIt(): boolean {
    return this.#mutex.owner === this.#me() && this.#mutex.holder === this;
  }

  /** Waits on the clock, one scheduled event at a time, for someone else to release the lock. */
  #acquire(timeoutMs: number): boolean {
    const clock = this.#runtime.clock;
    const giveUpAt = clock.now() + Math.max(0, timeoutMs);
    for (;;) {
      const owner = this.#mutex.owner;
      const heldInWindow = this.#runtime.race?.heldUntil(this.#mutex, this.#me(), clock.now()) ?? null;
      if ((owner === null || this.#holdsIt()) && heldInWindow === null) {
        if (owner === null) this.#mutex.since = clock.now();
        this.#mutex.owner = this.#me();
        this.#mutex.holder = this;
        return true;
      }
      const remaining = giveUpAt - clock.now();
      if (remaining <= 0) return false;
      const nextEvent = heldInWindow ?? clock.nextEventAt();
      const step = nextEvent === null ? remaining : Math.min(remaining, Math.max(0, nextEvent - clock.now()));
      clock.block(step, 'lock');
      this.#runtime.noteLockWait(step);
    }
  }
}

/** Frees the lock; inside a race window, remembers the hold so later-replayed executions wait for it. */
function letGo(runtime: Runtime, mutex: Mutex): void {
  if (mutex.owner !== null && mutex.owner > 0) {
    runtime.race?.held(mutex, mutex.owner, mutex.since, runtime.clock.now());
  }
  mutex.owner = null;
  mutex.holder = null;
}

export type LockScope = 'script' | 'user' | 'document';

/** The locks of one backend: emulators of several spreadsheets share them (a user's lock is the user's everywhere). */
export type LockBacking = Map<string, object>;

export class FakeLockService {
  readonly #runtime: Runtime;
  readonly #mutexes: Map<string, Mutex>;
  /** Shared by the emulators of one backend: the script's and a user's lock span documents. */
  readonly backing: LockBacking;

  constructor(runtime: Runtime, backing: LockBacking = new Map()) {
    this.#runtime = runtime;
    this.backing = backing;
    this.#mutexes = backing as Map<string, Mutex>;
    runtime.onExecutionEnd((execution) => {
      for (const mutex of this.#mutexes.values()) if (mutex.owner === execution.id) letGo(runtime, mutex);
    });
    runtime.holdsLock = () => {
      const id = runtime.current?.id;
      return id !== undefined && [...this.#mutexes.values()].some((mutex) => mutex.owner === id);
    };
  }

  getScriptLock(): FakeLock {
    this.#runtime.enter('storage', 'LockService.getScriptLock');
    return new FakeLock(this.#runtime, this.#mutex('script'));
  }

  getUserLock(): FakeLock {
    this.#runtime.enter('storage', 'LockService.getUserLock');
    return new FakeLock(this.#runtime, this.#mutex(this.#key('user')));
  }

  /** Null without an open document, as documented (the typings omit the null). */
  getDocumentLock(): FakeLock | null {
    this.#runtime.enter('storage', 'LockService.getDocumentLock');
    if (this.#runtime.identity().documentId === null) return null;
    return new FakeLock(this.#runtime, this.#mutex(this.#key('document')));
  }

  /**
   * Simulates another execution (another user's formula, a trigger) holding a lock for `forMs` of
   * virtual time, so tests can watch tryLock/waitLock wait and time out.
   */
  holdElsewhere(scope: LockScope, forMs: number): void {
    const mutex = this.#mutex(this.#key(scope));
    if (mutex.owner !== null) throw new Error(`Emulator: the ${scope} lock is already held`);
    mutex.owner = ANOTHER_EXECUTION;
    mutex.holder = null;
    this.#runtime.clock.after(forMs, () => {
      if (mutex.owner === ANOTHER_EXECUTION) mutex.owner = null;
    });
  }

  /** Ends a hold made by holdElsewhere before its time is up. */
  releaseElsewhere(scope: LockScope): void {
    const mutex = this.#mutex(this.#key(scope));
    if (mutex.owner === ANOTHER_EXECUTION) mutex.owner = null;
  }

  #key(scope: LockScope): string {
    const { user, documentId } = this.#runtime.identity();
    if (scope === 'script') return 'script';
    return scope === 'user' ? `user:${user}` : `document:${documentId}`;
  }

  #mutex(key: string): Mutex {
    let mutex = this.#mutexes.get(key);
    if (!mutex) {
      mutex = new Mutex();
      this.#mutexes.set(key, mutex);
    }
    return mutex;
  }
}
