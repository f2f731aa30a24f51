// Queued formula lookups, finished by the collector's drivers: a formula records what it could not
// look up in its 30 s (handoff.ts), and the add-on's own executions (the Edit and Open triggers, the
// sidebar's timer, the hourly clock, the menu) buy it at the plan's pace and re-enter the formula,
// which then answers from the cache. Sheets runs a custom function again only when its formula or
// an argument changes, so without this a big range would stop half way for good.
import { resultKey } from '../../core/cache/keys';
import { type FinishOutcome, finishLookups, formulaItems } from '../../core/formula-queue/finish';
import {
  type QueuedFormula,
  queueKey,
  readQueue,
  removeQueued,
  saveQueued,
} from '../../core/formula-queue/records';
import { callArguments, readFormulaCall } from '../../core/formulas/formula-call';
import type { LookupItem } from '../../core/lookup/items';
import { cellRef, parseCell } from '../../core/text/cell-refs';
import { appsScriptClock, digestHashPort } from '../adapters/apps-script';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { movePurchases, recordAccess } from '../purchase-record';
import type { CollectorContext } from './context';
import { type FormulaCell, reenterFormulas } from './reentry';
import { SheetGrids } from './sheet-grids';

type Range = GoogleAppsScript.Spreadsheet.Range;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface FormulaWork {
  /** Formulas whose lookups are all bought (or stopped) and that were re-entered. */
  finished: number;
  /** Formulas still queued, and their lookups. */
  queued: number;
  left: number;
  /** Formulas the day's budget stopped: the hourly check takes them up when the day turns. */
  waiting: number;
  /** Why buying stopped (the daily budget, no credits). */
  stopped: string[];
}

/** A formula to finish: a queued record, or the cell an edit just typed one of ours into. */
type Target = FormulaCell & { record: QueuedFormula | null; keys: string[] };

/**
 * Buys the queued lookups of this account's formulas until `until`, all of them together (one
 * paced stream, each input once however many formulas ask for it), then re-enters every formula
 * it finished or moved on, in one batch of writes. `typed` is the cell an edit just typed a
 * formula into: its trigger may run before the formula does, and starts buying at once.
 */
export function finishQueuedFormulas(
  context: CollectorContext,
  until: number,
  by: string,
  typed: Range | null = null,
): FormulaWork {
  const work: FormulaWork = { finished: 0, queued: 0, left: 0, waiting: 0, stopped: [] };
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return work;
  const { store, client } = context.deps;
  // Those the day's budget stopped wait for the next day: buying now would only be refused.
  const today = context.day();
  const queue = readQueue(store.getAll(), context.scope, client.clock.now()).filter(
    (record) => record.budgetDay !== today,
  );
  if (queue.length === 0 && !typed) return work;
  const records = followRenames(spreadsheet, context, queue);
  const grids = new SheetGrids(spreadsheet);
  const items = new Map<string, LookupItem>();
  const targets = withTyped(records, typed).filter((target) => readTarget(context, grids, target, items));
  const gone = records.filter((record) => !targets.some((target) => target.record === record));
  removeQueued(store, gone);
  if (targets.length === 0) return work;
  // This execution may write sheets: the record's waiting pages (a formula's, which cannot) move
  // to the hidden sheet before it buys and after, so that neither its purchases nor a formula's
  // fill the pages and get folded into a day's summary.
  const record = recordAccess();
  movePurchases(record, context.day());
  const lookups = [...items.values()];
  const outcome = finishLookups(context.deps, lookups, lookupContext(context, spreadsheet, by), until);
  movePurchases(record, context.day());
  settleRecords(context, targets, outcome, by, work);
  reenterFormulas(spreadsheet, grids.bridged(targets));
  return work;
}

/**
 * Saves what each formula still lacks, drops the records of those finished or stopped for good;
 * those the day's budget stopped wait for the next day.
 */
function settleRecords(
  context: CollectorContext,
  targets: readonly Target[],
  { left, stopped, forTheDay }: FinishOutcome,
  by: string,
  work: FormulaWork,
): void {
  const done: Target[] = [];
  const now = appsScriptClock.now();
  if (stopped) work.stopped.push(stopped);
  for (const target of targets) {
    const missing = new Set(target.keys.filter((key) => left.has(key))).size;
    if (missing === 0 || (stopped && !forTheDay)) {
      if (target.record) done.push(target);
      work.finished++;
      continue;
    }
    if (stopped) {
      work.finished++;
      work.waiting++;
    } else {
      work.queued++;
      work.left += missing;
    }
    const base = target.record ?? { since: now, scope: context.scope };
    saveQueued(context.deps.store, {
      ...base,
      sheet: target.sheet,
      a1: target.a1,
      formula: target.formula,
      left: missing,
      by,
      budgetDay: stopped ? context.day() : undefined,
    });
  }
  removeQueued(context.deps.store, done);
}

