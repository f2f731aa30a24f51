// The custom functions the probe formulas call. A custom function may not write a cell, so each
// records what it saw in the script's properties (store.ts) for the report to read.

import { argsOf, RECORDS, runsOf } from './records';
import { append, attempt, count, remember } from './store';

const HEARTBEAT_MS = 1_000;
const TYPED_FORMULA_MS = 2_000;

/** Counts its runs under `key`; the other arguments are cells it reads, so that it runs when they change. */
export function PROBE_RUNS(key: string, ..._reads: unknown[]): string {
  return `${key} #${count(runsOf(key))}`;
}

/** A two-row result, counted under `key`. */
export function PROBE_SPILL(key: string): string[][] {
  count(runsOf(key));
  return [['first'], ['second']];
}

/** A flat array: a column or a row? (X1) */
export function PROBE_COLUMN(): string[] {
  return ['a', 'b', 'c'];
}

/** An object, which Sheets cannot show (X2). */
export function PROBE_OBJECT(): unknown {
  return { probe: 'X2' };
}

/** A cell that holds an error on purpose (X10, S15). */
export function PROBE_THROW(): never {
  throw new Error('Probe: this cell holds an error on purpose');
}

/** Records what it was given, if it is called at all (X10). */
export function PROBE_ARG(key: string, value: unknown): string {
  append(argsOf(key), Array.isArray(value) ? 'an array' : `${typeof value}: ${String(value)}`);
  return 'called';
}

/** What a formula sees of its context: the active sheet (S14), the effective user (SE1). */
export function PROBE_CONTEXT(): string {
  const activeSheet = SpreadsheetApp.getActiveSheet().getName();
  const user = attempt(() => Session.getEffectiveUser().getEmail());
  const effectiveUser = !user.ok ? 'refused' : user.value === '' ? 'empty' : 'an address';
  remember(RECORDS.context, { activeSheet, effectiveUser });
  return activeSheet;
}

/**
 * What a formula sees of its owner's user stores: the user property and user cache entry the
 * owner's menu step wrote (P6), and whether it may write a user property itself.
 */
export function PROBE_USER_STORES(): string {
  const properties = PropertiesService.getUserProperties();
  const wrote = attempt(() => properties.setProperty(USER_STORE_MARK, 'from a formula'));
  remember(RECORDS.userStores, {
    userProperty: properties.getProperty(USER_STORE_MARK) !== null,
    userCache: CacheService.getUserCache().get(USER_STORE_MARK) === 'from the menu',
    ownerMayWrite: wrote.ok,
  });
  properties.deleteProperty(USER_STORE_MARK);
  return 'read';
}

/** The user property and user cache key the owner's step and PROBE_USER_STORES share (P6). */
export const USER_STORE_MARK = 'probe.p6';

/**
 * Typed by a second person, an editor of the owner's spreadsheet (P6's editor half): whose user
 * property does the formula read, the owner's (written in step 2), nobody's, or another's, and may
 * it write it? Writes a value of its own, never the owner's, and puts the owner's back.
 */
export function PROBE_EDITOR_STORES(): string {
  const properties = PropertiesService.getUserProperties();
  const before = properties.getProperty(EDITOR_STORE_MARK);
  const wrote = attempt(() => properties.setProperty(EDITOR_STORE_MARK, 'from an editor'));
  if (wrote.ok && before !== null) properties.setProperty(EDITOR_STORE_MARK, before);
  remember(RECORDS.editorStores, {
    reads: before === OWNERS_MARK ? "the owner's" : before === null ? 'nothing' : 'another',
    editorMayWrite: wrote.ok,
  });
  return 'read';
}

/** The user property the owner's step 2 writes for PROBE_EDITOR_STORES, and its value (P6). */
export const EDITOR_STORE_MARK = 'probe.p6.editor';
export const OWNERS_MARK = 'from the owner';

/** Sleeps past the 30 s limit with a heartbeat; then tries to write from its catch block (RT2). */
export function PROBE_OVERTIME(): string {
  const start = Date.now();
  try {
    for (;;) {
      Utilities.sleep(HEARTBEAT_MS);
      remember(RECORDS.overtimeBeat, Date.now() - start);
    }
  } catch (error) {
    remember(RECORDS.overtimeCaught, String(error));
    throw error;
  }
}

/** The formula the person types (T6, X9): takes a while, then records when it ran. */
export function PROBE_TYPED(_n: unknown): string {
  const start = Date.now();
  Utilities.sleep(TYPED_FORMULA_MS);
  remember(RECORDS.typedFormula, { start, end: Date.now() });
  return 'typed';
}
