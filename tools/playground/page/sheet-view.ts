// The grid, drawn as Sheets draws it: every row of the sheet is there to scroll through, but only
// the rows on screen (and a few either side) exist in the page, so a 1,000-row sheet stays fast.
// Column letters stay at the top and row numbers at the left while it scrolls.
import { cellA1, columnLetters } from '../../emulator/a1';
import type { RowWindow, WorkbookState } from '../state';
import { paintCell, spreadOverflow } from './cell-paint';
import { element } from './dom';
import type { CellAt, Selection } from './selection';

/** Rows drawn beyond the screen's edges, so a short scroll shows no blank. */
const OVERSCAN = 12;
/** Rows asked of the server beyond the screen's edges. */
const DATA_MARGIN = 60;
const ROW_HEIGHT = 24;
const HEADER_HEIGHT = 24;
const ROW_HEADER_WIDTH = 46;
const FIRST_COLUMN_WIDTH = 230;
const COLUMN_WIDTH = 140;

export interface ViewSource {
  readonly state: WorkbookState;
  readonly selection: Selection;
  /** Cells committed and not answered yet: they show "Loading...", whatever the state says. */
  readonly loading: ReadonlySet<string>;
}

interface RowRange {
  readonly first: number;
  readonly last: number;
}

export class SheetView {
  readonly #scroller: HTMLElement;
  readonly #table: HTMLTableElement;
  readonly #rowsNeeded: (window: RowWindow) => void;
  #source: ViewSource | null = null;
  #columns = 0;
  #rows = 0;
  #drawn: RowRange = { first: 1, last: 0 };
  #frame = 0;