/**
 * The records whose sheet was renamed since they queued, moved to its new name (found by the
 * sheet's id, which a rename keeps): the formula is still there, and its promise still stands.
 * Each sheet name is asked once.
 */
function followRenames(spreadsheet: Spreadsheet, context: CollectorContext, records: QueuedFormula[]) {
  const names = new Map<string, string | null>();
  const renamed = (record: QueuedFormula): string | null => {
    if (!names.has(record.sheet)) names.set(record.sheet, sheetNow(spreadsheet, record));
    return names.get(record.sheet) ?? null;
  };
  const moved = records.filter((record) => renamed(record) !== null);
  if (moved.length === 0) return records;
  const next = records.map((record) => {
    const sheet = renamed(record);
    return sheet === null ? record : { ...record, sheet };
  });
  // Saved under the new name first: a record is never lost between the two writes.
  const saved = next.filter((record, i) => record !== records[i]);
  context.deps.store.setMany(
    Object.fromEntries(saved.map((record) => [queueKey(record.sheet, record.a1), JSON.stringify(record)])),
  );
  removeQueued(context.deps.store, moved);
  return next;
}

/** The new name of the record's sheet, or null when it kept its name (or its id is not known). */
function sheetNow(spreadsheet: Spreadsheet, record: QueuedFormula): string | null {
  if (record.sheetId === undefined) return null;
  // Another sheet may have taken the old name: the id says which sheet the formula is in.
  if (spreadsheet.getSheetByName(record.sheet)?.getSheetId() === record.sheetId) return null;
  return spreadsheet.getSheetById(record.sheetId)?.getName() ?? null;
}

function withTyped(records: readonly QueuedFormula[], typed: Range | null): Target[] {
  const targets: Target[] = records.map((record) => ({ ...record, record, keys: [] }));
  if (!typed) return targets;
  const formula = typed.getFormula();
  const sheet = typed.getSheet().getName();
  const a1 = typed.getA1Notation();
  if (readFormulaCall(formula) && !targets.some((t) => t.sheet === sheet && t.a1 === a1))
    targets.unshift({ sheet, a1, formula, record: null, keys: [] });
  return targets;
}

/**
 * Reads a formula's inputs from its sheet into `items`; false when its cell no longer holds the
 * formula that queued (the user changed or deleted it: never rewritten, and what was bought for
 * it stays saved). A formula we cannot read (a nested call) is only re-entered: it buys what it
 * can itself.
 */
function readTarget(
  context: CollectorContext,
  grids: SheetGrids,
  target: Target,
  items: Map<string, LookupItem>,
): boolean {
  if (grids.formula(target.sheet, target.a1) !== target.formula) return false;
  const call = readFormulaCall(target.formula);
  if (!call) return true;
  const args = callArguments(call, target.sheet, (sheet, a1) => grids.argument(sheet, a1));
  const keyOf = (request: Parameters<typeof resultKey>[2]) =>
    resultKey(digestHashPort, context.scope, request);
  const at = parseCell(target.a1);
  const servedAt = at ? (index: number) => cellRef(target.sheet, at.row + index, at.column) : undefined;
  for (const item of formulaItems(call.functionName, args, keyOf, servedAt)) {
    items.set(item.key, item);
    target.keys.push(item.key);
  }
  return true;
}

/** The drivers that are triggers, which Google may stop for the day's trigger-time quota. */
const TRIGGER_DRIVERS: readonly string[] = ['edit', 'open', 'clock'];

function lookupContext(context: CollectorContext, spreadsheet: Spreadsheet, by: string) {
  return {
    buyer: 'formula' as const,
    spreadsheetId: spreadsheet.getId(),
    day: context.day(),
    formulaDailyCap: context.settings.formulaDailyCap,
    retryServerErrors: false,
    // A 202 goes to the job collector at once: this execution has other formulas to finish.
    pollJobs: false,
    maxRequestsPerSecond: context.pace.rate,
    stoppable: TRIGGER_DRIVERS.includes(by),
  };
}
