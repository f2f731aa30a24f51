// The cells of one sheet: a sparse store of what each cell holds, the grid's size, and the spill
// areas of array results. It knows nothing of the spreadsheet around it: SheetModel (sheet-model.ts)
// says what a change means there, through the two hooks below.
//
// Assumed (ids of docs/platform-assumptions.md): S13 writing over a spill breaks it.

import { cellA1, type GridRange } from './a1';
import { blankCell, type Cell, type CellValue, cellKey, changesContent, isDate, type Outcome } from './cell';
import { gasError } from './errors';

/** What a cell holds when nothing was ever written to it; its fields, to tell a blank cell. */
const BLANK: Readonly<Cell> = blankCell();
const FIELDS = Object.keys(BLANK) as (keyof Cell)[];

/** A cell holding a formula, where it is. */
interface FormulaCell {
  readonly row: number;
  readonly column: number;
  readonly cell: Readonly<Cell>;
}

const holdsContent = (cell: Readonly<Cell>) =>
  cell.value !== '' || cell.formula !== '' || cell.error !== null;

/** Assumed (S12): a new sheet is 1,000 rows by 26 columns. */
const DEFAULT_ROWS = 1000;
const DEFAULT_COLUMNS = 26;

export abstract class CellGrid {
  maxRows = DEFAULT_ROWS;
  maxColumns = DEFAULT_COLUMNS;
  readonly #cells = new Map<string, Cell>();
  /** The keys of the cells holding a formula: a sheet without one answers recalculation at once. */
  readonly #formulaKeys = new Set<string>();
  /**
   * The formula cells in the cells' order, found again only when a cell gains or loses a formula
   * or cells move: recalculation asks at every change, and a sheet of 10,000 values and a few
   * formulas was walked whole each time.
   */
  #formulaList: readonly FormulaCell[] | null = null;
  /**
   * The last row and column holding content, kept while writes only add content or empty cells
   * inside them (a script filling a sheet row by row reads getLastRow between writes); null once
   * a change may have moved them in, found again on the next read.
   */
  #extent: { lastRow: number; lastColumn: number } | null = null;
  /** False until a formula spills here: a sheet that never had one skips the search for spills. */
  #maySpill = false;

  /** A cell's formula is about to change from `before`. */
  protected abstract formulaReplaced(row: number, column: number, before: string): void;

  /** A cell's value, formula or error changed: what makes formulas reading it run. */
  protected abstract contentChanged(row: number, column: number): void;

  cell(row: number, column: number): Readonly<Cell> {
    return this.#cells.get(cellKey(row, column)) ?? blankCell();
  }

  /** What getValue answers: the value, or the error's code. Never null or undefined. */
  value(row: number, column: number): CellValue {
    const cell = this.#cells.get(cellKey(row, column));
    if (!cell) return '';
    if (cell.error) return cell.error.code;
    const value = cell.value;
    return typeof value === 'object' && isDate(value) ? new Date(value.getTime()) : value;
  }

  hasContent(row: number, column: number): boolean {
    const cell = this.#cells.get(cellKey(row, column));
    return !!cell && holdsContent(cell);
  }

  lastRow(): number {
    return this.#contentExtent().lastRow;
  }

  lastColumn(): number {
    return this.#contentExtent().lastColumn;
  }

  #contentExtent(): { lastRow: number; lastColumn: number } {
    if (this.#extent) return this.#extent;
    let lastRow = 0;
    let lastColumn = 0;
    for (const [k, cell] of this.#cells) {
      if (!holdsContent(cell)) continue;
      const colon = k.indexOf(':');
      lastRow = Math.max(lastRow, Number(k.slice(0, colon)));
      lastColumn = Math.max(lastColumn, Number(k.slice(colon + 1)));
    }
    this.#extent = { lastRow, lastColumn };
    return this.#extent;
  }

