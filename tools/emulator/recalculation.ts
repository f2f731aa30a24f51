// When Sheets runs a custom function (assumption X3 of docs/platform-assumptions.md): when its
// formula is entered, by a user or by a script's write, and when a cell passed to it as an argument
// changes. Google's Custom Functions guide: "the custom function doesn't recalculate until you edit
// the function, or you change the value of a referenced cell." Nothing else runs one: not time
// passing, not an edit elsewhere, not its own text saying "try again". A formula whose array result
// was blocked runs again when the blocking cell changes. Re-runs Sheets makes on its own (reopening
// is reported to) are not modelled: nothing may count on them, and a test that wants one says so
// with `Emulator.rerunUnasked`.

import { type GridRange, parseA1 } from './a1';
import type { Cell } from './cell';
import { parseFormula } from './formula';
import type { SheetModel, SpreadsheetModel } from './sheet-model';

export interface FormulaToRun {
  readonly sheet: SheetModel;
  readonly row: number;
  readonly column: number;
}

type Changes = ReadonlyMap<SheetModel, ReadonlySet<string>>;

/** A sheet's changed cells: their keys, and as row, column pairs once a formula asks. */
interface SheetChanges {
  readonly keys: ReadonlySet<string>;
  /** Row, column, row, column…: parsed once a pass, then compared by every formula tested. */
  cells: number[] | null;
}

const idOf = (sheet: SheetModel, row: number, column: number) => `${sheet.id}:${row}:${column}`;

/**
 * The formulas Sheets runs now: those entered and not run yet, and those reading a changed cell,
 * each at most once per settling (`done` holds the ones already run).
 */
export function formulasToRun(
  document: SpreadsheetModel,
  changes: Changes,
  done: Set<string>,
): FormulaToRun[] {
  const due: FormulaToRun[] = [];
  const changed = new Map<SheetModel, SheetChanges>();
  for (const [sheet, keys] of changes) changed.set(sheet, { keys, cells: null });
  for (const sheet of document.sheets) {
    for (const { row, column, cell } of sheet.formulaCells()) {
      const entered = cell.stale;
      // With nothing changed only entered formulas run: most passes, after a script's reads.
      if (!entered && changes.size === 0) continue;
      const id = idOf(sheet, row, column);
      if (!entered && (done.has(id) || !mustRun(document, sheet, cell, changed))) continue;
      done.add(id);
      due.push({ sheet, row, column });
    }
  }
  return due;
}

function mustRun(
  document: SpreadsheetModel,
  sheet: SheetModel,
  cell: Readonly<Cell>,
  changes: ReadonlyMap<SheetModel, SheetChanges>,
): boolean {
  if (changes.size === 0) return false;
  const blocker = blockingCell(cell);
  if (blocker && changes.get(sheet)?.keys.has(blocker)) return true;
  const parsed = parseFormula(cell.formula);
  const args = parsed.kind === 'call' ? parsed.args : parsed.kind === 'value' ? [parsed.arg] : [];
  return args.some((arg) => {
    if (arg.kind !== 'ref') return false;
    const target = arg.sheetName === null ? sheet : document.sheetByName(arg.sheetName);
    const changed = target ? changes.get(target) : undefined;
    if (!target || !changed || changed.keys.size === 0) return false;
    const range = parseA1(arg.a1, target.maxRows, target.maxColumns);
    return range !== null && touches(range, changed);
  });
}

/** Whether a changed cell lies in the range: the smaller side is walked. */
function touches(range: GridRange, changed: SheetChanges): boolean {
  if (range.numRows * range.numColumns <= changed.keys.size) {
    for (let r = 0; r < range.numRows; r++)
      for (let c = 0; c < range.numColumns; c++)
        if (changed.keys.has(`${range.row + r}:${range.column + c}`)) return true;
    return false;
  }
  changed.cells ??= [...changed.keys].flatMap((k) => k.split(':').map(Number));
  const cells = changed.cells;
  const rowsEnd = range.row + range.numRows;
  const columnsEnd = range.column + range.numColumns;
  for (let i = 0; i < cells.length; i += 2) {
    const row = cells[i]!;
    const column = cells[i + 1]!;
    if (row >= range.row && row < rowsEnd && column >= range.column && column < columnsEnd) return true;
  }
  return false;
}

/** The cell ("row:column") that blocked an array result, from Sheets' own message. */
function blockingCell(cell: Readonly<Cell>): string | null {
  if (cell.error?.code !== '#REF!') return null;
  const a1 = /would overwrite data in ([A-Z]+\d+)\./.exec(cell.error.message)?.[1];
  const range = a1 ? parseA1(a1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) : null;
  return range ? `${range.row}:${range.column}` : null;
}
