// Queued formula lookups on the server: a formula records what it could not look up in its 30 s
// (core/formula-queue/records.ts), and the add-on's own executions (the Edit and Open triggers, the
// sidebar's timer, the hourly clock, the menu) buy it at the plan's pace and re-enter the formula,
// which then answers from the cache. Sheets runs a custom function again only when its formula or
// an argument changes, so without this a big range would stop half way for good.
import { resultKey } from '../core/cache/keys';
import { finishLookups, formulaItems } from '../core/formula-queue/finish';
import { type QueuedFormula, readQueue, removeQueued, saveQueued } from '../core/formula-queue/records';
import { queuedText } from '../core/formula-queue/texts';
import { type FormulaArgument, readFormulaCall } from '../core/formulas/formula-call';
import { noteJobStarted } from '../core/jobs/signal';
import { errorMessage } from '../core/text/error-message';
import { appsScriptClock, digestHashPort } from './adapters/apps-script';
import type { ExecutionContext } from './context';
import type { PumpContext } from './pump';
import { reenterFormulas } from './reenter';

type Range = GoogleAppsScript.Spreadsheet.Range;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * Called by a formula that leaves `left` lookups unsent: records where it is, and tells the drivers
 * that follow the user. Answers what its waiting rows say, or null when it could not be recorded
 * (its rows then say they were not sent).
 */
export function queueThisFormula(
  context: ExecutionContext,
  left: number,
  followsUser: () => boolean,
): string | null {
  try {
    const range = SpreadsheetApp.getActiveRange() as Range | null;
    const formula = range?.getFormula() ?? '';
    if (!range || formula === '') return null;
    const now = appsScriptClock.now();
    saveQueued(context.deps.store, {
      sheet: range.getSheet().getName(),
      a1: range.getA1Notation(),
      formula,
      left,
      since: now,
      scope: context.scope,
      by: 'formula',
    });
    if (context.deps.jobSignal) noteJobStarted(context.deps.jobSignal, now, now);
    return queuedText(left, followsUser());
  } catch (error) {
    console.warn(`Could not queue the formula's lookups: ${errorMessage(error)}`);
    return null;
  }
}

export interface FormulaWork {
  /** Formulas whose lookups are all bought (or stopped) and that were re-entered. */
  finished: number;
  /** Formulas still queued, and their lookups. */
  queued: number;
  left: number;
  /** Why buying stopped (the daily budget, no credits). */
  stopped: string[];
}

/** A formula to finish: a queued record, or the cell an edit just typed one of ours into. */
interface Target {
  sheet: string;
  a1: string;
  formula: string;
  record: QueuedFormula | null;
}

/**
 * Buys the queued lookups of this account's formulas, oldest first, until `until`, then re-enters
 * every formula it finished or moved on, in one batch of writes. `typed` is the cell an edit just
 * typed a formula into: its trigger may run before the formula does, and starts buying at once.
 */
export function finishQueuedFormulas(
  context: PumpContext,
  until: number,
  by: string,
  typed: Range | null = null,
): FormulaWork {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;
  const work: FormulaWork = { finished: 0, queued: 0, left: 0, stopped: [] };
  if (!spreadsheet) return work;
  const { store, client } = context.deps;
  const records = readQueue(store.getAll(), context.scope, client.clock.now());
  const targets = withTyped(records, typed);
  const reenter: Target[] = [];
  for (const target of targets) {
    if (client.clock.now() >= until) {
      work.queued++;
      work.left += target.record?.left ?? 0;
      continue;
    }
    const outcome = finishOne(context, spreadsheet, target, until, by);
    if (outcome === 'gone') continue;
    reenter.push(target);
    if (outcome.stopped) work.stopped.push(outcome.stopped);
    if (outcome.left > 0 && !outcome.stopped) {
      work.queued++;
      work.left += outcome.left;
    } else work.finished++;
  }
  reenterFormulas(spreadsheet, reenter);
  return work;
}

function withTyped(records: readonly QueuedFormula[], typed: Range | null): Target[] {
  const targets: Target[] = records.map((record) => ({ ...record, record }));
  if (!typed) return targets;
  const formula = typed.getFormula();
  const sheet = typed.getSheet().getName();
  const a1 = typed.getA1Notation();
  if (readFormulaCall(formula) && !targets.some((t) => t.sheet === sheet && t.a1 === a1))
    targets.unshift({ sheet, a1, formula, record: null });
  return targets;
}

/** Buys one formula's lookups; 'gone' when its cell no longer holds the formula that queued. */
function finishOne(
  context: PumpContext,
  spreadsheet: Spreadsheet,
  target: Target,
  until: number,
  by: string,
): { left: number; stopped: string | null } | 'gone' {
  const { store } = context.deps;
  const sheet = spreadsheet.getSheetByName(target.sheet);
  const current = sheet?.getRange(target.a1).getFormula() ?? '';
  if (!sheet || current !== target.formula) {
    // Changed or deleted by the user: never rewritten; what was bought for it stays saved.
    if (target.record) removeQueued(store, [target.record]);
    return 'gone';
  }
  const call = readFormulaCall(current);
  // A formula we cannot read (a nested call) is only re-entered: it buys what it can itself.
  if (!call) return { left: 0, stopped: null };
  const args = call.args.map((arg) => argumentValue(spreadsheet, sheet, arg));
  const keyOf = (request: Parameters<typeof resultKey>[2]) => resultKey(digestHashPort, context.scope, request);
  const items = formulaItems(call.functionName, args, keyOf);
  const outcome = finishLookups(context.deps, items, lookupContext(context, spreadsheet), until);
  if (outcome.left === 0 || outcome.stopped) {
    if (target.record) removeQueued(store, [target.record]);
  } else {
    const base = target.record ?? { ...target, since: appsScriptClock.now(), scope: context.scope };
    saveQueued(store, { ...base, left: outcome.left, by, sheet: target.sheet, a1: target.a1, formula: current });
  }
  return outcome;
}

/** An argument as Sheets passes it: a literal, one cell's value, or a range's rows. */
function argumentValue(spreadsheet: Spreadsheet, own: Sheet, arg: FormulaArgument): unknown {
  if (arg.kind === 'literal') return arg.value;
  const sheet = arg.sheet === null ? own : spreadsheet.getSheetByName(arg.sheet);
  if (!sheet) return '#REF!';
  const values = sheet.getRange(arg.a1).getValues();
  return values.length === 1 && values[0]!.length === 1 ? values[0]![0] : values;
}

function lookupContext(context: PumpContext, spreadsheet: Spreadsheet) {
  return {
    source: 'formula' as const,
    jobSource: 'formula' as const,
    spreadsheetId: spreadsheet.getId(),
    day: context.day,
    formulaDailyCap: context.settings.formulaDailyCap,
    retryServerErrors: false,
    // A 202 goes to the job collector at once: this execution has other formulas to finish.
    pollJobs: false,
    maxRequestsPerSecond: context.settings.requestsPerSecond,
  };
}

/** Whether any formula of this account waits, from the store as read. */
export function hasQueuedFormulas(all: Record<string, string>, scope: string, now: number): number {
  return readQueue(all, scope, now).length;
}
