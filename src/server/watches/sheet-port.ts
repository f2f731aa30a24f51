// A watch's sheet as one pass of its run sees it (core/bulk/slice/ports.ts): reads remember what
// they saw, and a write first reads its rows again and leaves alone every row that changed
// meanwhile (a value typed into an output cell, a row inserted, deleted or moved:
// core/watches/guard.ts). A read inside the block read moments ago is answered from it (with this
// pass's own writes): the slice that follows the scan does not read the sheet a second time. Any
// change made in between is caught by the guard when the answers are written.
import type { BulkSheetPort, CellBlock } from '../../core/bulk/slice/ports';
import type { ClockPort } from '../../core/platform/ports';
import { guardBlocks } from '../../core/watches/guard';
import type { EditedBlock } from '../../core/watches/note';
import { readBlock, sheetPort } from '../adapters/bulk-sheets';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** A block read this recently is read again from memory; after that, from the sheet. */
const FRESH_MS = 5_000;

/** The block last read, and when. */
type Region = Omit<EditedBlock, 'sheet'> & { at: number };

const cellKey = (row: number, column: number) => `${row}:${column}`;
/** What a cell holds once written: text written with a leading apostrophe is stored without it. */
const stored = (line: readonly unknown[]) =>
  line.map((value) => (typeof value === 'string' && value.startsWith("'") ? value.slice(1) : value));

export class GuardedSheet implements BulkSheetPort {
  /** Rows a write left alone because they changed after they were read. */
  readonly dropped: number[] = [];
  private readonly seen = new Map<string, unknown>();
  private readonly plain: BulkSheetPort;
  private region: Region | null = null;

  constructor(
    private readonly sheet: Sheet,
    /** The columns the watch reads: a row whose inputs changed is never written. */
    private readonly inputColumns: readonly number[],
    private readonly clock: ClockPort,
  ) {
    this.plain = sheetPort(sheet);
  }

  read(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): unknown[][] {
    if (this.fresh(firstRow, lastRow, firstColumn, lastColumn)) {
      return Array.from({ length: lastRow - firstRow + 1 }, (_, r) =>
        Array.from({ length: lastColumn - firstColumn + 1 }, (_, c) =>
          this.seen.get(cellKey(firstRow + r, firstColumn + c)),
        ),
      );
    }
    const values = this.plain.read(firstRow, lastRow, firstColumn, lastColumn);
    this.remember(values, firstRow, firstColumn);
    this.region = { firstRow, lastRow, firstColumn, lastColumn, at: this.clock.now() };
    return values;
  }

  notes(firstRow: number, lastRow: number, column: number): string[] {
    return this.plain.notes!(firstRow, lastRow, column);
  }

  setNotes(firstRow: number, column: number, notes: readonly string[]): void {
    this.plain.setNotes!(firstRow, column, notes);
  }

  write(blocks: readonly CellBlock[]): void {
    if (blocks.length === 0) return;
    const now = this.readAgain(blocks);
    const before = (row: number, column: number) => this.seen.get(cellKey(row, column));
    const guarded = guardBlocks(blocks, this.inputColumns, before, now);
    this.dropped.push(...guarded.dropped);
    this.plain.write(guarded.blocks);
    for (const block of guarded.blocks) this.remember(block.values.map(stored), block.row, block.column);
  }

  private fresh(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): boolean {
    const region = this.region;
    return (
      region !== null &&
      this.clock.now() - region.at <= FRESH_MS &&
      firstRow >= region.firstRow &&
      lastRow <= region.lastRow &&
      firstColumn >= region.firstColumn &&
      lastColumn <= region.lastColumn
    );
  }

  private remember(values: readonly (readonly unknown[])[], firstRow: number, firstColumn: number): void {
    values.forEach((line, r) => {
      line.forEach((value, c) => {
        this.seen.set(cellKey(firstRow + r, firstColumn + c), value);
      });
    });
  }

  /** The rows and columns the blocks touch, and the inputs, read in one block. */
  private readAgain(blocks: readonly CellBlock[]) {
    const rows = blocks.flatMap((block) => [block.row, block.row + block.values.length - 1]);
    const columns = [
      ...this.inputColumns,
      ...blocks.flatMap((block) => [block.column, block.column + (block.values[0]?.length ?? 1) - 1]),
    ];
    const firstRow = Math.min(...rows);
    const firstColumn = Math.min(...columns);
    const values = readBlock(this.sheet, firstRow, Math.max(...rows), firstColumn, Math.max(...columns));
    return (row: number, column: number): unknown => values[row - firstRow]?.[column - firstColumn] ?? '';
  }
}
