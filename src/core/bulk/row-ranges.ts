// Sets of sheet rows kept as sorted, disjoint, inclusive ranges, and a compact text form for them.
// A bulk run's state lives in one document property (9 KB at most), so the rows still waiting on
// a job or waiting to be retried are written as "2-5,9,40-41" with base-36 numbers and deltas.

export type RowRanges = readonly (readonly [number, number])[];

export const NO_ROWS: RowRanges = [];

/** The ranges of `rows` (any order, duplicates allowed). */
export function rangesOf(rows: Iterable<number>): RowRanges {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const row of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && row === last[1] + 1) last[1] = row;
    else ranges.push([row, row]);
  }
  return ranges;
}

export function rowsOf(ranges: RowRanges): number[] {
  const rows: number[] = [];
  for (const [start, end] of ranges) for (let row = start; row <= end; row++) rows.push(row);
  return rows;
}

export function countRows(ranges: RowRanges): number {
  return ranges.reduce((sum, [start, end]) => sum + end - start + 1, 0);
}

export function addRows(ranges: RowRanges, rows: Iterable<number>): RowRanges {
  return rangesOf([...rowsOf(ranges), ...rows]);
}

export function removeRows(ranges: RowRanges, rows: Iterable<number>): RowRanges {
  const gone = new Set(rows);
  return rangesOf(rowsOf(ranges).filter((row) => !gone.has(row)));
}

/**
 * At most `max` ranges: the closest neighbours are joined, which adds the rows between them. Only
 * for sets whose readers check each row again (a bulk run re-reads each row's status), never lossy
 * the other way: no row of the set is ever dropped.
 */
export function capRanges(ranges: RowRanges, max: number): RowRanges {
  const merged = ranges.map(([start, end]): [number, number] => [start, end]);
  while (merged.length > Math.max(1, max)) {
    let closest = 1;
    for (let i = 2; i < merged.length; i++) {
      if (merged[i]![0] - merged[i - 1]![1] < merged[closest]![0] - merged[closest - 1]![1]) closest = i;
    }
    merged[closest - 1]![1] = merged[closest]![1];
    merged.splice(closest, 1);
  }
  return merged;
}

/** "2-5,9,40-41" in base 36, each start counted from the previous range's end. */
export function encodeRanges(ranges: RowRanges): string {
  let previous = 0;
  return ranges
    .map(([start, end]) => {
      const text = (start - previous).toString(36) + (end > start ? `-${(end - start).toString(36)}` : '');
      previous = end;
      return text;
    })
    .join(',');
}

/** The inverse of `encodeRanges`; anything unreadable is dropped rather than guessed. */
export function decodeRanges(text: unknown): RowRanges {
  if (typeof text !== 'string' || text === '') return NO_ROWS;
  const ranges: [number, number][] = [];
  let previous = 0;
  for (const part of text.split(',')) {
    const match = /^([0-9a-z]+)(?:-([0-9a-z]+))?$/.exec(part);
    if (!match) return NO_ROWS;
    const start = previous + Number.parseInt(match[1]!, 36);
    const end = start + (match[2] === undefined ? 0 : Number.parseInt(match[2], 36));
    ranges.push([start, end]);
    previous = end;
  }
  return ranges;
}
