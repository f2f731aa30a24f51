// Server side of the sidebar's "This cell" panel (src/shared/receipt-rpc.ts): the receipt of the
// selection's first cell, and Buy again for the selection's formulas. The sidebar asks again when
// the selection may have changed, naming the selection it shows: an unchanged one costs a few
// reads of the active range and nothing else.

import { type AnswerSources, keptAnswer, whereKept } from '../core/cache/kept';
import { resultKey } from '../core/cache/keys';
import { readJobs } from '../core/jobs/registry';
import type { ListSheetRef } from '../core/jobs/relist';
import type { LookupContext } from '../core/lookup/items';
import { lookupMany } from '../core/lookup/pass';
import { tallyBuyAgain } from '../core/receipts/buy-again';
import { inListTable } from '../core/receipts/list-sheet';
import { receiptLines } from '../core/receipts/receipt';
import {
  countChanges,
  notedChanges,
  oldestWithin,
  refreshChanges,
  type ShownArea,
} from '../core/receipts/refresh';
import {
  cellsOf,
  MAX_SELECTION_CELLS,
  priceOf,
  type SelectedLookup,
  type SelectionLookups,
  selectionLookups,
} from '../core/receipts/selection';
import type { FormulaSources } from '../core/receipts/shown';
import { beforeLine } from '../core/text/catalogue/refresh';
import { BULK_ANSWERS } from '../core/text/catalogue/sidebar/bulk-answers';
import { RECEIPT_ANSWERS } from '../core/text/catalogue/sidebar/receipt-answers';
import { refuse } from '../core/text/catalogue/sidebar/refuse';
import { cellA1, sheetRef } from '../core/text/cell-refs';
import type { BuyAgainResult, SelectionReceipt } from '../shared/receipt-rpc';
import { digestHashPort, gzipPort, ttlCachePort } from './adapters/apps-script';
import { readPastRuns, readRun } from './bulk-run-store';
import { keepCollecting } from './collector/clock-trigger';
import { reenterFormulas } from './collector/reentry';
import { SheetGrids } from './collector/sheet-grids';
import { cacheSheetPort, type ExecutionContext, executionContext } from './context';
import {
  type ListSheetSources,
  listSheetLookups,
  listSheetsBefore,
  refreshListSheets,
} from './list-buy-again';
import { fastCache } from './platform/cache';
import { requireActiveSpreadsheet, spreadsheetZone, timeFormatter } from './platform/spreadsheet';
import { movePurchases, readPurchaseRecord, recordAccess } from './purchase-record';
import { subjectAt } from './receipt-subject';
import { context } from './sidebar-call';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Buy again sends for at most this long; the collector finishes jobs it starts. */
const BUY_AGAIN_BUDGET_MS = 240_000;

const answer = (
  selection: string,
  message: string,
  rest: Partial<SelectionReceipt> = {},
): SelectionReceipt => ({
  selection,
  unchanged: false,
  lines: [],
  message,
  buyAgain: null,
  timeZone: '',
  ...rest,
});

/** The selection as the sidebar names it, and its corners; null when nothing is selected. */
function selectionRef(spreadsheet: Spreadsheet) {
  const range = spreadsheet.getActiveRange();
  return range && { range, ref: `${sheetRef(range.getSheet().getName())}!${range.getA1Notation()}` };
}

type Selected = ReturnType<typeof corners>;

function corners(range: GoogleAppsScript.Spreadsheet.Range, ref: string) {
  const from = { row: range.getRow(), column: range.getColumn() };
  const to = { row: from.row + range.getNumRows() - 1, column: from.column + range.getNumColumns() - 1 };
  return { ref, sheet: range.getSheet().getName(), from, to };
}

export function getCellReceipt(known: string | null): SelectionReceipt {
  const spreadsheet = requireActiveSpreadsheet();
  const selected = selectionRef(spreadsheet);
  if (!selected) return answer('', RECEIPT_ANSWERS.selectCell.text);
  if (known !== null && known === selected.ref) return answer(selected.ref, '', { unchanged: true });
  const ctx = executionContext({ canWriteSheets: true });
  if (!ctx) return answer(selected.ref, RECEIPT_ANSWERS.keyFirst.text);
  return receiptOf(ctx, spreadsheet, corners(selected.range, selected.ref));
}

type FormulaReads = ReturnType<typeof formulaReads>;

/**
 * Where the selection's formulas are read from: the sheets once (`grids`), their saved answers in
 * any layer (`layers`; the hidden cache sheet's rows read once, when first needed).
 * `all`: the document properties, read when first needed.
 */
