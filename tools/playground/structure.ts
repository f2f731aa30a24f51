// Rows, columns and sheets as a user changes them in Sheets: Insert > Row above/below and Column
// left/right, Edit > Delete rows/columns (over the selected rows or columns, as many as selected),
// the "+" by the tabs, a tab's Rename, Hide and Delete, and View > Hidden sheets. Each goes through
// the emulator's user actions, which fire the Change triggers Sheets fires for it and never Edit
// (T9, S17), so a user can try what the add-on promises about inserted rows and its hidden sheets.
import type { GridRange } from '../emulator/a1';
import type { Emulator, LoadedBundle } from '../emulator/emulator';
import type { SheetModel } from '../emulator/sheet-model';

/** What a change of the structure needs of the file it is made in. */
export interface StructureSite {
  readonly emu: Emulator;
  readonly bundle: LoadedBundle;
  /** The tab shown, and the selection on it. */
  readonly sheet: SheetModel;
  readonly selection: GridRange;
}

export type Side = 'above' | 'below';
export type ColumnSide = 'left' | 'right';

/** Inserts as many blank rows as the selection has, above or below it: Change INSERT_ROW. */
export function insertRows({ emu, bundle, sheet, selection }: StructureSite, side: Side): void {
  const after = side === 'above' ? selection.row - 1 : selection.row + selection.numRows - 1;
  emu.user.insertRows(bundle, sheet.name, after, selection.numRows);
}

/** Deletes the selected rows: Change REMOVE_ROW. Sheets keeps at least one row. */
export function deleteRows({ emu, bundle, sheet, selection }: StructureSite): void {
  if (selection.numRows >= sheet.maxRows)
    throw new RangeError("A sheet keeps at least one row: it can't lose them all");
  emu.user.deleteRows(bundle, sheet.name, selection.row, selection.numRows);
}

/** Inserts as many blank columns as the selection has, left or right of it: Change INSERT_COLUMN. */
export function insertColumns({ emu, bundle, sheet, selection }: StructureSite, side: ColumnSide): void {
  const after = side === 'left' ? selection.column - 1 : selection.column + selection.numColumns - 1;
  emu.user.insertColumns(bundle, sheet.name, after, selection.numColumns);
}

/** Deletes the selected columns: Change REMOVE_COLUMN. */
export function deleteColumns({ emu, bundle, sheet, selection }: StructureSite): void {
  if (selection.numColumns >= sheet.maxColumns)
    throw new RangeError("A sheet keeps at least one column: it can't lose them all");
  emu.user.deleteColumn(bundle, sheet.name, selection.column, selection.numColumns);
}

/** The "+" by the tabs: a new sheet named as Sheets names it (the first free "SheetN"), last. */
export function addSheet(emu: Emulator, bundle: LoadedBundle): string {
  const taken = new Set(emu.document.sheets.map((sheet) => sheet.name.toLowerCase()));
  let n = 1;
  while (taken.has(`sheet${n}`)) n++;
  emu.user.addSheet(bundle, `Sheet${n}`);
  return `Sheet${n}`;
}

/** A tab's Rename: Change OTHER; a name taken or not allowed is refused with Sheets' reason. */
export function renameSheet(emu: Emulator, bundle: LoadedBundle, name: string, to: string): void {
  if (to.trim() !== name) emu.user.renameSheet(bundle, name, to.trim());
}
