// A watch's sheet as its slices see it (core/bulk/slice/ports.ts): reads remember what they saw,
// and a write first reads its rows again and leaves alone every row that changed meanwhile (a
// value typed into an output cell, a row inserted, deleted or moved: core/watches/guard.ts).
import type { BulkSheetPort, CellBlock } from '../../core/bulk/slice/ports';
import { guardBlocks } from '../../core/watches/guard';
import { readBlock, sheetPort } from '../adapters/bulk-sheets';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export interface GuardedSheet extends BulkSheetPort {
  /** Rows a write left alone because they changed after they were read. */
  readonly dropped: number[];
}

const cellKey = (row: number, column: number) => `${row}:${column}`;
const stored = (line: readonly unknown[]) =>
  line.map((value) => (typeof value === 'string' && value.startsWith("'") ? value.slice(1) : value));

export function guardedSheetPort(sheet: Sheet, inputColumns: readonly number[]): GuardedSheet {
  const plain = sheetPort(sheet);
  const seen = new Map<string, unknown>();
  const dropped: number[] = [];
  const remember = (values: unknown[][], firstRow: number, firstColumn: number) => {
    values.forEach((line, r) => {
      line.forEach((value, c) => {
        seen.set(cellKey(firstRow + r, firstColumn + c), value);
      });
    });
  };
  return {
    dropped,
    read(firstRow, lastRow, firstColumn, lastColumn) {
      const values = plain.read(firstRow, lastRow, firstColumn, lastColumn);
      remember(values, firstRow, firstColumn);
      return values;
    },
    write(blocks: readonly CellBlock[]) {
      if (blocks.length === 0) return;
      const now = readAgain(sheet, blocks, inputColumns);
      const before = (row: number, column: number) => seen.get(cellKey(row, column));
      const guarded = guardBlocks(blocks, inputColumns, before, now);
      dropped.push(...guarded.dropped);
      plain.write(guarded.blocks);
      // What the cells hold now: text written with a leading apostrophe is stored without it.
      for (const block of guarded.blocks) remember(block.values.map(stored), block.row, block.column);
    },
  };
}

/** The rows and columns the blocks touch, and the inputs, read in one block. */
function readAgain(sheet: Sheet, blocks: readonly CellBlock[], inputColumns: readonly number[]) {
  const rows = blocks.flatMap((block) => [block.row, block.row + block.values.length - 1]);
  const columns = [
    ...inputColumns,
    ...blocks.flatMap((block) => [block.column, block.column + (block.values[0]?.length ?? 1) - 1]),
  ];
  const firstRow = Math.min(...rows);
  const firstColumn = Math.min(...columns);
  const values = readBlock(sheet, firstRow, Math.max(...rows), firstColumn, Math.max(...columns));
  return (row: number, column: number): unknown => values[row - firstRow]?.[column - firstColumn] ?? '';
}
