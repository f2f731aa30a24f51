// The pure rules of watches (src/core/watches/): the stored record, which rows are due, the caps,
// the lease, the write guard, the Edit trigger's note, the account pause and the runtime pace.
import { ownLayout } from '../../../src/core/bulk/layout';
import type { SheetTable } from '../../../src/core/bulk/plan';
import { operationByType } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';
import { WATCHES_TEXTS } from '../../../src/core/text/catalogue/sidebar/watches';
import { capStatus } from '../../../src/core/text/catalogue/statuses';
import { capBelowPrice, capProblem, capsLeft, onDay, stateOf } from '../../../src/core/watches/caps';
import { dueRows, waitsForInputs } from '../../../src/core/watches/due';
import { headersOfColumns, misfit } from '../../../src/core/watches/fit';
import { guardBlocks } from '../../../src/core/watches/guard';
import { IncompleteRows, parseIncomplete } from '../../../src/core/watches/incomplete';
import { afterRun, LEASE_MARGIN_MS, takeLease } from '../../../src/core/watches/lease';
import { concernsWatch, noteOf } from '../../../src/core/watches/note';
import { parsePause, pauseNotice, refusalOf } from '../../../src/core/watches/pause';
import {
  addRun,
  learnStop,
  openRun,
  paceAt,
  shareOf,
  TRIGGER_QUOTA_MS,
} from '../../../src/core/watches/runtime';
import {
  checkDailyCap,
  newWatch,
  parseWatch,
  serializeWatch,
  type Watch,
  watchColumns,
  watchesIn,
} from '../../../src/core/watches/watch';
import type { BulkRunConfig } from '../../../src/shared/bulk-rpc';
import { asTheSidebarSays } from '../helpers/sidebar-words';

/** Where a run writes when no other input claims a column. */
const layoutColumns = (op: Operation, config: BulkRunConfig, headers: readonly unknown[]) =>
  ownLayout(op, config, headers, { claims: [], family: null }).layout;

const MINUTE = 60_000;
const OP = operationByType('company_name_to_website')!;
const CONFIG: BulkRunConfig = {
  sheetName: 'Leads',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};
const LAYOUT = layoutColumns(OP, CONFIG, ['Company']);
const STEP = { config: CONFIG, layout: LAYOUT };
const STATUS = 'Status (Website from company name)';

function watch(overrides: Partial<Watch> = {}): Watch {
  const base = newWatch({
    id: 'w1',
    sheetName: 'Leads',
    headerRow: 1,
    label: 'Website from company name',
    steps: [{ config: CONFIG, layout: LAYOUT }],
    headers: [
      { column: 1, header: 'Company' },
      { column: 2, header: 'Website' },
      { column: 3, header: STATUS },
    ],
    dailyCap: 10,
    day: '2025-01-06',
    now: 1_000,
  });
  return { ...base, ...overrides };
}

/** Rows from 2: company, website, status. */
const table = (rows: string[][]): SheetTable => ({ firstRow: 2, firstColumn: 1, values: rows });

describe('a watch as it is stored', () => {
  it('round-trips, and a damaged or unknown value is no watch', () => {
    const made = watch();
    expect(parseWatch(serializeWatch(made))).toEqual(made);
    expect(parseWatch('{"v":2}')).toBeNull();
    expect(parseWatch('not json')).toBeNull();
    expect(parseWatch(JSON.stringify({ ...made, v: 1, steps: [{ config: { type: 'nope' } }] }))).toBeNull();
  });

  it('lets the rows its last check found incomplete go first when it would not fit its property', () => {
    const kept = watch({ incompleteRows: '2.abc 3.def' });
    expect(parseWatch(serializeWatch(kept))).toEqual(kept);
    const crowded = watch({ incompleteRows: '2.abc '.repeat(2_000).trim() });
    expect(parseWatch(serializeWatch(crowded))).toEqual(watch());
  });

  it('is found among the document properties by its prefix, oldest first', () => {
    const older = watch({ id: 'a', createdAt: 1 });
    const newer = watch({ id: 'b', createdAt: 2 });
    const all = { 'watch:b': serializeWatch(newer), 'watch:a': serializeWatch(older), 'job:x': '{}' };
    expect(watchesIn(all).map((each) => each.id)).toEqual(['a', 'b']);
  });

  it('needs a daily cap above 0 credits', () => {
    expect(checkDailyCap(25)).toBe(25);
    expect(checkDailyCap('2.5')).toBe(2.5);
    for (const bad of [undefined, 0, -1, 'ten', Number.NaN])
      expect(() => asTheSidebarSays(() => checkDailyCap(bad))).toThrow('A watch needs a daily credit cap');
    expect(() => asTheSidebarSays(() => checkDailyCap(100_001))).toThrow(
      "A watch's daily cap is at most 100000 credits.",
    );
  });

  it('reads and writes the columns of all its steps', () => {
    expect(watchColumns(watch())).toEqual([1, 2, 3]);
  });
});

