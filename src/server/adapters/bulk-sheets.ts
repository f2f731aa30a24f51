// The sheets a bulk run reads and writes, over SpreadsheetApp: the run's own columns (read and
// prepared before it starts, created when it starts), and the one combined sheet of employees
// when the run asked for it.

import { formulaClaims } from '../../core/bulk/formula-owners';
import { type ColumnLayout, ownLayout } from '../../core/bulk/layout';
import { type ColumnClaim, conflictTexts, type Ownership } from '../../core/bulk/owners';
import { tableSpan } from '../../core/bulk/plan';
import type { BulkSheetPort, CombinedSheetPort } from '../../core/bulk/slice/ports';
import { combinedHeader } from '../../core/bulk/slice/row-values';
import { uniqueSheetName } from '../../core/jobs/employee-sheet';
import type { Operation } from '../../core/operations/types';
import type { CellValue } from '../../core/render/values';
import type { ReadSheet } from '../../core/runs/preview';
import { asLiteralForSheet } from '../../core/text/sheet-literal';
import type { BulkRunConfig } from '../../shared/bulk-rpc';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export /** The block, padded with '' where the grid is smaller (output columns not created yet). */
function readBlock(sheet: Sheet, firstRow: number, lastRow: number, firstColumn: number, lastColumn: number) {
  const rows = lastRow - firstRow + 1;
  const width = lastColumn - firstColumn + 1;
  if (rows <= 0 || width <= 0) return [];
  const readRows = Math.min(lastRow, sheet.getMaxRows()) - firstRow + 1;
  const readColumns = Math.min(lastColumn, sheet.getMaxColumns()) - firstColumn + 1;
  const read =
    readRows > 0 && readColumns > 0
      ? sheet.getRange(firstRow, firstColumn, readRows, readColumns).getValues()
      : [];
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: width }, (_, c): unknown => read[r]?.[c] ?? ''),
  );
}

export function sheetPort(sheet: Sheet): BulkSheetPort {
  return {
    read: (firstRow, lastRow, firstColumn, lastColumn) =>
      readBlock(sheet, firstRow, lastRow, firstColumn, lastColumn),
    write: (blocks) => {
      for (const block of blocks) {
        const width = block.values[0]?.length ?? 0;
        if (width === 0) continue;
        sheet.getRange(block.row, block.column, block.values.length, width).setValues(block.values);
      }
    },
    notes: (firstRow, lastRow, column) =>
      sheet
        .getRange(firstRow, column, lastRow - firstRow + 1, 1)
        .getNotes()
        .map((row) => String(row[0] ?? '')),
    setNotes: (firstRow, column, notes) =>
      sheet.getRange(firstRow, column, notes.length, 1).setNotes(notes.map((note) => [note])),
  };
}

export function combinedPort(spreadsheet: Spreadsheet, name: string, op: Operation): CombinedSheetPort {
  const sheet = () => combinedSheet(spreadsheet, name, op);
  return {
    writtenRows: () => {
      const target = sheet();
      const last = target.getLastRow();
      if (last < 2) return new Set<number>();
      return new Set(
        target
          .getRange(2, 2, last - 1, 1)
          .getValues()
          .map(([row]) => Number(row)),
      );
    },
    append: (rows: CellValue[][]) => {
      const target = sheet();
      const width = Math.max(...rows.map((row) => row.length));
      const first = target.getLastRow() + 1;
      const needed = first + rows.length - 1 - target.getMaxRows();
      if (needed > 0) target.insertRowsAfter(target.getMaxRows(), needed);
      const padded = rows.map((row) => [...row, ...Array<CellValue>(width - row.length).fill('')]);
      target.getRange(first, 1, rows.length, width).setValues(padded);
    },
  };
}

/** The combined sheet, created with its header (again, if the user deleted it mid-run). */
export function combinedSheet(spreadsheet: Spreadsheet, name: string, op: Operation): Sheet {
  const existing = spreadsheet.getSheetByName(name);
  if (existing) return existing;
  const before = spreadsheet.getActiveSheet() as Sheet | null;
  const sheet = spreadsheet.insertSheet(name, spreadsheet.getSheets().length);
  if (before) spreadsheet.setActiveSheet(before);
  const header = combinedHeader(op);
  sheet.getRange(1, 1, 1, header.length).setValues([header]).setFontWeight('bold');
  sheet.setFrozenRows(1);
  return sheet;
}

/** The columns our formulas fill on a sheet (core/bulk/formula-owners.ts), from its data range's formulas. */
export function readFormulaClaims(sheet: Sheet, sheetName: string, headerRow: number): ColumnClaim[] {
  return formulaClaims(sheetName, headerRow, sheet.getDataRange().getFormulas());
}

export function headersOf(sheet: Sheet, headerRow: number): unknown[] {
  const lastColumn = sheet.getLastColumn();
  return lastColumn > 0 ? (sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0] ?? []) : [];
}

/** A run's sheet as read before it starts (core/runs/preview.ts), and the sheet itself. */
export interface RunSheet extends ReadSheet {
  sheet: Sheet;
}

export function readRunSheet(
  sheet: Sheet,
  config: BulkRunConfig,
  op: Operation,
  ownership: Ownership,
): RunSheet {
  const headers = headersOf(sheet, config.headerRow);
  const { layout, conflicts } = ownLayout(op, config, headers, ownership);
  const firstRow = config.headerRow + 1;
  const lastRow = Math.max(config.headerRow, sheet.getLastRow());
  const span = tableSpan(config, layout);
  const values = readBlock(sheet, firstRow, lastRow, span.first, span.last);
  return {
    sheet,
    layout,
    conflicts: conflictTexts(conflicts, headers),
    table: { firstRow, firstColumn: span.first, values },
    firstRow,
    lastRow,
  };
}

/** Writes the headers of the output and status columns the layout creates, widening the grid first. */
export function createColumns(sheet: Sheet, headerRow: number, layout: ColumnLayout): void {
  const created = [...layout.outputs, layout.status].filter((column) => column.created);
  if (created.length === 0) return;
  const widest = Math.max(...created.map((column) => column.column));
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns < widest) sheet.insertColumnsAfter(maxColumns, widest - maxColumns);
  for (const column of created) {
    sheet.getRange(headerRow, column.column).setValue(asLiteralForSheet(column.header)).setFontWeight('bold');
  }
}

export function createCombinedSheet(spreadsheet: Spreadsheet, config: BulkRunConfig, op: Operation): string {
  const names = spreadsheet.getSheets().map((sheet) => sheet.getName());
  const name = uniqueSheetName(`Employees - ${config.sheetName} (all companies)`, names);
  combinedSheet(spreadsheet, name, op);
  return name;
}
