// What the probes keep between executions, in the script's properties: menu runs, triggers and
// custom functions can all reach them (a custom function may not write a cell, but may use
// PropertiesService and LockService). The probe project keeps nothing else there.

import type { Json } from '../json';

const PREFIX = 'probe.';

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getScriptProperties();
}

export function remember(key: string, value: Json): void {
  store().setProperty(PREFIX + key, JSON.stringify(value));
}

export function recall(key: string): Json | undefined {
  const text = store().getProperty(PREFIX + key);
  return text === null ? undefined : (JSON.parse(text) as Json);
}

/** Step 1 starts from nothing: an earlier run's records would answer for this one. */
export function forgetEverything(): void {
  store().deleteAllProperties();
}

/** Formulas of one recalculation may run at once: their records are written under the script lock. */
function locked<T>(work: () => T): T {
  const lock = LockService.getScriptLock();
  const got = lock.tryLock(20_000);
  try {
    return work();
  } finally {
    if (got) lock.releaseLock();
  }
}

/** Adds one to a counter; answers the new count. */
export function count(key: string): number {
  return locked(() => {
    const next = Number(recall(key) ?? 0) + 1;
    remember(key, next);
    return next;
  });
}

export function counted(key: string): number {
  return Number(recall(key) ?? 0);
}

/** Adds a value to a list. */
export function append(key: string, value: Json): void {
  locked(() => {
    const list = recall(key);
    remember(key, [...(Array.isArray(list) ? (list as Json[]) : []), value]);
  });
}

export type Attempt<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

/** An Apps Script error's message. Errors of the platform may come from another realm: no instanceof. */
export function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

export function attempt<T>(work: () => T): Attempt<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

/** 'allowed', or 'refused' when the call threw. */
export function allowedOrRefused(work: () => unknown): 'allowed' | 'refused' {
  return attempt(work).ok ? 'allowed' : 'refused';
}

/** The message of the refusal, or 'accepted'. */
export function outcome(work: () => unknown): string {
  const tried = attempt(work);
  return tried.ok ? 'accepted' : tried.message;
}

/** Milliseconds each call took on average, timed with the script's own clock over `times` calls. */
export function msPerCall(times: number, call: (i: number) => unknown): number {
  const start = Date.now();
  for (let i = 0; i < times; i++) call(i);
  return Math.round((Date.now() - start) / times);
}

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Which of two executions ran first, or 'at once' when they overlapped. */
export function orderOf(first: Span, second: Span, names: readonly [string, string]): string {
  if (first.end <= second.start) return `${names[0]}, then ${names[1]}`;
  if (second.end <= first.start) return `${names[1]}, then ${names[0]}`;
  return 'at once';
}

/** A record the probe cannot do without: its absence says a step was skipped. */
export function required<T extends Json>(key: string, hint: string): T {
  const value = recall(key);
  if (value === undefined) throw new Error(`nothing recorded under ${key}: ${hint}`);
  return value as T;
}