describe('the rows due', () => {
  it('are those the bulk plan would look up, in spans that skip no row waiting for the user', () => {
    const due = dueRows(
      STEP,
      table([
        ['Acme', '', ''],
        ['Filled Inc', 'filled.example', ''],
        ['', '', ''],
        ['Globex', '', ''],
        ['Initech', '', 'Error: The API failed'],
        ['Umbrella', '', 'Not found'],
        ['Hooli', '', 'Waiting: this watch spent its daily cap of 3 credits; it goes on tomorrow.'],
      ]),
    );
    expect(due.rows).toEqual([2, 5, 8]);
    expect(due.spans).toEqual([
      [2, 5],
      [8, 8],
    ]);
    expect(due.waiting).toBe(1);
  });

  it('take in an invalid input whose status does not say so yet, never to buy it', () => {
    const rows = table([['ada@acme.com', '', '']]);
    expect(dueRows(STEP, rows)).toEqual({ rows: [], spans: [[2, 2]], waiting: 0 });
  });
});

describe('a row filled cell by cell', () => {
  const names: BulkRunConfig = {
    ...CONFIG,
    type: 'lead_full_name_to_email',
    columns: { input: 1, company: 2 },
  };

  it('waits for its other inputs while one of the columns its lookup reads is blank', () => {
    const rows: SheetTable = {
      firstRow: 2,
      firstColumn: 1,
      values: [
        ['Ada Lovelace', ''],
        ['Ada Lovelace', 'Acme'],
      ],
    };
    expect(waitsForInputs(names, rows, 2)).toBe(true);
    expect(waitsForInputs(names, rows, 3)).toBe(false);
    expect(waitsForInputs(CONFIG, rows, 2)).toBe(false);
  });

  it('is held by edits, never by a form, and by the hourly check until a check before it found it so', () => {
    const rows: SheetTable = {
      firstRow: 2,
      firstColumn: 1,
      values: [
        ['Ada Lovelace', ''],
        ['Ada Lovelace', 'Acme'],
      ],
    };
    expect(new IncompleteRows('edit', new Set()).holds(names, rows, 2)).toBe(true);
    expect(new IncompleteRows('form', new Set()).holds(names, rows, 2)).toBe(false);
    const edit = new IncompleteRows('edit', new Set());
    edit.holds(names, rows, 2);
    // An edit's run remembers nothing: what the last hourly check found stays.
    expect(edit.remembered(false)).toBeUndefined();

    const first = new IncompleteRows('clock', new Set());
    expect(first.holds(names, rows, 2)).toBe(true);
    expect(first.holds(names, rows, 3)).toBe(false);
    const kept = first.remembered(false)!;
    expect(kept).toMatch(/^2\.[0-9a-z]+$/);
    expect(new IncompleteRows('clock', parseIncomplete(kept)).holds(names, rows, 2)).toBe(false);
    // The row changed since (a name typed further): it waits for another check.
    const typed = { ...rows, values: [['Ada Lovelace-King', ''], rows.values[1]!] };
    expect(new IncompleteRows('clock', parseIncomplete(kept)).holds(names, typed, 2)).toBe(true);
    // A check that stopped before its last row keeps what the one before found too.
    const stopped = new IncompleteRows('clock', parseIncomplete('9.abc'));
    stopped.holds(names, rows, 2);
    expect(stopped.remembered(true)).toBe(`${kept} 9.abc`);
  });

  it('is left out of the due rows when held, cutting the span', () => {
    const rows = table([
      ['Acme', '', ''],
      ['Globex', '', ''],
      ['Hooli', '', ''],
    ]);
    const due = dueRows(STEP, rows, (row) => row === 3);
    expect(due).toEqual({
      rows: [2, 4],
      spans: [
        [2, 2],
        [4, 4],
      ],
      waiting: 0,
    });
  });
});

