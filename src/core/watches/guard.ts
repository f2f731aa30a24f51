// A watch writes while people work in the sheet: between the moment a slice read its rows and the
// moment it writes their answers (a lookup takes seconds), a person may type into an output cell,
// or insert, delete or sort rows. Just before writing, the rows are read again; a row whose inputs
// or written cells changed since the slice read them is left alone: its answer stays saved (a
// later run writes it, free, where the row is now), and what the person typed stays.
import type { CellBlock } from '../bulk/slice/ports';

/** What a cell held, then and now. */
export type CellReader = (row: number, column: number) => unknown;

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The blocks cut down to the rows still as the slice read them; `dropped` lists the rows left
 * alone. A block is split where a row in it is dropped.
 */
export function guardBlocks(
  blocks: readonly CellBlock[],
  inputColumns: readonly number[],
  before: CellReader,
  now: CellReader,
): { blocks: CellBlock[]; dropped: number[] } {
  const kept: CellBlock[] = [];
  const dropped = new Set<number>();
  for (const block of blocks) {
    // A row is kept while its inputs and the cells it would write are still as the slice read them.
    const written = Array.from({ length: block.values[0]?.length ?? 0 }, (_, c) => block.column + c);
    const columns = [...inputColumns, ...written];
    let run: CellBlock | null = null;
    block.values.forEach((values, r) => {
      const row = block.row + r;
      if (!columns.every((column) => same(before(row, column), now(row, column)))) {
        dropped.add(row);
        run = null;
        return;
      }
      if (run) run.values.push(values);
      else {
        run = { row, column: block.column, values: [values] };
        kept.push(run);
      }
    });
  }
  return { blocks: kept, dropped: [...dropped].sort((a, b) => a - b) };
}