  /** Keeps the known extent true after the cell at row, column went from `had` content to `has`. */
  #contentMoved(row: number, column: number, had: boolean, has: boolean): void {
    const extent = this.#extent;
    if (!extent || had === has) return;
    if (has) {
      extent.lastRow = Math.max(extent.lastRow, row);
      extent.lastColumn = Math.max(extent.lastColumn, column);
    } else if (row >= extent.lastRow || column >= extent.lastColumn) this.#extent = null;
  }

  /** Cells holding formulas, for recalculation. */
  formulaCells(): readonly FormulaCell[] {
    this.#formulaList ??= this.#findFormulaCells();
    return this.#formulaList;
  }

  #findFormulaCells(): FormulaCell[] {
    const found: FormulaCell[] = [];
    // Walked in the cells' own order, which decides the order formulas run in.
    if (this.#formulaKeys.size === 0) return found;
    for (const [k, cell] of this.#cells) {
      if (cell.formula === '') continue;
      const colon = k.indexOf(':');
      found.push({ row: Number(k.slice(0, colon)), column: Number(k.slice(colon + 1)), cell });
    }
    return found;
  }

  /** Verified wording for ranges past the grid. */
  checkBounds(range: GridRange): void {
    if (range.row + range.numRows - 1 > this.maxRows) throw gasError('Those rows are out of bounds.');
    if (range.column + range.numColumns - 1 > this.maxColumns)
      throw gasError('Those columns are out of bounds.');
  }

  /** Places a formula's result in its cell and spill area, or the #REF!/#ERROR! Sheets would show. */
  placeOutcome(row: number, column: number, outcome: Outcome): Outcome {
    this.releaseSpill(row, column);
    const placed = 'error' in outcome ? outcome : this.#checkSpill(row, column, outcome.values);
    if ('error' in placed) {
      this.patch(row, column, { value: '', error: placed.error, stale: false });
      return placed;
    }
    placed.values.forEach((line, r) => {
      line.forEach((value, c) => {
        if (r === 0 && c === 0) this.patch(row, column, { value, error: null, stale: false });
        else
          this.patch(row + r, column + c, { value, formula: '', error: null, spillOf: cellKey(row, column) });
      });
    });
    return placed;
  }

  clear(range: GridRange, what: { contents: boolean; formats: boolean; notes: boolean }): void {
    const inside = (r: number, c: number) =>
      r >= range.row &&
      r < range.row + range.numRows &&
      c >= range.column &&
      c < range.column + range.numColumns;
    // Only stored cells can hold anything to clear: a whole sheet is 26,000 cells, most never used.
    for (const k of [...this.#cells.keys()]) {
      const [r, c] = k.split(':').map(Number) as [number, number];
      if (!inside(r, c)) continue;
      if (what.contents) {
        this.releaseSpill(r, c);
        this.patch(r, c, { value: '', formula: '', error: null, stale: false, spillOf: null });
      }
      if (what.formats) this.patch(r, c, { bold: false, numberFormat: '' });
      if (what.notes) this.patch(r, c, { note: '' });
    }
  }

  setFormat(row: number, column: number, patch: Partial<Pick<Cell, 'bold' | 'numberFormat' | 'note'>>): void {
    this.patch(row, column, patch);
  }

  #checkSpill(row: number, column: number, values: CellValue[][]): Outcome {
    const height = values.length;
    const width = Math.max(1, ...values.map((line) => line.length));
    const grid = values.map((line) => Array.from({ length: width }, (_, c) => line[c] ?? ''));
    if (height === 0) return { values: [['']] };
    const missingRows = row + height - 1 - this.maxRows;
    if (missingRows > 0) {
      return {
        error: {
          code: '#REF!',
          message: `Result was not automatically expanded, please insert more rows (${missingRows}).`,
        },
      };
    }
    const missingColumns = column + width - 1 - this.maxColumns;
    if (missingColumns > 0) {
      return {
        error: {
          code: '#REF!',
          message: `Result was not automatically expanded, please insert more columns (${missingColumns}).`,
        },
      };
    }
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if ((r > 0 || c > 0) && this.hasContent(row + r, column + c)) {
          const where = cellA1(row + r, column + c);
          return {
            error: {
              code: '#REF!',
              message: `Array result was not expanded because it would overwrite data in ${where}.`,
            },
          };
        }
      }
    }
    return { values: grid };
  }

  /**
   * Frees the cells an anchor spilled into; writing over a spilled cell instead breaks its anchor's
   * spill, which Sheets shows as #REF! after recalculation.
   */
  protected releaseSpill(row: number, column: number): void {
    if (!this.#maySpill) return;
    const own = cellKey(row, column);
    for (const [k, cell] of this.#cells) {
      if (cell.spillOf === own) {
        this.#extent = null;
        cell.value = '';
        cell.spillOf = null;
        this.#dropIfBlank(k, cell);
      }
    }
    const here = this.#cells.get(own);
    if (here?.spillOf) {
      const anchor = this.#cells.get(here.spillOf);
      if (anchor) anchor.stale = true;
      here.spillOf = null;
    }
  }

  /**
   * Moves every stored cell to where `to` says, dropping those it answers null for. A spill whose
   * anchor was dropped is emptied, as Sheets shows nothing once its formula is gone.
   */
  protected moveCells(to: (row: number, column: number) => [number, number] | null): void {
    const place = (k: string): string | null => {
      const colon = k.indexOf(':');
      const target = to(Number(k.slice(0, colon)), Number(k.slice(colon + 1)));
      return target ? cellKey(target[0], target[1]) : null;
    };
    const targets = new Map<string, string | null>();
    let moves = false;
    for (const k of this.#cells.keys()) {
      const target = place(k);
      targets.set(k, target);
      moves ||= target !== k;
    }
    // Rows or columns added past the cells in use, as a script growing its sheet does: none moves.
    if (!moves) return;
    this.#extent = null;
    const moved = new Map<string, Cell>();
    for (const [k, cell] of this.#cells) {
      const target = targets.get(k)!;
      if (target === null) continue;
      if (cell.spillOf !== null) {
        const anchor = targets.get(cell.spillOf) ?? place(cell.spillOf);
        if (anchor === null) Object.assign(cell, { value: '', spillOf: null });
        else cell.spillOf = anchor;
      }
      moved.set(target, cell);
    }
    this.#cells.clear();
    this.#formulaKeys.clear();
    this.#formulaList = null;
    for (const [k, cell] of moved) {
      this.#cells.set(k, cell);
      if (cell.formula !== '') this.#formulaKeys.add(k);
      this.#dropIfBlank(k, cell);
    }
  }

  protected patch(row: number, column: number, patch: Partial<Cell>): void {
    if (row > this.maxRows || column > this.maxColumns)
      this.checkBounds({ row, column, numRows: 1, numColumns: 1 });
    if (typeof patch.spillOf === 'string') this.#maySpill = true;
    const k = cellKey(row, column);
    const cell = this.#cells.get(k) ?? blankCell();
    if (patch.formula !== undefined && patch.formula !== cell.formula)
      this.formulaReplaced(row, column, cell.formula);
    const had = holdsContent(cell);
    if (changesContent(cell, patch)) this.contentChanged(row, column);
    Object.assign(cell, patch);
    this.#contentMoved(row, column, had, holdsContent(cell));
    this.#cells.set(k, cell);
    const hasFormula = cell.formula !== '';
    if (hasFormula !== this.#formulaKeys.has(k)) {
      if (hasFormula) this.#formulaKeys.add(k);
      else this.#formulaKeys.delete(k);
      this.#formulaList = null;
    }
    this.#dropIfBlank(k, cell);
  }

  #dropIfBlank(k: string, cell: Cell): void {
    if (FIELDS.every((field) => cell[field] === BLANK[field])) this.#cells.delete(k);
  }
}
