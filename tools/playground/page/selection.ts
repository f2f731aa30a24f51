// The selection, as in Sheets: an active cell (where typing goes) and the range from it to the
// cell last reached by Shift+arrows or a drag. Kept inside the sheet's grid.
import { cellA1 } from '../../emulator/a1';

export interface CellAt {
  readonly row: number;
  readonly column: number;
}

export interface Bounds {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export class Selection {
  #anchor: CellAt = { row: 1, column: 1 };
  #focus: CellAt = { row: 1, column: 1 };
  #size = { rows: 1000, columns: 26 };

  /** The sheet's grid; the selection is pulled back inside it. */
  resize(rows: number, columns: number): void {
    this.#size = { rows, columns };
    this.#anchor = this.#clamp(this.#anchor);
    this.#focus = this.#clamp(this.#focus);
  }

  get active(): CellAt {
    return this.#anchor;
  }

  get bounds(): Bounds {
    return {
      top: Math.min(this.#anchor.row, this.#focus.row),
      bottom: Math.max(this.#anchor.row, this.#focus.row),
      left: Math.min(this.#anchor.column, this.#focus.column),
      right: Math.max(this.#anchor.column, this.#focus.column),
    };
  }

  /** "B2", or "B2:C14" for a range. */
  get a1(): string {
    const { top, left, bottom, right } = this.bounds;
    const start = cellA1(top, left);
    return top === bottom && left === right ? start : `${start}:${cellA1(bottom, right)}`;
  }

  /** The cell the range was last stretched to (where Shift+arrows continue from). */
  get focus(): CellAt {
    return this.#focus;
  }

  isSingle(): boolean {
    const { top, left, bottom, right } = this.bounds;
    return top === bottom && left === right;
  }

  contains(row: number, column: number): boolean {
    const { top, left, bottom, right } = this.bounds;
    return row >= top && row <= bottom && column >= left && column <= right;
  }

  /** One cell selected. */
  set(cell: CellAt): void {
    this.#anchor = this.#clamp(cell);
    this.#focus = this.#anchor;
  }

  /** The range stretched from the active cell to `cell`. */
  extend(cell: CellAt): void {
    this.#focus = this.#clamp(cell);
  }

  /** A whole block, its top-left cell active. */
  setRange(from: CellAt, to: CellAt): void {
    this.#anchor = this.#clamp(from);
    this.#focus = this.#clamp(to);
  }

  /** Moves the active cell (arrows, Enter, Tab); the range collapses to it. */
  move(rows: number, columns: number): void {
    this.set({ row: this.#anchor.row + rows, column: this.#anchor.column + columns });
  }

  /** Stretches the range (Shift+arrows). */
  extendBy(rows: number, columns: number): void {
    this.extend({ row: this.#focus.row + rows, column: this.#focus.column + columns });
  }

  #clamp(cell: CellAt): CellAt {
    return {
      row: Math.min(Math.max(cell.row, 1), this.#size.rows),
      column: Math.min(Math.max(cell.column, 1), this.#size.columns),
    };
  }
}
