// Google gives a user's triggers, all scripts and documents together, 90 minutes of run time a day
// on consumer accounts (6 hours on Workspace); past it every trigger fails with "Service using too
// much computer time for one day", the job collector's included. The add-on counts the run time of
// its own triggers that do work, per user (user properties follow the user across documents), in
// the quota's day: from the first counted run to 24 hours later, as Google resets it. Watches slow
// down as the share grows, so that the day's quota is never what stops them.
//
// The count is a floor: triggers of other scripts, and the add-on's own that return at once (an
// edit that concerns nothing), are not in it. The pace leaves room for them, and Google's own
// refusal corrects it: a run that does paid work opens the tally (`open`) and its count closes
// it; a run still open after an execution's 6 minutes was stopped by Google (the add-on's runs end
// within 5), for the day's quota: nothing more starts until the quota's day ends.
import type { Slowed } from '../../shared/watch-rpc';
import { DAY_MS } from '../platform/time';
import { parseJsonObject } from '../text/json-text';

/** The consumer quota: the add-on cannot tell a Workspace account, so it assumes the smaller. */
export const TRIGGER_QUOTA_MS = 90 * 60_000;
/** An execution's limit: a run open longer was stopped. */
const EXECUTION_MS = 6 * 60_000;

export interface RuntimeTally {
  /** When the quota's day began (the first run counted). */
  since: number;
  usedMs: number;
  /** When a run doing paid work began that has not been counted yet. */
  open?: number;
  /** When the run began that Google stopped for the quota, this day: the day's quota is spent. */
  stoppedAt?: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function parseTally(text: string | null | undefined): RuntimeTally | null {
  const parsed = (parseJsonObject(text) ?? {}) as Partial<RuntimeTally>;
  if (!isNumber(parsed.since) || !isNumber(parsed.usedMs)) return null;
  const tally: RuntimeTally = { since: parsed.since, usedMs: parsed.usedMs };
  if (isNumber(parsed.open)) tally.open = parsed.open;
  if (isNumber(parsed.stoppedAt)) tally.stoppedAt = parsed.stoppedAt;
  return tally;
}

/** The tally at `now`: a new day once 24 hours have passed since the last day began. */
export function currentTally(tally: RuntimeTally | null, now: number): RuntimeTally {
  return tally && now - tally.since < DAY_MS ? tally : { since: now, usedMs: 0 };
}

/**
 * What an open run left says at `now`: still open past an execution's limit, Google stopped it,
 * at the execution's 6 minutes or for the day's quota (other scripts' triggers share it; the count
 * misses them). Read elsewhere (the sidebar), it is taken for the quota. Read by a trigger, which
 * Google would not run while the quota is spent, it was the 6 minutes, or a quota whose day has
 * ended since: the run counts an execution's limit, and nothing is stopped. A stop in an earlier
 * day says nothing of this one.
 */
export function learnStop(tally: RuntimeTally | null, now: number, inTrigger = false): RuntimeTally | null {
  if (!tally || tally.open === undefined || now - tally.open <= EXECUTION_MS) return tally;
  const { open, ...rest } = tally;
  if (inTrigger) return addRun(rest, open, EXECUTION_MS);
  return { ...rest, stoppedAt: open };
}

/** The tally as a run doing paid work begins at `now`: open (an earlier run open stays). */
export function openRun(tally: RuntimeTally | null, now: number): RuntimeTally {
  const day = currentTally(learnStop(tally, now, true), now);
  return day.open === undefined ? { ...day, open: now } : day;
}

/** The tally after a run that started at `startedAt` and took `ms`: closed, if it opened it. */
export function addRun(tally: RuntimeTally | null, startedAt: number, ms: number): RuntimeTally {
  const { open, ...day } = currentTally(tally, startedAt);
  const counted = { ...day, usedMs: day.usedMs + Math.max(0, ms) };
  return open === undefined || open >= startedAt ? counted : { ...counted, open };
}

/**
 * The trigger time left today by the add-on's count (0 once Google stopped a run for the quota):
 * a trigger that buys must end its buying before it, or Google stops it with answers paid for
 * and not yet kept.
 */
export function triggerTimeLeft(tally: RuntimeTally | null, now: number): number {
  const day = currentTally(tally, now);
  return day.stoppedAt === undefined ? Math.max(0, TRIGGER_QUOTA_MS - day.usedMs) : 0;
}

/** Today's share of the quota, from 0; 1 once Google stopped a run for it today. */
export function shareOf(tally: RuntimeTally | null, now: number): number {
  const day = currentTally(tally, now);
  const share = day.usedMs / TRIGGER_QUOTA_MS;
  return day.stoppedAt === undefined ? share : Math.max(1, share);
}

/** What starts a watch run. */
export type RunCause = 'edit' | 'change' | 'form' | 'clock';

export interface Pace {
  /** Whether a run may start now for this cause. */
  runs: boolean;
  /** How long the run may work. */
  budgetMs: number;
  /** Why watches are slowed down, for the sidebar; null at full pace. */
  slowed: Slowed | null;
}

/** Full pace below half the quota. */
const SLOW_FROM = 0.5;
/** Only the hourly check runs watches from here. */
const HOURLY_FROM = 0.8;
/** Nothing runs from here until the quota's day is over. */
const STOP_FROM = 0.95;
/** At the slow pace, a watch runs at most this often for edits, inserts and form responses. */
export const SLOW_GAP_MS = 10 * 60_000;
const FULL_BUDGET_MS = 4 * 60_000;
const SLOW_BUDGET_MS = 2 * 60_000;
const HOURLY_BUDGET_MS = 60_000;

/**
 * How watches run at today's `share` of the quota, for `cause`, `sinceLastRunMs` after the
 * watch's last run: every time below half; then at most every 10 minutes for an event (the rows
 * wait and go together), with shorter runs; from 80 % only at the hourly check; from 95 % not at
 * all until the quota's day ends.
 */
export function paceAt(share: number, cause: RunCause, sinceLastRunMs: number): Pace {
  const percent = Math.round(share * 100);
  if (share >= 1) return { runs: false, budgetMs: 0, slowed: { kind: 'usedUp', percent } };
  if (share >= STOP_FROM) return { runs: false, budgetMs: 0, slowed: { kind: 'nearly', percent } };
  if (share >= HOURLY_FROM)
    return { runs: cause === 'clock', budgetMs: HOURLY_BUDGET_MS, slowed: { kind: 'hourly', percent } };
  if (share >= SLOW_FROM)
    return {
      runs: cause === 'clock' || sinceLastRunMs >= SLOW_GAP_MS,
      budgetMs: SLOW_BUDGET_MS,
      slowed: { kind: 'tenMinutes', percent },
    };
  return { runs: true, budgetMs: FULL_BUDGET_MS, slowed: null };
}