function formulaReads(ctx: ExecutionContext, spreadsheet: Spreadsheet, all: () => Record<string, string>) {
  const grids = new SheetGrids(spreadsheet);
  let rows: Record<string, string> | null | undefined;
  const cacheRows = () => {
    if (rows === undefined) rows = cacheSheetPort(spreadsheet)?.readAll() ?? null;
    return rows;
  };
  let sources: AnswerSources | undefined;
  const layers = () =>
    (sources ??= {
      fast: ttlCachePort(fastCache()),
      all: all(),
      sheetRows: cacheRows,
      hash: digestHashPort,
      zip: gzipPort,
      memory: ctx.memory,
    });
  const formulas: FormulaSources = {
    argument: (name, a1) => grids.argument(name, a1),
    answerOf: (request) => keptAnswer(resultKey(digestHashPort, ctx.scope, request), layers()),
  };
  return { ...formulas, grids, layers };
}

function receiptOf(ctx: ExecutionContext, spreadsheet: Spreadsheet, selected: Selected): SelectionReceipt {
  const { all, record } = readPurchaseRecord(recordAccess(), ctx.day());
  const reads = formulaReads(ctx, spreadsheet, () => all);
  const sheet = spreadsheet.getSheetByName(selected.sheet);
  // The note on the sheet's first cell, read once: an employee list's sheet names its list there.
  let note: string | undefined;
  const sheetNote = () => (note ??= sheet?.getRange(1, 1).getNote() ?? '');
  const sources = {
    scope: ctx.scope,
    formulas: reads,
    runs: [readRun(), ...readPastRuns()].filter((run) => run !== null),
    sheetNote,
    record,
  };
  const subject = subjectAt(sources, selected.sheet, selected.from);
  const offer = buyAgainOffer(ctx, reads, selected, {
    sheet: { name: selected.sheet, note: sheetNote },
    jobs: () => readJobs(ctx.deps.store, all),
    record: () => record,
  });
  const cellName = `${sheetRef(selected.sheet)}!${cellA1(selected.from.row, selected.from.column)}`;
  if (!subject) return answer(selected.ref, RECEIPT_ANSWERS.noLookup.say(cellName), { buyAgain: offer });
  const lines = receiptLines({
    subject,
    purchases: record.filter((row) => row.key === subject.key),
    kept: whereKept(subject.key, reads.layers()),
    job: readJobs(ctx.deps.store, all).find((job) => job.key === subject.key) ?? null,
    now: ctx.deps.client.clock.now(),
    formatTime: timeFormatter(spreadsheet, 'yyyy-MM-dd HH:mm'),
  });
  // A cell a refresh changed keeps the answer it replaced in its note (core/bulk/refresh-notes.ts).
  const before = beforeLine(sheet?.getRange(selected.from.row, selected.from.column).getNote() ?? '');
  if (before) lines.push(before);
  const timeZone = spreadsheetZone(spreadsheet);
  return answer(selected.ref, offer ? '' : buyAgainHint(selected), { lines, buyAgain: offer, timeZone });
}

function buyAgainHint(selected: Selected): string {
  return cellsOf(selected.from, selected.to).length > MAX_SELECTION_CELLS
    ? RECEIPT_ANSWERS.atMostCells.say(MAX_SELECTION_CELLS)
    : RECEIPT_ANSWERS.formulasOnly.text;
}

type ListReads = Omit<ListSheetSources, 'formulas' | 'keyOf'>;

/**
 * The selection's formulas' lookups, keyed for this account, or on an employee list's sheet the
 * list's; null past the size Buy again takes.
 */
function selectedLookups(
  ctx: ExecutionContext,
  reads: FormulaReads,
  selected: Selected,
  lists: ListReads,
): (SelectionLookups & { sheet?: ListSheetRef }) | null {
  const cells = cellsOf(selected.from, selected.to);
  if (cells.length > MAX_SELECTION_CELLS) return null;
  const keyOf = (request: Parameters<typeof resultKey>[2]) => resultKey(digestHashPort, ctx.scope, request);
  const found = selectionLookups(selected.sheet, reads.grids.formulas(selected.sheet), cells, reads, keyOf);
  if (found.lookups.length > 0) return found;
  // Only cells the list fills buy it again, not a value typed beside or below it.
  const values = reads.grids.values(selected.sheet);
  if (!cells.some((cell) => inListTable(values, cell))) return found;
  return listSheetLookups({ ...lists, formulas: reads, keyOf }) ?? found;
}

