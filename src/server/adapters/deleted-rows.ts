// Rows a user deleted from a hidden store's sheet (selected in the unhidden sheet and deleted):
// what they held is really gone, and only the count the sheet's record keeps can tell. Each write
// that says what the sheet holds records how many keys of the store's shape it has; a read that
// finds fewer (a sort, a typed header or an inserted column loses none) counts what the missing
// rows held. That stays noted in the record, through later writes that count the sheet anew, until
// the user chooses to go on without them (core/cache/lost.ts says what was lost).
import type { SheetHolds } from '../../core/platform/ports';
import type { Own, RecordedSheet, SheetRecord } from './own-sheet';

/** The sheet's rows counted against its record: what they hold, and what deleted ones held. */
type Counted = { present: SheetHolds; gone?: SheetHolds };

const cents = (credits: number) => Math.round(credits * 100);

/** Two holdings added, in cents: 0.5-credit charges carry no float noise. */
const plus = (a: SheetHolds, b: SheetHolds): SheetHolds => ({
  entries: a.entries + b.entries,
  credits: (cents(a.credits) + cents(b.credits)) / 100,
});

function countRows(own: Own, record: SheetRecord | null, rows: Record<string, string>): Counted {
  const keys = Object.keys(rows).filter((key) => own.isKey(key)).length;
  const worth = own.worth?.(rows);
  const holds = record?.holds;
  const present = { entries: keys, credits: worth ?? holds?.credits ?? 0 };
  const noted = record?.gone;
  if (!holds || keys >= holds.entries) return noted ? { present, gone: noted } : { present };
  const missing = {
    entries: holds.entries - keys,
    credits: Math.max(0, cents(holds.credits) - cents(worth ?? 0)) / 100,
  };
  return { present, gone: noted ? plus(noted, missing) : missing };
}

/** What this execution's reads of the sheet found missing, kept in the sheet's record. */
export class DeletedRows {
  #counted: Counted | undefined;

  constructor(
    private readonly own: Own,
    private readonly recorded: RecordedSheet,
  ) {}

  /** Whether the sheet was read (and counted) in this execution. */
  get counted(): boolean {
    return this.#counted !== undefined;
  }

  /** A read of the sheet found by its id. */
  count(rows: Record<string, string>): void {
    this.#counted = countRows(this.own, this.recorded.get(), rows);
  }

  /** What deleted rows held: counted at the last read, or noted in the record before. */
  gone(): SheetHolds | undefined {
    return this.#counted?.gone ?? this.recorded.get()?.gone;
  }

  /** A write that says what the sheet holds now: what deleted rows held stays noted beside it. */
  written(id: number, holds: SheetHolds): void {
    const gone = this.gone();
    this.recorded.set({ ...this.recorded.get(), id, holds, ...(gone ? { gone } : {}) });
  }

  /**
   * Before the add-on removes `removed` keys' rows by a write that does not say what the sheet
   * then holds: the count goes down first, so that a reader meanwhile finds none missing.
   */
  removing(removed: number): void {
    const record = this.recorded.get();
    if (!record?.holds || removed === 0) return;
    const entries = Math.max(0, record.holds.entries - removed);
    this.recorded.set({ ...record, holds: { ...record.holds, entries } });
  }

  /** The user goes on without them: the rows left are all the sheet is expected to hold. */
  forget(): void {
    const record = this.recorded.get();
    if (!record || !this.#counted) return;
    this.recorded.set({ id: record.id, holds: this.#counted.present });
    this.#counted = { present: this.#counted.present };
  }
}