describe('the caps', () => {
  it('leave what the daily cap and the per-run cap allow, whichever is less', () => {
    expect(capsLeft(10, 4, 0, 4)).toEqual({ left: 6, by: 'daily' });
    expect(capsLeft(10, 4, 5, 4)).toEqual({ left: 1, by: 'run' });
    expect(capsLeft(10, 10, 5, 0)).toEqual({ left: 0, by: 'daily' });
  });

  it('start from nothing on a new day, which ends a cap pause but not a misfit', () => {
    const capped = watch({ spentToday: 10, pause: { kind: 'cap', day: '2025-01-06' } });
    expect(onDay(capped, '2025-01-07')).toMatchObject({ spentToday: 0, pause: null, day: '2025-01-07' });
    const misfit = watch({ pause: { kind: 'misfit', reason: 'gone' } });
    expect(onDay(misfit, '2025-01-07').pause).toEqual({ kind: 'misfit', reason: 'gone' });
  });

  it('say so in the status column and the list', () => {
    expect(capStatus(3)).toBe(
      'Waiting: this watch spent its daily cap of 3 credits; it goes on tomorrow, or when you raise the cap.',
    );
    // The server says the state; the sidebar words it.
    const shown = (state: ReturnType<typeof stateOf>) => WATCHES_TEXTS.states[state].text;
    expect(shown(stateOf(watch({ on: false }), true))).toBe('Off');
    expect(shown(stateOf(watch(), true))).toBe('Paused: see the notice above');
    expect(shown(stateOf(watch({ pause: { kind: 'cap', day: 'x' } }), false))).toBe(
      'Paused: daily cap reached',
    );
    expect(WATCHES_TEXTS.lastRun.say(null)).toBe('Not run yet');
    expect(WATCHES_TEXTS.lastRun.say('Jan 6, 04:02')).toBe('Last run Jan 6, 04:02');
  });

  it('below one lookup: only a price above the cap, and the list says so', () => {
    expect(capBelowPrice(5, 12.5, true)).toEqual({ price: 12.5, bound: true });
    expect(capBelowPrice(12.5, 12.5, true)).toBeNull();
    expect(capBelowPrice(0.5, 1, false)).toEqual({ price: 1, bound: false });
    expect(capProblem(0.5, { price: 1, bound: false })).toBe(
      "Daily cap of 0.5 credits is below one lookup's price (1 credit): nothing can be bought until you raise the cap to at least 1.",
    );
    const below = { kind: 'cap' as const, day: 'x', below: { price: 12.5, bound: true } };
    expect(WATCHES_TEXTS.states[stateOf(watch({ pause: below }), false)].text).toBe(
      "Paused: daily cap below one lookup's price",
    );
  });
});

describe('whether a watch fits its sheet', () => {
  it('is each column still under its header; else which column changed', () => {
    const made = watch();
    expect(headersOfColumns(made, ['Company', 'Website', STATUS, 'Notes'])).toEqual(made.headers);
    expect(misfit(made, true, ['company ', 'Website', STATUS])).toBeNull();
    expect(misfit(made, true, ['Website', STATUS])).toBe(
      'Column A was "Company" when this watch was made; it is "Website" now. A column was deleted, inserted, moved or renamed: delete this watch and set it up again, or put the column back.',
    );
    expect(misfit(made, false, [])).toBe(
      'The sheet "Leads" is gone or was renamed. Delete this watch and set it up again.',
    );
  });
});

