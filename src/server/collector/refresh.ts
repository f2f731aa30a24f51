// What follows every driver's passes: the formulas waiting for what finished are entered again
// (Sheets runs a custom function only when its formula is entered or an argument changes), and
// the note the Edit trigger reads says what is left, so that the next edit is cheap when nothing is.
import type { CollectorReport } from '../../core/jobs/collector-ports';
import { formulasToRefresh } from '../../core/jobs/refresh';
import { noteCollected } from '../../core/jobs/signal';
import { cellA1 } from '../../core/text/cell-refs';
import { appsScriptClock, ttlCachePort } from '../adapters/apps-script';
import { spreadsheetById } from '../adapters/employee-sheets';
import { CACHE_SHEET_NAME } from '../adapters/sheet-store';
import { fastCache } from '../platform/cache';
import { orWarn } from '../warn';
import { keepCollecting } from './clock-trigger';
import type { FormulaWork } from './queued-formulas';
import { type FormulaCell, reenterFormulas } from './reentry';

/** Formulas re-entered at most per pass: each one is a custom function execution. */
const MAX_REFRESHED_FORMULAS = 200;

/**
 * After any driver's passes: the formulas waiting for what finished are re-entered, and the note
 * the Edit trigger reads says what is left, so that the next edit is cheap when nothing is.
 */
export function refreshAfter(report: CollectorReport, { queued, waiting }: FormulaWork): void {
  const left = { pending: report.pending + queued };
  orWarn('Could not note what the collector left', undefined, () => {
    noteCollected(ttlCachePort(fastCache()), left, report.readAt, appsScriptClock.now());
  });
  const finished = [...report.collected, ...report.expired, ...report.failed, ...report.stalled];
  const ids = [...finished, ...report.delivered].map((item) => item.spreadsheetId);
  for (const id of new Set(ids)) refreshWaitingFormulas(id);
  // Formulas still queued need a driver when nobody edits: the hourly clock is the backstop, and
  // takes up those waiting for the next day's budget.
  if (queued + waiting > 0) keepCollecting();
}

/**
 * Sheets re-runs a custom function only when its arguments change. Clearing the cell and writing
 * the same formula back makes it run again: it then finds its answer in the cache (no credit) or
 * its job's new state. `includeErrors` also re-enters formulas showing an error (after a re-run of
 * an expired job, whose formula showed the expiry). Never throws: the results are stored and the
 * jobs marked, a cell that stays stale is a lesser evil.
 */
export function refreshWaitingFormulas(spreadsheetId: string, includeErrors = false): void {
  orWarn('Could not refresh the formulas waiting for their jobs', undefined, () => {
    const spreadsheet = spreadsheetById(spreadsheetId);
    const targets: FormulaCell[] = [];
    for (const sheet of spreadsheet.getSheets()) {
      if (sheet.getName() === CACHE_SHEET_NAME) continue; // thousands of cached answers, no formulas
      const data = sheet.getDataRange();
      for (const cell of formulasToRefresh(data.getValues(), data.getFormulas(), { includeErrors }))
        targets.push({ sheet: sheet.getName(), a1: cellA1(cell.row, cell.column), formula: cell.formula });
    }
    reenterFormulas(spreadsheet, targets.slice(0, MAX_REFRESHED_FORMULAS));
  });
}
