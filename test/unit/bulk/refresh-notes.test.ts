// The notes a refresh leaves (issue 41): what a changed cell was, kept above its earlier note; a
// cell answered the same loses the line; the counts say changed, the same, and now not found.
import { noteBefore, settleRefreshed } from '../../../src/core/bulk/refresh-notes';
import type { BulkRun } from '../../../src/core/bulk/run';
import type { BulkSheetPort } from '../../../src/core/bulk/slice/ports';
import type { Outcome, Work } from '../../../src/core/bulk/slice/work';

/** Column B of rows 2..5, notes only. */
function sheet(notes: string[]): BulkSheetPort & { notesNow: string[] } {
  const port = {
    notesNow: notes,
    read: () => [],
    write: () => undefined,
    notes: (first: number, last: number) => port.notesNow.slice(first - 2, last - 1),
    setNotes: (first: number, _column: number, next: readonly string[]) => {
      port.notesNow.splice(first - 2, next.length, ...next);
    },
  };
  return port;
}

const DAY = '2026-12-01';
const run = { config: { refreshedOn: DAY }, outputs: [{ column: 2 }] } as unknown as BulkRun;
const lookup = (row: number) => ({ row, source: 'new', plan: { kind: 'lookup' } }) as unknown as Work;

describe("a refresh's notes", () => {
  it('say what each row showed until the day, above an earlier note, blank outputs as Not found', () => {
    const port = sheet(['', 'checked by Ann', '', '']);
    const table = { firstRow: 2, firstColumn: 2, values: [['a.com'], ['b.com'], [''], ['d.com']] };
    noteBefore(port, table, 2, [2, 3, 4], DAY);
    expect(port.notesNow).toEqual([
      'was a.com until 2026-12-01',
      'was b.com until 2026-12-01\nchecked by Ann',
      'was Not found until 2026-12-01',
      '',
    ]);
  });

  it('counts changed, the same and now not found; a cell answered the same gets its earlier note back', () => {
    const port = sheet([
      'was a.com until 2026-12-01',
      'was b.com until 2026-12-01\nchecked by Ann',
      'was c.com until 2026-12-01',
      'was d.com until 2025-01-01',
    ]);
    const outcomes: Outcome[] = [
      { kind: 'found', values: ['new-a.com'] },
      { kind: 'found', values: ['b.com'] },
      { kind: 'notFound' },
      { kind: 'found', values: ['e.com'] },
    ];
    const settled = settleRefreshed(port, run, [2, 3, 4, 5].map(lookup), outcomes);
    expect(settled.refreshed).toEqual({ changed: 1, same: 1, notFound: 1 });
    expect(port.notesNow).toEqual([
      'was a.com until 2026-12-01',
      'checked by Ann',
      'was c.com until 2026-12-01',
      'was d.com until 2025-01-01', // another day's refresh: not this one's to count
    ]);
  });
});
