// One virtual clock drives everything: Utilities.sleep, request latency, cache TTLs, lock waits,
// execution budgets, triggers, and the fake API's jobs. Nothing here reads real time.
//
// Every blocking point (sleep, fetch, fetchAll, waitLock) goes through `block`, the one place a
// scheduler of concurrent executions can take over later. Only these move time: a service call
// takes none (assumption RT3 of docs/platform-assumptions.md).

import type { ClockPort } from '../../src/core/platform/ports';

/** Monday 6 January 2025, 09:00 UTC: a fixed start keeps every run the same. */
export const DEFAULT_START_MS = Date.UTC(2025, 0, 6, 9, 0, 0);

export type BlockReason = 'sleep' | 'fetch' | 'lock' | 'service';

interface Scheduled {
  readonly id: number;
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

interface Deadline {
  readonly at: number;
  /** Builds the error the platform throws when the budget runs out. */
  readonly exceeded: () => Error;
}

export class VirtualClock implements ClockPort {
  #now: number;
  #queue: Scheduled[] = [];
  #nextId = 1;
  #deadline: Deadline | null = null;

  constructor(startMs: number = DEFAULT_START_MS) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  /** ClockPort: `Utilities.sleep` on the virtual clock. */
  sleep(ms: number): void {
    this.block(ms, 'sleep');
  }

  /** The single blocking point: every wait of an execution passes here. */
  block(ms: number, _reason: BlockReason): void {
    this.advance(ms);
  }

  /**
   * Moves time forward, running scheduled callbacks at their own times. Past a running execution's
   * deadline the clock stops at the deadline and throws the platform's timeout error.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    const target = this.#now + ms;
    const deadline = this.#deadline;
    if (deadline && target > deadline.at) {
      this.#runDue(Math.max(deadline.at, this.#now));
      throw deadline.exceeded();
    }
    this.#runDue(target);
  }

  /**
   * Moves time back, for executions modelled as starting together (race.ts). Callbacks that ran
   * stay run; those still scheduled run when time reaches them again.
   */
  rewindTo(timeMs: number): void {
    if (this.#deadline) throw new Error('Emulator: the clock cannot go back inside an execution');
    if (timeMs > this.#now) throw new RangeError('rewindTo moves time back, not forward');
    this.#now = timeMs;
  }

  /** Advances to an absolute time; does nothing if that time has passed. */
  advanceTo(timeMs: number): void {
    if (timeMs > this.#now) this.advance(timeMs - this.#now);
  }

  /**
   * Advances until `condition` holds, stepping from one scheduled callback to the next, but never
   * further than `maxMs` from now. Returns whether the condition held.
   */
  runUntil(condition: () => boolean, maxMs: number): boolean {
    const limit = this.#now + maxMs;
    while (!condition()) {
      const next = this.nextEventAt();
      if (next === null || next > limit) {
        this.advanceTo(limit);
        return condition();
      }
      // advance(0) still runs callbacks due now.
      this.advance(Math.max(0, next - this.#now));
    }
    return true;
  }

  /** Runs `callback` when the clock reaches `atMs` (at once on the next advance if already past). */
  schedule(atMs: number, callback: () => void): number {
    const id = this.#nextId++;
    this.#queue.push({ id, at: Math.max(atMs, this.#now), seq: id, callback });
    this.#queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    return id;
  }

  after(delayMs: number, callback: () => void): number {
    return this.schedule(this.#now + delayMs, callback);
  }

  cancel(id: number): void {
    this.#queue = this.#queue.filter((item) => item.id !== id);
  }

  nextEventAt(): number | null {
    return this.#queue[0]?.at ?? null;
  }

  /** Set by the runtime while an execution runs; `null` outside executions. */
  /** The running execution's deadline, kept aside while another execution runs meanwhile. */
  get deadline(): Deadline | null {
    return this.#deadline;
  }

  setDeadline(deadline: Deadline | null): void {
    this.#deadline = deadline;
  }

  #runDue(target: number): void {
    for (;;) {
      const next = this.#queue[0];
      if (!next || next.at > target) break;
      this.#queue.shift();
      this.#now = Math.max(this.#now, next.at);
      next.callback();
    }
    this.#now = Math.max(this.#now, target);
  }
}
