// Ctrl+Z, as in Sheets: each edit, paste, fill-down or menu action the user makes is a step, and
// undoing it puts back what its cells held (values and formulas) before it. What a menu action
// changed is not known in advance, so every visible sheet is read before and after it and the
// difference kept. The cells go back as the user's own edit: a formula put back runs again, and
// answers from the add-on's cache (paid once, never again). Hidden sheets are the add-on's own
// records (saved answers, the ledger): an undo never touches them, nor a sheet the step created.
// Cells something else changed since the step (a trigger, the sidebar) are left as they are now.
// Not kept exactly: a date goes back as the text it showed (the emulator reads no typed dates).
import type { GridRange } from '../emulator/a1';
import type { SheetModel, SpreadsheetModel } from '../emulator/sheet-model';
import { cellSnapshot } from './snapshot';

/** Steps kept, as Sheets keeps a long history of its own. */
const MAX_STEPS = 100;

/** What the user would type to put the cell back ('' for an empty cell or a spilled answer's). */
function inputOf(sheet: SheetModel, row: number, column: number): string {
  const cell = sheet.cell(row, column);
  if (cell.formula !== '') return cell.formula;
  if (cell.spillOf !== null || cell.value === '') return '';
  if (typeof cell.value === 'number') return String(cell.value);
  if (typeof cell.value === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  // Text as the formula bar shows it: an apostrophe keeps text that would be read otherwise.
  return cellSnapshot(sheet, row, column)?.input ?? '';
}

/** Each visible sheet's non-empty cells, by sheet id then "row:column". */
type Snapshot = Map<number, Map<string, string>>;

function snapshot(document: SpreadsheetModel): Snapshot {
  const sheets: Snapshot = new Map();
  for (const sheet of document.sheets) {
    if (sheet.hidden) continue;
    const cells = new Map<string, string>();
    for (let row = 1; row <= sheet.lastRow(); row++) {
      for (let column = 1; column <= sheet.lastColumn(); column++) {
        const input = inputOf(sheet, row, column);
        if (input !== '') cells.set(`${row}:${column}`, input);
      }
    }
    sheets.set(sheet.id, cells);
  }
  return sheets;
}

interface Change {
  row: number;
  column: number;
  before: string;
  after: string;
}

/** One step: its changed cells, by sheet id. */
type Step = Map<number, Change[]>;

function difference(before: Snapshot, after: Snapshot): Step {
  const step: Step = new Map();
  for (const [id, was] of before) {
    const now = after.get(id);
    if (!now) continue;
    const changes: Change[] = [];
    for (const key of new Set([...was.keys(), ...now.keys()])) {
      const [row, column] = key.split(':').map(Number) as [number, number];
      const change = { row, column, before: was.get(key) ?? '', after: now.get(key) ?? '' };
      if (change.before !== change.after) changes.push(change);
    }
    if (changes.length > 0) step.set(id, changes);
  }
  return step;
}

/** A block of cells to type back, as one edit. */
export interface Restore {
  sheet: SheetModel;
  block: GridRange;
  inputs: string[][];
}

/**
 * The changes as blocks holding only changed cells: runs down each column, side by side when their
 * rows match. Blocks without formulas come first, so that a formula put back finds its spill
 * area empty.
 */
function blocksOf(sheet: SheetModel, changes: readonly Change[]): Restore[] {
  const byCell = new Map(changes.map((change) => [`${change.row}:${change.column}`, change.before]));
  const runs = [...changes].sort((a, b) => a.column - b.column || a.row - b.row);
  const blocks: Restore[] = [];
  for (let i = 0; i < runs.length; ) {
    const { row, column } = runs[i]!;
    let rows = 1;
    while (runs[i + rows]?.column === column && runs[i + rows]!.row === row + rows) rows++;
    i += rows;
    const open = blocks.find(
      (b) =>
        b.block.row === row && b.block.numRows === rows && b.block.column + b.block.numColumns === column,
    );
    if (open) open.block = { ...open.block, numColumns: open.block.numColumns + 1 };
    else blocks.push({ sheet, block: { row, column, numRows: rows, numColumns: 1 }, inputs: [] });
  }
  for (const { block, inputs } of blocks) {
    for (let r = 0; r < block.numRows; r++)
      inputs.push(
        Array.from(
          { length: block.numColumns },
          (_, c) => byCell.get(`${block.row + r}:${block.column + c}`)!,
        ),
      );
  }
  const hasFormula = (restore: Restore) =>
    restore.inputs.some((line) => line.some((text) => text.startsWith('=')));
  return blocks.sort((a, b) => Number(hasFormula(a)) - Number(hasFormula(b)));
}

export class UndoHistory {
  readonly #steps: Step[] = [];

  constructor(private readonly document: SpreadsheetModel) {}

  /** Runs one user action, keeping what it changed (even when it failed half-way) as a step. */
  record<T>(action: () => T): T {
    const before = snapshot(this.document);
    try {
      return action();
    } finally {
      const step = difference(before, snapshot(this.document));
      if (step.size > 0) this.#steps.push(step);
      if (this.#steps.length > MAX_STEPS) this.#steps.shift();
    }
  }

  /**
   * Rows or columns were inserted or deleted: the cells the steps name moved, so none of them can
   * be put back where it was. The history starts again (Sheets would undo the insertion first; the
   * playground does not undo one).
   */
  forget(): void {
    this.#steps.length = 0;
  }

  /**
   * Takes the last step off the history: the blocks to type back, its cells still as it left them.
   * Null when there is nothing to undo.
   */
  takeLast(): Restore[] | null {
    const step = this.#steps.pop();
    if (!step) return null;
    const restores: Restore[] = [];
    for (const [id, changes] of step) {
      const sheet = this.document.sheets.find((each) => each.id === id);
      if (!sheet || sheet.hidden) continue;
      const unchanged = changes.filter(
        (change) => inputOf(sheet, change.row, change.column) === change.after,
      );
      restores.push(...blocksOf(sheet, unchanged));
    }
    return restores;
  }
}
