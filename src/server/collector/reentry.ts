// Making Sheets run formulas again. It runs a custom function only when its formula is entered or an
// argument changes, and the same formula text written over itself is reported to be served from
// its cache: so each cell is cleared, the writes flushed, and the user's exact formula written back.
// Cells are taken in runs of one column (a filled-down column is one run), so hundreds of formulas
// cost a few calls, not two each.

import type { QueuedFormula } from '../../core/formula-queue/records';
import { parseCell } from '../../core/text/cell-refs';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** A formula's cell, and the text it must still hold: a formula the user changed meanwhile is left alone. */
export type FormulaCell = Pick<QueuedFormula, 'sheet' | 'a1' | 'formula'>;

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Run = { sheet: Sheet; row: number; column: number; formulas: string[] };
type At = { row: number; column: number; formula: string };

/** Re-enters the formulas, each once. */
export function reenterFormulas(spreadsheet: Spreadsheet, cells: readonly FormulaCell[]): void {
  const runs = stillThere(columnRuns(spreadsheet, cells));
  if (runs.length === 0) return;
  for (const run of runs)
    run.sheet.getRange(run.row, run.column, run.formulas.length, 1).setValues(run.formulas.map(() => ['']));
  SpreadsheetApp.flush();
  for (const run of runs)
    run.sheet.getRange(run.row, run.column, run.formulas.length, 1).setFormulas(run.formulas.map((f) => [f]));
}

/** Groups the cells into runs of consecutive rows of one column. */
function columnRuns(spreadsheet: Spreadsheet, cells: readonly FormulaCell[]): Run[] {
  const bySheet = new Map<string, At[]>();
  for (const cell of cells) {
    const at = parseCell(cell.a1);
    if (!at) continue;
    const list = bySheet.get(cell.sheet) ?? [];
    list.push({ ...at, formula: cell.formula });
    bySheet.set(cell.sheet, list);
  }
  const runs: Run[] = [];
  for (const [name, list] of bySheet) {
    const sheet = spreadsheet.getSheetByName(name);
    if (sheet) runs.push(...runsOfSheet(sheet, list));
  }
  return runs;
}

function runsOfSheet(sheet: Sheet, list: At[]): Run[] {
  list.sort((a, b) => a.column - b.column || a.row - b.row);
  const own: Run[] = [];
  for (const cell of list) {
    const last = own[own.length - 1];
    const end = last && last.column === cell.column ? last.row + last.formulas.length : -1;
    if (end === cell.row) last!.formulas.push(cell.formula);
    else if (cell.row >= end)
      own.push({ sheet, row: cell.row, column: cell.column, formulas: [cell.formula] });
    // A cell already in the run (named twice) is re-entered once.
  }
  return own;
}

/** The runs cut down to the cells that still hold the formula expected (one read a run). */
function stillThere(runs: readonly Run[]): Run[] {
  const kept: Run[] = [];
  for (const run of runs) {
    const now = run.sheet.getRange(run.row, run.column, run.formulas.length, 1).getFormulas();
    let current: Run | null = null;
    run.formulas.forEach((formula, i) => {
      if (now[i]?.[0] !== formula) {
        current = null;
        return;
      }
      if (current) current.formulas.push(formula);
      else {
        current = { ...run, row: run.row + i, formulas: [formula] };
        kept.push(current);
      }
    });
  }
  return kept;
}
