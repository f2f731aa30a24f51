// The cells of one sheet: a sparse store of what each cell holds, the grid's size, and the spill
// areas of array results. It knows nothing of the spreadsheet around it: SheetModel (sheet-model.ts)
// says what a change means there, through the two hooks below.
//
// Assumed (ids of docs/platform-assumptions.md): S13 writing over a spill breaks it.

import { cellA1, type GridRange } from './a1';
import { blankCell, type Cell, type CellValue, cellKey, changesContent, isDate, type Outcome } from './cell';
import { gasError } from './errors';

/** Assumed (S12): a new sheet is 1,000 rows by 26 columns. */
const DEFAULT_ROWS = 1000;
const DEFAULT_COLUMNS = 26;

export abstract class CellGrid {
  maxRows = DEFAULT_ROWS;
  maxColumns = DEFAULT_COLUMNS;
  readonly #cells = new Map<string, Cell>();
  /** The keys of the cells holding a formula: a sheet without one answers recalculation at once. */
  readonly #formulaKeys = new Set<string>();
  /** Bumped by every change of content, so the last row and column are found once per change. */
  #version = 0;
  #extent: { version: number; lastRow: number; lastColumn: number } | null = null;
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
    return isDate(cell.value) ? new Date(cell.value.getTime()) : cell.value;
  }

  hasContent(row: number, column: number): boolean {
    const cell = this.#cells.get(cellKey(row, column));
    return !!cell && (cell.value !== '' || cell.formula !== '' || cell.error !== null);
  }

  lastRow(): number {
    return this.#contentExtent().lastRow;
  }

  lastColumn(): number {
    return this.#contentExtent().lastColumn;
  }

  #contentExtent(): { lastRow: number; lastColumn: number } {
    if (this.#extent?.version === this.#version) return this.#extent;
    let lastRow = 0;
    let lastColumn = 0;
    for (const [k] of this.#contentCells()) {
      const colon = k.indexOf(':');
      lastRow = Math.max(lastRow, Number(k.slice(0, colon)));
      lastColumn = Math.max(lastColumn, Number(k.slice(colon + 1)));
    }
    this.#extent = { version: this.#version, lastRow, lastColumn };
    return this.#extent;
  }

  /** Cells holding formulas, for recalculation. */
  formulaCells(): { row: number; column: number; cell: Readonly<Cell> }[] {
    const found: { row: number; column: number; cell: Readonly<Cell> }[] = [];
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
    this.#version++;
    if (!this.#maySpill) return;
    const own = cellKey(row, column);
    for (const [k, cell] of this.#cells) {
      if (cell.spillOf === own) {
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
    this.#version++;
    const place = (k: string): string | null => {
      const [row, column] = k.split(':').map(Number) as [number, number];
      const target = to(row, column);
      return target ? cellKey(target[0], target[1]) : null;
    };
    const moved = new Map<string, Cell>();
    for (const [k, cell] of this.#cells) {
      const target = place(k);
      if (target === null) continue;
      if (cell.spillOf !== null) {
        const anchor = place(cell.spillOf);
        if (anchor === null) Object.assign(cell, { value: '', spillOf: null });
        else cell.spillOf = anchor;
      }
      moved.set(target, cell);
    }
    this.#cells.clear();
    this.#formulaKeys.clear();
    for (const [k, cell] of moved) {
      this.#cells.set(k, cell);
      if (cell.formula !== '') this.#formulaKeys.add(k);
      this.#dropIfBlank(k, cell);
    }
  }

  protected patch(row: number, column: number, patch: Partial<Cell>): void {
    if (row > this.maxRows || column > this.maxColumns)
      this.checkBounds({ row, column, numRows: 1, numColumns: 1 });
    this.#version++;
    if (typeof patch.spillOf === 'string') this.#maySpill = true;
    const k = cellKey(row, column);
    const cell = this.#cells.get(k) ?? blankCell();
    if (patch.formula !== undefined && patch.formula !== cell.formula)
      this.formulaReplaced(row, column, cell.formula);
    if (changesContent(cell, patch)) this.contentChanged(row, column);
    Object.assign(cell, patch);
    this.#cells.set(k, cell);
    if (cell.formula !== '') this.#formulaKeys.add(k);
    else this.#formulaKeys.delete(k);
    this.#dropIfBlank(k, cell);
  }

  #dropIfBlank(k: string, cell: Cell): void {
    const blank = blankCell();
    const isBlank = (Object.keys(blank) as (keyof Cell)[]).every((field) => cell[field] === blank[field]);
    if (isBlank) this.#cells.delete(k);
  }

  *#contentCells(): Iterable<[string, Cell]> {
    for (const entry of this.#cells) {
      const cell = entry[1];
      if (cell.value !== '' || cell.formula !== '' || cell.error !== null) yield entry;
    }
  }
}