  /** `rowsNeeded` is told when the rows on screen are not all in the state's window. */
  constructor(scroller: HTMLElement, table: HTMLTableElement, rowsNeeded: (window: RowWindow) => void) {
    this.#scroller = scroller;
    this.#table = table;
    this.#rowsNeeded = rowsNeeded;
    scroller.addEventListener('scroll', () => {
      cancelAnimationFrame(this.#frame);
      this.#frame = requestAnimationFrame(() => this.#follow());
    });
    window.addEventListener('resize', () => this.#follow());
  }

  /** Draws the state: the header when the sheet's size changed, then the rows on screen. */
  render(source: ViewSource): void {
    this.#source = source;
    const { size } = source.state;
    if (size.columns !== this.#columns || size.rows !== this.#rows) this.#build(size.rows, size.columns);
    this.#drawRows(this.#wanted(), true);
    this.#askForMissingRows();
  }

  /** The rows a state should carry for what is on screen now. */
  rowWindow(): RowWindow {
    const { first, last } = this.#onScreen();
    const top = Math.max(1, first - DATA_MARGIN);
    return { top, rows: last + DATA_MARGIN - top + 1 };
  }

  /** How many rows the grid shows at once (Page Down moves by that many). */
  rowsOnScreen(): number {
    const { first, last } = this.#onScreen();
    return Math.max(1, last - first);
  }

  /** Marks the selection (active cell, range, headers) without redrawing the cells. */
  showSelection(): void {
    const source = this.#source;
    if (!source) return;
    const { selection } = source;
    const active = selection.active;
    for (const td of this.#table.querySelectorAll<HTMLTableCellElement>('td[data-a1]')) {
      const row = Number(td.dataset.row);
      const column = Number(td.dataset.column);
      td.classList.toggle('selected', row === active.row && column === active.column);
      td.classList.toggle('in-range', !selection.isSingle() && selection.contains(row, column));
    }
    const { top, bottom, left, right } = selection.bounds;
    for (const th of this.#table.querySelectorAll<HTMLElement>('th[data-column]')) {
      const column = Number(th.dataset.column);
      th.classList.toggle('active', column >= left && column <= right);
    }
    for (const th of this.#table.querySelectorAll<HTMLElement>('th[data-row]')) {
      const row = Number(th.dataset.row);
      th.classList.toggle('active', row >= top && row <= bottom);
    }
  }

  /** Scrolls just enough to show a cell, as moving the selection does in Sheets. */
  scrollToCell(cell: CellAt): void {
    const box = this.cellBox(cell);
    const scroller = this.#scroller;
    const viewTop = scroller.scrollTop + HEADER_HEIGHT;
    const viewBottom = scroller.scrollTop + scroller.clientHeight;
    if (box.top < viewTop) scroller.scrollTop = box.top - HEADER_HEIGHT;
    else if (box.top + box.height > viewBottom)
      scroller.scrollTop = box.top + box.height - scroller.clientHeight;
    const viewLeft = scroller.scrollLeft + ROW_HEADER_WIDTH;
    const viewRight = scroller.scrollLeft + scroller.clientWidth;
    if (box.left < viewLeft) scroller.scrollLeft = box.left - ROW_HEADER_WIDTH;
    else if (box.left + box.width > viewRight)
      scroller.scrollLeft = box.left + box.width - scroller.clientWidth;
    this.#follow();
  }

  /** Where a cell sits in the scrolled content, in pixels. */
  cellBox(cell: CellAt): { left: number; top: number; width: number; height: number } {
    return {
      left: ROW_HEADER_WIDTH + columnLeft(cell.column),
      top: HEADER_HEIGHT + (cell.row - 1) * ROW_HEIGHT,
      width: columnWidth(cell.column),
      height: ROW_HEIGHT,
    };
  }

  /** The column letters and the columns' widths, for a sheet of this size. */
  #build(rows: number, columns: number): void {
    this.#rows = rows;
    this.#columns = columns;
    const colgroup = element('colgroup', '');
    const headerCol = element('col', '');
    headerCol.style.width = `${ROW_HEADER_WIDTH}px`;
    colgroup.append(headerCol);
    const head = element('tr', '');
    head.append(element('th', 'corner'));
    for (let column = 1; column <= columns; column++) {
      const col = element('col', '');
      col.style.width = `${columnWidth(column)}px`;
      colgroup.append(col);
      const th = element('th', 'column-header', columnLetters(column));
      th.dataset.column = String(column);
      head.append(th);
    }
    const thead = element('thead', '');
    thead.append(head);
    this.#table.replaceChildren(colgroup, thead, element('tbody', ''));
    this.#table.style.width = `${ROW_HEADER_WIDTH + columnLeft(columns + 1)}px`;
    this.#drawn = { first: 1, last: 0 };
  }

  /** The rows between the top and bottom edges of the grid's visible part. */
  #onScreen(): RowRange {
    const scroller = this.#scroller;
    const first = Math.floor(scroller.scrollTop / ROW_HEIGHT) + 1;
    const shown = Math.ceil(Math.max(0, scroller.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) + 1;
    return { first: Math.min(first, Math.max(1, this.#rows)), last: Math.min(first + shown - 1, this.#rows) };
  }

  #wanted(): RowRange {
    const { first, last } = this.#onScreen();
    return { first: Math.max(1, first - OVERSCAN), last: Math.min(this.#rows, last + OVERSCAN) };
  }

  /** After a scroll: draws again only when rows on screen are not drawn yet. */
  #follow(): void {
    if (!this.#source) return;
    const screen = this.#onScreen();
    if (screen.first < this.#drawn.first || screen.last > this.#drawn.last)
      this.#drawRows(this.#wanted(), false);
    this.#askForMissingRows();
  }

  #askForMissingRows(): void {
    const window = this.#source?.state.window;
    const { first, last } = this.#onScreen();
    if (window && (first < window.top || last > window.top + window.rows - 1))
      this.#rowsNeeded(this.rowWindow());
  }

  /**
   * Draws rows `range` between two spacers; with `repaint`, cells already drawn are painted again.
   * What did not change is left as it is: the page's poll repaints every few seconds, and moving
   * or measuring rows that are already right would lay the whole grid out each time.
   */
  #drawRows(range: RowRange, repaint: boolean): void {
    const source = this.#source;
    const body = this.#table.tBodies[0];
    if (!source || !body) return;
    const kept = new Map<number, HTMLTableRowElement>();
    for (const tr of body.querySelectorAll<HTMLTableRowElement>('tr[data-row]')) {
      const row = Number(tr.dataset.row);
      if (row >= range.first && row <= range.last) kept.set(row, tr);
    }
    const rows: HTMLTableRowElement[] = [];
    const changed: HTMLTableRowElement[] = [];
    for (let row = range.first; row <= range.last; row++) {
      const existing = kept.get(row);
      const tr = existing ?? this.#newRow(row);
      if ((!existing || repaint) && this.#paintRow(tr, source)) changed.push(tr);
      rows.push(tr);
    }
    const same =
      range.first === this.#drawn.first && range.last === this.#drawn.last && kept.size === rows.length;
    if (!same)
      body.replaceChildren(this.#spacer(range.first - 1), ...rows, this.#spacer(this.#rows - range.last));
    this.#drawn = range;
    spreadOverflow(changed);
    this.showSelection();
  }

  #newRow(row: number): HTMLTableRowElement {
    const tr = element('tr', '');
    tr.dataset.row = String(row);
    const th = element('th', 'row-header', String(row));
    th.dataset.row = String(row);
    tr.append(th);
    for (let column = 1; column <= this.#columns; column++) {
      const td = element('td', '');
      td.dataset.a1 = cellA1(row, column);
      td.dataset.row = String(row);
      td.dataset.column = String(column);
      tr.append(td);
    }
    return tr;
  }

  /** Rows the state does not cover yet (just scrolled to) stay blank until it does. Answers whether any cell changed. */
  #paintRow(tr: HTMLTableRowElement, source: ViewSource): boolean {
    const { cells } = source.state;
    let changed = false;
    for (const td of tr.querySelectorAll<HTMLTableCellElement>('td[data-a1]')) {
      const a1 = td.dataset.a1 ?? '';
      if (paintCell(td, cells[a1], source.loading.has(a1))) changed = true;
    }
    return changed;
  }

  #spacer(rows: number): HTMLTableRowElement {
    const tr = element('tr', 'spacer');
    const td = element('td', '');
    td.colSpan = this.#columns + 1;
    td.style.height = `${rows * ROW_HEIGHT}px`;
    tr.append(td);
    tr.hidden = rows === 0;
    return tr;
  }
}

function columnWidth(column: number): number {
  return column === 1 ? FIRST_COLUMN_WIDTH : COLUMN_WIDTH;
}

/** The left edge of a column, from the left of column A. */
function columnLeft(column: number): number {
  return column <= 1 ? 0 : FIRST_COLUMN_WIDTH + (column - 2) * COLUMN_WIDTH;
}
