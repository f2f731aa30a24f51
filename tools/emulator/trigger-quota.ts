// The daily quota of trigger runtime: every installable and time-driven trigger execution of a user
// counts its run time against it, whichever script or document it belongs to.
//
// Verified (Quotas, "Triggers total runtime"): 90 min a day on consumer accounts, 6 h on Google
// Workspace; quotas are per user and "reset 24 hours after the first request"; a script past a
// quota "throws an exception and execution stops". The message is the one the Quotas page lists
// for too much computer time.
// Assumed (T11 in docs/platform-assumptions.md): a trigger's run time is its execution's clock
// time, start to end (waits, sleeps and fetches included; the platform's own start-up time is not
// charged, since it is not known); an execution is stopped the instant the quota runs out, with
// that message, and a trigger that starts with none left fails at once; simple triggers, custom
// functions, menus and sidebar calls do not count.

import { gasError } from './errors';

export const TRIGGER_QUOTA_MESSAGE = 'Service using too much computer time for one day';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The documented daily runtime of triggers, by kind of account. */
export const TRIGGER_RUNTIME_QUOTA_MS = { consumer: 90 * MINUTE, workspace: 6 * 60 * MINUTE } as const;

export type AccountKind = keyof typeof TRIGGER_RUNTIME_QUOTA_MS;

interface Window {
  startedAt: number;
  usedMs: number;
}

export class TriggerRuntimeQuota {
  readonly limitMs: number;
  readonly #windows = new Map<string, Window>();

  constructor(account: AccountKind | number = 'consumer') {
    this.limitMs = typeof account === 'number' ? account : TRIGGER_RUNTIME_QUOTA_MS[account];
  }

  /** The user's window at `now`: a new one once 24 hours have passed since the first run of the last. */
  #window(user: string, now: number): Window {
    const current = this.#windows.get(user);
    if (current && now - current.startedAt < DAY) return current;
    const fresh = { startedAt: now, usedMs: 0 };
    this.#windows.set(user, fresh);
    return fresh;
  }

  /** What `user`'s triggers may still run at `now`, in ms (0: none). */
  leftMs(user: string, now: number): number {
    return Math.max(0, this.limitMs - this.#window(user, now).usedMs);
  }

  /** Counts a trigger execution of `user` that started at `startedAt` and ran `ms`. */
  charge(user: string, startedAt: number, ms: number): void {
    this.#window(user, startedAt).usedMs += Math.max(0, ms);
  }

  /** Run time `user`'s triggers have used in the current window, for tests and the benchmark. */
  usedMs(user: string, now: number): number {
    const current = this.#windows.get(user);
    return current && now - current.startedAt < DAY ? current.usedMs : 0;
  }
}

export const quotaExceeded = () => gasError(TRIGGER_QUOTA_MESSAGE);
