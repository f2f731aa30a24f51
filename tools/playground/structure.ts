// Rows, columns and sheets as a user changes them in Sheets: Insert > Rows above/below and Columns
// left/right, Edit > Delete rows/columns (over the selected rows or columns, as many as selected),
// the "+" by the tabs, a tab's Rename, Hide and Delete, and View > Hidden sheets. Each goes through
// the emulator's user actions, which fire the Change triggers Sheets fires for it and never Edit
// (T9, S17), so a user can try what the add-on promises about inserted rows and its hidden sheets.
import type { GridRange } from '../emulator/a1';
import type { Emulator, LoadedBundle } from '../emulator/emulator';
import type { SheetModel } from '../emulator/sheet-model';

/** What a change of the structure needs of the file it is made in (workbook.ts). */
export interface StructureSite {
  readonly emu: Emulator;
  readonly bundle: LoadedBundle;
  /** The tab shown, and the selection on it. */
  shown(): { sheet: SheetModel; selection: GridRange };
  /** Rows or columns moved: the undo history's cells are no longer where they were. */
  cellsMoved(): void;
  /** Shows a tab. */
  show(name: string): void;
  renamed(from: string, to: string): void;
}

export class SheetStructure {
  readonly #site: StructureSite;

  constructor(site: StructureSite) {
    this.#site = site;
  }

  /** Inserts as many blank rows as the selection has, above or below it: Change INSERT_ROW. */
  insertRows(side: 'above' | 'below'): void {
    const { sheet, selection } = this.#site.shown();
    const after = side === 'above' ? selection.row - 1 : selection.row + selection.numRows - 1;
    this.#site.emu.user.insertRows(this.#site.bundle, sheet.name, after, selection.numRows);
    this.#site.cellsMoved();
  }

  /** Deletes the selected rows: Change REMOVE_ROW. A sheet keeps one row at least. */
  deleteRows(): void {
    const { sheet, selection } = this.#site.shown();
    if (selection.numRows >= sheet.maxRows) throw new RangeError('A sheet keeps one row at least');
    this.#site.emu.user.deleteRows(this.#site.bundle, sheet.name, selection.row, selection.numRows);
    this.#site.cellsMoved();
  }

  /** Inserts as many blank columns as the selection has, left or right of it: Change INSERT_COLUMN. */
  insertColumns(side: 'left' | 'right'): void {
    const { sheet, selection } = this.#site.shown();
    const after = side === 'left' ? selection.column - 1 : selection.column + selection.numColumns - 1;
    this.#site.emu.user.insertColumns(this.#site.bundle, sheet.name, after, selection.numColumns);
    this.#site.cellsMoved();
  }

  /** Deletes the selected columns: Change REMOVE_COLUMN. A sheet keeps one column at least. */
  deleteColumns(): void {
    const { sheet, selection } = this.#site.shown();
    if (selection.numColumns >= sheet.maxColumns) throw new RangeError('A sheet keeps one column at least');
    this.#site.emu.user.deleteColumn(this.#site.bundle, sheet.name, selection.column, selection.numColumns);
    this.#site.cellsMoved();
  }

  /** The "+" by the tabs: a new sheet named as Sheets names it (the first free "SheetN"), shown. */
  addSheet(): string {
    const taken = new Set(this.#site.emu.document.sheets.map((sheet) => sheet.name.toLowerCase()));
    let n = 1;
    while (taken.has(`sheet${n}`)) n++;
    this.#site.emu.user.addSheet(this.#site.bundle, `Sheet${n}`);
    this.#site.show(`Sheet${n}`);
    return `Sheet${n}`;
  }

  /** A tab's Rename: Change OTHER; a name taken or not allowed is refused with Sheets' reason. */
  renameSheet(name: string, to: string): void {
    if (to.trim() === name) return;
    this.#site.emu.user.renameSheet(this.#site.bundle, name, to.trim());
    this.#site.renamed(name, to.trim());
  }

  /** A tab's Hide sheet, as the add-on's own sheets are hidden. */
  hideSheet(name: string): void {
    this.#site.emu.user.hideSheet(this.#site.bundle, name);
  }

  /** View > Hidden sheets > one of them: visible again, and shown. */
  showSheet(name: string): void {
    this.#site.emu.user.showSheet(this.#site.bundle, name);
    this.#site.show(name);
  }

  /** A tab's Delete: the sheet goes with its cells. */
  deleteSheet(name: string): void {
    this.#site.emu.user.deleteSheet(this.#site.bundle, name);
  }
}
