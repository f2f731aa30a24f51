// What the page is sent of a sheet: the non-blank cells of the rows it shows, each as it looks in
// Sheets (display text, kind, error and its reason, note) and as the formula bar shows it.
import { cellA1 } from '../emulator/a1';
import { interpretInput, isDate } from '../emulator/cell';
import type { SheetModel } from '../emulator/sheet-model';
import type { MenuEntry } from '../emulator/ui';
import type { CellSnapshot, MenuItemSnapshot, RowWindow } from './state';

/** Rows one state may carry: a screen and a half of margin either side is far less. */
const MAX_WINDOW_ROWS = 500;
export const DEFAULT_WINDOW: RowWindow = { top: 1, rows: 60 };

/** The window asked for, kept inside the sheet and the size limit. */
export function clampWindow(sheet: SheetModel, asked: RowWindow): RowWindow {
  const top = Math.min(Math.max(1, Math.floor(asked.top) || 1), sheet.maxRows);
  const rows = Math.min(Math.max(1, Math.floor(asked.rows) || 1), MAX_WINDOW_ROWS, sheet.maxRows - top + 1);
  return { top, rows };
}

/** The window's non-blank cells, by A1 address. */
export function windowCells(sheet: SheetModel, window: RowWindow): Record<string, CellSnapshot> {
  const cells: Record<string, CellSnapshot> = {};
  for (let row = window.top; row < window.top + window.rows; row++) {
    for (let column = 1; column <= sheet.maxColumns; column++) {
      const snapshot = cellSnapshot(sheet, row, column);
      if (snapshot) cells[cellA1(row, column)] = snapshot;
    }
  }
  return cells;
}

function kindOf(value: unknown, isError: boolean): CellSnapshot['kind'] {
  if (isError) return 'error';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return isDate(value) ? 'date' : 'text';
}

/** A cell with neither content nor note is blank: nothing is sent for it. */
export function cellSnapshot(sheet: SheetModel, row: number, column: number): CellSnapshot | null {
  const cell = sheet.cell(row, column);
  if (!sheet.hasContent(row, column) && cell.note === '') return null;
  const display = sheet.display(row, column);
  return {
    display,
    input: cell.formula || retypable(cell.value, display, cell.numberFormat),
    kind: kindOf(cell.value, cell.error !== null),
    error: cell.error ? { code: cell.error.code, message: cell.error.message } : null,
    note: cell.note,
    spill: cell.spillOf !== null,
    bold: cell.bold,
    loading: cell.stale,
  };
}

/**
 * A value as the formula bar shows it: text Sheets would read as something else if typed again
 * ("00123", "TRUE", "=x") gets the leading apostrophe that keeps it text, as in Sheets.
 */
function retypable(value: unknown, display: string, numberFormat: string): string {
  if (typeof value !== 'string' || value === '') return display;
  const typed = interpretInput(value, numberFormat);
  return typed.kind === 'value' && typed.value === value ? value : `'${value}`;
}

/** The add-on menu as the page lists it: a submenu's items follow a separator. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuItemSnapshot[] {
  return entries.flatMap((entry): MenuItemSnapshot[] => {
    if (entry.kind === 'item') return [{ caption: entry.caption }];
    if (entry.kind === 'separator') return [{ separator: true }];
    return [{ separator: true }, ...flattenMenu(entry.menu.entries)];
  });
}
