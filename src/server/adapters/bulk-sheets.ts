// The sheets a bulk run reads and writes, over SpreadsheetApp: the run's own columns (read and
// prepared before it starts, created when it starts), and the one combined sheet of employees
// when the run asked for it.

import { type ColumnLayout, ownLayout } from '../../core/bulk/layout';
import { conflictTexts, type Ownership } from '../../core/bulk/owners';
import { tableSpan } from '../../core/bulk/plan';
import type { BulkSheetPort, CellBlock, CombinedSheetPort } from '../../core/bulk/slice/ports';
import { combinedHeader } from '../../core/bulk/slice/row-values';
import { uniqueSheetName } from '../../core/jobs/employee-sheet';
import type { Operation } from '../../core/operations/types';
import type { CellValue } from '../../core/render/values';
import type { ReadSheet } from '../../core/runs/preview';
import { SHEET_TEXTS } from '../../core/text/catalogue/sheets';
import { asLiteralForSheet } from '../../core/text/sheet-literal';
import type { BulkRunConfig } from '../../shared/bulk-rpc';
import { insertAtEnd, padded } from './own-sheet';

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
    read: (...block) => readBlock(sheet, ...block),
    write: (blocks) => {
      for (const block of mergedBlocks(sheet, blocks)) {
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

/** Rows between two blocks of the same columns that one write may span, their cells written back. */
const MOST_GAP_ROWS = 2;

/**
 * Blocks of the same columns a row or two apart (a row filled before the run, a repeat answered
 * elsewhere) as one write: each write is a round trip of Sheets, and a slice of 400 rows with
 * every tenth filled wrote 40 of them. The cells between are read once for all the blocks and
 * written back as they are, only where that changes nothing: no formula, and a value Sheets keeps
 * as it is typed.
 */
function mergedBlocks(sheet: Sheet, blocks: readonly CellBlock[]): CellBlock[] {
  const groups = new Map<string, CellBlock[]>();
  for (const block of blocks) {
    const key = `${block.column}:${block.values[0]?.length ?? 0}`;
    groups.set(key, [...(groups.get(key) ?? []), block]);
  }
  return [...groups.values()].flatMap((group) => mergedGroup(sheet, group));
}

/** One group's blocks (one column run), merged across the gaps whose cells may be written back. */
function mergedGroup(sheet: Sheet, group: readonly CellBlock[]): CellBlock[] {
  const sorted = [...group].sort((a, b) => a.row - b.row);
  const first = sorted[0]!;
  const end = sorted[sorted.length - 1]!;
  const lastRow = end.row + end.values.length - 1;
  const width = first.values[0]?.length ?? 0;
  const gaps = sorted.slice(1).some((block, k) => gapOf(sorted[k]!, block) <= MOST_GAP_ROWS);
  const span = gaps ? spanCells(sheet, first.row, lastRow, first.column, width) : null;
  const merged: CellBlock[] = [];
  for (const block of sorted) {
    const last = merged[merged.length - 1];
    const between = last && span ? span.between(last.row + last.values.length, block.row) : null;
    if (last && between) last.values.push(...between, ...block.values);
    else merged.push({ row: block.row, column: block.column, values: block.values.map((row) => [...row]) });
  }
  return merged;
}

const gapOf = (before: CellBlock, after: CellBlock) => after.row - (before.row + before.values.length);

/**
 * The cells of rows `firstRow`..`lastRow`, read once: `between(from, to)` answers rows from..to-1
 * when at most MOST_GAP_ROWS and writing them back changes nothing, else null.
 */
function spanCells(sheet: Sheet, firstRow: number, lastRow: number, column: number, width: number) {
  if (lastRow > sheet.getMaxRows() || column + width - 1 > sheet.getMaxColumns()) return null;
  const range = sheet.getRange(firstRow, column, lastRow - firstRow + 1, width);
  const formulas = range.getFormulas();
  const values = range.getValues() as CellValue[][];
  const keptAsIs = (r: number) =>
    (formulas[r] ?? []).every((formula) => formula === '') &&
    (values[r] ?? []).every((value) => typeof value !== 'string' || asLiteralForSheet(value) === value);
  return {
    between(from: number, to: number): CellValue[][] | null {
      if (to - from > MOST_GAP_ROWS || to < from) return null;
      const rows = Array.from({ length: to - from }, (_, k) => from - firstRow + k);
      return rows.every(keptAsIs) ? rows.map((r) => values[r]!) : null;
    },
  };
}

export function combinedPort(spreadsheet: Spreadsheet, name: string, op: Operation): CombinedSheetPort {
  const sheet = () => combinedSheet(spreadsheet, name, op);
  return {
    writtenRows: () => {
      const target = sheet();
      const last = target.getLastRow();
      if (last < 2) return new Set<number>();
      const rows = target.getRange(2, 2, last - 1, 1).getValues();
      return new Set(rows.map(([row]) => Number(row)));
    },
    append: (rows: CellValue[][]) => {
      const target = sheet();
      const width = Math.max(...rows.map((row) => row.length));
      const first = target.getLastRow() + 1;
      const needed = first + rows.length - 1 - target.getMaxRows();
      if (needed > 0) target.insertRowsAfter(target.getMaxRows(), needed);
      target.getRange(first, 1, rows.length, width).setValues(rows.map((row) => padded(row, width)));
    },
  };
}

/** The combined sheet, created with its header (again, if the user deleted it mid-run). */
export function combinedSheet(spreadsheet: Spreadsheet, name: string, op: Operation): Sheet {
  const existing = spreadsheet.getSheetByName(name);
  if (existing) return existing;
  const sheet = insertAtEnd(spreadsheet, name);
  const header = combinedHeader(op);
  sheet.getRange(1, 1, 1, header.length).setValues([header]).setFontWeight('bold');
  sheet.setFrozenRows(1);
  return sheet;
}

export function headersOf(sheet: Sheet, headerRow: number): unknown[] {
  const lastColumn = sheet.getLastColumn();
  return lastColumn > 0 ? (sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0] ?? []) : [];
}

/** A run's sheet as read before it starts (core/runs/preview.ts), and the sheet itself. */
export type RunSheet = ReadSheet & { sheet: Sheet };

export function readRunSheet(sheet: Sheet, config: BulkRunConfig, op: Operation, ownership: Ownership) {
  const headers = headersOf(sheet, config.headerRow);
  const { layout, conflicts } = ownLayout(op, config, headers, ownership);
  const only = typeof config.rows === 'object' ? config.rows : null;
  const firstRow = Math.max(config.headerRow + 1, only?.first ?? 0);
  const lastRow = Math.max(firstRow - 1, Math.min(sheet.getLastRow(), only?.last ?? Infinity));
  const span = tableSpan({ config, layout });
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
  const name = uniqueSheetName(SHEET_TEXTS.combinedList(config.sheetName), names);
  combinedSheet(spreadsheet, name, op);
  return name;
}