describe('the lease', () => {
  it('goes to one run; another trigger marks the watch wanted and returns', () => {
    const mine = takeLease(watch(), 5_000, 'a', 60_000, '2025-01-06');
    expect(mine.kind).toBe('mine');
    const held = mine.kind === 'mine' ? mine.watch : watch();
    expect(held.lease).toEqual({ token: 'a', until: 5_000 + 60_000 + LEASE_MARGIN_MS });
    const other = takeLease(held, 6_000, 'b', 60_000, '2025-01-06');
    expect(other).toMatchObject({ kind: 'busy', watch: { wanted: true } });
    expect(takeLease(held, held.lease!.until + 1, 'b', 60_000, '2025-01-06').kind).toBe('mine');
  });

  it('is not taken for a watch off or waiting out a failure', () => {
    expect(takeLease(watch({ on: false }), 0, 'a', 1, '2025-01-06').kind).toBe('idle');
    // Paused by its cap: the test below. Paused because its columns changed: its run looks whether they are back.
    expect(takeLease(watch({ pause: { kind: 'misfit', reason: '' } }), 0, 'a', 1, '2025-01-06').kind).toBe(
      'mine',
    );
    expect(takeLease(watch({ waitUntil: 10 }), 5, 'a', 1, '2025-01-06').kind).toBe('idle');
    expect(takeLease(null, 0, 'a', 1, '2025-01-06').kind).toBe('idle');
  });

  it('is taken for a watch its cap paused: it buys nothing, but fills the rows whose answers are saved', () => {
    const capped = watch({ spentToday: 10, pause: { kind: 'cap', day: '2025-01-06' } });
    expect(takeLease(capped, 0, 'a', 1, '2025-01-06')).toMatchObject({
      kind: 'mine',
      watch: { pause: { kind: 'cap' }, spentToday: 10 },
    });
  });

  it('folds a run into the watch as stored now', () => {
    const stored = {
      ...watch(),
      lease: { token: 'a', until: 99 },
      wanted: true,
      dailyCap: 20,
      spentToday: 2,
    };
    const kept = afterRun(stored, 'a', { spent: 3, rowsDone: 2, lastRunAt: 50 }, true);
    expect(kept).toMatchObject({ spentToday: 5, rowsDone: 2, dailyCap: 20, wanted: false });
    const released = afterRun(stored, 'a', { spent: 0, rowsDone: 0, lastRunAt: 60, problem: 'x' }, false);
    expect(released).toMatchObject({ lease: null, lastProblem: 'x' });
    expect(afterRun(null, 'a', { spent: 1, rowsDone: 1, lastRunAt: 1 }, false)).toBeNull();
  });
});

describe('the write guard', () => {
  it('leaves alone the rows whose inputs or written cells changed since they were read, splitting blocks', () => {
    const before: Record<string, string> = { '2:1': 'Acme', '3:1': 'Globex', '4:1': 'Initech', '4:2': '' };
    const now: Record<string, string> = { ...before, '3:1': 'Moved Inc', '4:2': 'typed by hand' };
    const read = (cells: Record<string, string>) => (row: number, column: number) =>
      cells[`${row}:${column}`];
    const block = { row: 2, column: 2, values: [['acme.com'], ['globex.com'], ['initech.com']] };
    expect(guardBlocks([block], [1], read(before), read(now))).toEqual({
      blocks: [{ row: 2, column: 2, values: [['acme.com']] }],
      dropped: [3, 4],
    });
  });
});

describe("the Edit trigger's note", () => {
  it('follows the sheets and columns of the watches that may run', () => {
    const note = noteOf([watch(), watch({ id: 'off', on: false, sheetName: 'Other' })], 0);
    expect(note).toEqual({ sheets: [{ name: 'Leads', firstRow: 2, columns: [1, 2, 3] }] });
    const edit = { sheet: 'Leads', firstRow: 2, lastRow: 2, firstColumn: 1, lastColumn: 1 };
    expect(concernsWatch(note, edit)).toBe(true);
    expect(concernsWatch(note, { ...edit, firstColumn: 4, lastColumn: 9 })).toBe(false);
    expect(concernsWatch(note, { ...edit, firstRow: 1, lastRow: 1 })).toBe(false);
    expect(concernsWatch(note, { ...edit, sheet: 'Other' })).toBe(false);
  });

  it('follows only the header row of a watch paused because its columns changed', () => {
    const note = noteOf([watch({ pause: { kind: 'misfit', reason: 'renamed' } })], 0);
    expect(note).toEqual({ sheets: [{ name: 'Leads', firstRow: 1, lastRow: 1, columns: [1, 2, 3] }] });
    const header = { sheet: 'Leads', firstRow: 1, lastRow: 1, firstColumn: 1, lastColumn: 1 };
    expect(concernsWatch(note, header)).toBe(true);
    expect(concernsWatch(note, { ...header, firstRow: 2, lastRow: 2 })).toBe(false);
    // A paste over the header row and rows below reaches it.
    expect(concernsWatch(note, { ...header, lastRow: 9 })).toBe(true);
  });
});