function buyAgainOffer(ctx: ExecutionContext, reads: FormulaReads, selected: Selected, lists: ListReads) {
  const found = selectedLookups(ctx, reads, selected, lists);
  if (!found || found.lookups.length === 0) return null;
  const price = priceOf(found.lookups);
  return {
    lookups: found.lookups.length,
    credits: price.credits,
    formulas: found.formulas.length,
    isBound: price.isBound,
  };
}

/** Buy again's lookup options: no answer saved before it started serves it. */
function buyAgainContext(ctx: ExecutionContext, spreadsheetId: string, now: number): LookupContext {
  return {
    buyer: 'buyAgain',
    paidAfter: now,
    spreadsheetId,
    day: ctx.day(),
    deadline: now + BUY_AGAIN_BUDGET_MS,
    formulaDailyCap: ctx.settings.formulaDailyCap,
    retryServerErrors: true,
    pollJobs: false,
    maxRequestsPerSecond: ctx.pace.rate,
  };
}

/** A refresh's changed cells get their note; answers its summary. */
function noteChanges(
  range: GoogleAppsScript.Spreadsheet.Range,
  area: ShownArea,
  lookups: readonly SelectedLookup[],
  changes: ReturnType<typeof refreshChanges>,
  day: string,
): string {
  const notes = notedChanges(lookups, changes, area, day);
  if (notes) range.setNotes(notes);
  const counts = countChanges(changes);
  return BULK_ANSWERS.refreshSummary.say(counts.changed, counts.same, counts.notFound);
}

/**
 * Buys the selection's lookups again, whatever the saved answers hold (they are replaced), after
 * checking the price is still the one the user confirmed; then enters their formulas again. With a
 * `budget`, a refresh: only what it pays for, the oldest answers first, under the Refresh buyer.
 */
export function buyAgain(confirmedCredits: number, budget?: number): BuyAgainResult {
  const ctx = context();
  const spreadsheet = requireActiveSpreadsheet();
  const selectedRef = selectionRef(spreadsheet);
  if (!selectedRef) throw refuse('receipt', 'selectFirst');
  const selected = corners(selectedRef.range, selectedRef.ref);
  const jobs = () => readJobs(ctx.deps.store);
  const record = () => readPurchaseRecord(recordAccess(), ctx.day()).record;
  const reads = formulaReads(ctx, spreadsheet, () => ctx.deps.store.getAll());
  const note = () => spreadsheet.getSheetByName(selected.sheet)?.getRange(1, 1).getNote() ?? '';
  const found = selectedLookups(ctx, reads, selected, {
    sheet: { name: selected.sheet, note },
    jobs,
    record,
  });
  if (!found || found.lookups.length === 0) throw new Error(buyAgainHint(selected));
  const keys = found.lookups.map((lookup) => lookup.key);
  const saved = budget === undefined ? null : ctx.deps.cache.getMany(keys, 'skip');
  const lookups = saved ? oldestWithin(found.lookups, saved, Number(budget)) : found.lookups;
  const range = selectedRef.range;
  const area = saved && { ...selected, shown: range.getDisplayValues(), notes: range.getNotes() };
  const price = priceOf(lookups);
  if (!(price.credits <= Number(confirmedCredits) + 1e-9))
    throw refuse('receipt', 'priceChanged', price.credits, Number(confirmedCredits) || 0);
  const listSheets = listSheetsBefore(found, jobs);
  const now = ctx.deps.client.clock.now();
  // Every lookup offered is sent, whatever a saved answer, a job or the memory holds: the new
  // answers replace them.
  const asked = buyAgainContext(ctx, spreadsheet.getId(), now);
  const results = lookupMany(ctx.deps, lookups, saved ? { ...asked, buyer: 'refresh' } : asked);
  const tally = tallyBuyAgain(lookups, results);
  const summary = area ? noteChanges(range, area, lookups, refreshChanges(saved, results), ctx.day()) : null;
  // Named before the formulas run again: one that collects the new list writes it there too.
  const replacing = refreshListSheets(ctx.deps, results, listSheets);
  reenterFormulas(
    spreadsheet,
    found.formulas.map((f) => ({ sheet: f.sheet, a1: cellA1(f.row, f.column), formula: f.formula })),
  );
  if (tally.pending > 0) keepCollecting();
  movePurchases(recordAccess(), ctx.day());
  return {
    ok: tally.notBought === 0,
    done: { ...tally, replacing, refreshed: summary },
    creditsSpent: tally.credits,
    receipt: receiptOf(ctx, spreadsheet, selected),
  };
}