describe('the account pause', () => {
  it('says once why every watch waits and what resumes them', () => {
    const pause = parsePause(JSON.stringify({ credits: true, message: 'Out of credits.', at: 5 }))!;
    expect(pauseNotice(pause, 'hour')).toBe(
      'Every watch is paused: Out of credits. They go on by themselves once the account has credits again (checked every hour), or after a successful key test.',
    );
    // Where the clock check runs every minute (a bound script), it says so: one schedule everywhere.
    expect(pauseNotice(pause, 'minute')).toContain('(checked every minute)');
  });

  it("keeps the API's reason from a stopped slice's message", () => {
    expect(
      refusalOf(
        'Out of credits. The run stopped at row 4; nothing from there on was sent. Resume once this is fixed.',
      ),
    ).toBe('Out of credits.');
    expect(
      refusalOf(
        'Not enough credits (HTTP 402). The run stopped at row 4; nothing from there on was sent. Top up the account, then Resume.',
      ),
    ).toBe('Not enough credits (HTTP 402). Top up the account.');
  });
});

describe('the trigger runtime pace', () => {
  it('counts runs in the quota day, which starts again 24 hours after its first run', () => {
    const once = addRun(null, 0, 30 * MINUTE);
    expect(shareOf(once, MINUTE)).toBeCloseTo(1 / 3);
    const twice = addRun(once, 10 * MINUTE, 15 * MINUTE);
    expect(twice).toEqual({ since: 0, usedMs: 45 * MINUTE });
    expect(shareOf(twice, 24 * 60 * MINUTE)).toBe(0);
    expect(TRIGGER_QUOTA_MS).toBe(90 * MINUTE);
  });

  it('reads a run left open past 6 minutes as a stop by the quota in the sidebar, as 6 minutes in a trigger', () => {
    const counted = addRun(null, 0, 10 * MINUTE);
    // A run opens the tally and its count closes it.
    const opened = openRun(counted, 20 * MINUTE);
    expect(opened).toEqual({ since: 0, usedMs: 10 * MINUTE, open: 20 * MINUTE });
    expect(addRun(opened, 20 * MINUTE, MINUTE)).toEqual({ since: 0, usedMs: 11 * MINUTE });
    // Another run while it works (under 6 minutes): not a stop; the first one stays open.
    expect(openRun(opened, 25 * MINUTE)).toEqual(opened);
    expect(shareOf(opened, 25 * MINUTE)).toBeCloseTo(1 / 9);
    // Never closed: 7 minutes on, Google stopped it. Elsewhere than in a trigger (the sidebar) that
    // is read as the quota spent: nothing runs until the quota's day ends.
    const seen = learnStop(opened, 27 * MINUTE)!;
    expect(seen).toEqual({ since: 0, usedMs: 10 * MINUTE, stoppedAt: 20 * MINUTE });
    expect(shareOf(seen, 27 * MINUTE)).toBe(1);
    expect(paceAt(1, 'clock', 60 * MINUTE)).toMatchObject({ runs: false, budgetMs: 0 });
    expect(shareOf(seen, 24 * 60 * MINUTE)).toBe(0);
    // A trigger that runs at all was let run by Google: its quota is not spent. The run open was
    // stopped at its 6 minutes (or by a quota whose day has ended since): counted as 6 minutes.
    const next = openRun(opened, 27 * MINUTE);
    expect(next).toEqual({ since: 0, usedMs: 16 * MINUTE, open: 27 * MINUTE });
    expect(shareOf(next, 27 * MINUTE)).toBeCloseTo(16 / 90);
  });

  it('slows watches down as the share grows, and stops them near the quota', () => {
    expect(paceAt(0.2, 'form', 0)).toMatchObject({ runs: true, slowed: null });
    expect(paceAt(0.6, 'form', 5 * MINUTE).runs).toBe(false);
    expect(paceAt(0.6, 'form', 10 * MINUTE).runs).toBe(true);
    expect(paceAt(0.6, 'clock', 0).runs).toBe(true);
    expect(paceAt(0.85, 'edit', 60 * MINUTE).runs).toBe(false);
    expect(paceAt(0.85, 'clock', 0).runs).toBe(true);
    expect(paceAt(0.96, 'clock', 60 * MINUTE)).toMatchObject({ runs: false, budgetMs: 0 });
  });
});
