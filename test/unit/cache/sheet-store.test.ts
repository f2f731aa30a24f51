// The hidden-sheet adapter (src/server/sheet-store.ts) over the emulator's SpreadsheetApp and
// LockService, which enforce what Sheets does: 50,000 characters a cell, a finite grid, no writes
// from a custom function, strings that look like numbers or formulas turned into them. The sheet
// is known by its id (S18), whatever a user does to it.
import { lockPort } from '../../../src/server/adapters/apps-script';
import { CELL_CHARS, splitCells } from '../../../src/server/adapters/own-sheet';
import {
  adoptUnrecordedSheet,
  CACHE_SHEET_HEADER,
  CACHE_SHEET_NAME,
  sheetStorePort,
} from '../../../src/server/adapters/sheet-store';
import { createEmulator, type Emulator } from '../../../tools/emulator/emulator';
import {
  CUSTOM_FUNCTION_BUDGET_MS,
  EXECUTION_BUDGET_MS,
  type ExecutionSpec,
} from '../../../tools/emulator/runtime';
import type { SheetModel } from '../../../tools/emulator/sheet-model';
import { FakeRange, FakeSpreadsheet } from '../../../tools/emulator/spreadsheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Lock = GoogleAppsScript.Lock.Lock;
type Mode = 'CUSTOM_FUNCTION' | 'FULL';

function setup() {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
  const spreadsheet = emu.spreadsheet as unknown as Spreadsheet;
  const lock = emu.locks.getDocumentLock() as unknown as Lock;
  const flushes = { count: 0 };
  // The sheet's record (enrich.sheet.cache in the product's document properties).
  const record = { text: null as string | null };
  const store = (canWrite = true, recordedOnly = false) =>
    sheetStorePort({
      spreadsheet,
      canWrite,
      recordedOnly,
      lock,
      flush: () => flushes.count++,
      record: {
        read: () => record.text,
        write: (text) => {
          record.text = text;
        },
      },
    });
  const model = () => emu.document.sheetByName(CACHE_SHEET_NAME);
  const rowsOf = () => {
    const sheet = model()!;
    return emu.values(sheet.name, `A1:${String.fromCharCode(64 + sheet.lastColumn())}${sheet.lastRow()}`);
  };
  return { emu, spreadsheet, lock, store, model, rowsOf, flushes, record };
}

/** Runs `body` as a formula (read-only) or a sidebar call would. */
function inExecution<T>(emu: Emulator, authMode: Mode, body: () => T): T {
  const formula = authMode === 'CUSTOM_FUNCTION';
  const spec: ExecutionSpec = {
    label: formula ? '=LOOKUP()' : 'sidebar call',
    authMode,
    budgetMs: formula ? CUSTOM_FUNCTION_BUDGET_MS : EXECUTION_BUDGET_MS,
    hasUi: !formula,
    documentId: emu.document.id,
    hasActiveSpreadsheet: true,
    user: 'owner@example.com',
    hasActiveUser: !formula,
  };
  return emu.runtime.run(spec, body);
}

function countCalls() {
  const getValues = jest.spyOn(FakeRange.prototype, 'getValues');
  const setValues = jest.spyOn(FakeRange.prototype, 'setValues');
  return { getValues, setValues };
}

afterEach(() => jest.restoreAllMocks());

describe('the hidden sheet store', () => {
  it('makes a hidden sheet at the end on the first write, leaving the user on their sheet', () => {
    const { emu, store, model, rowsOf, flushes } = setup();
    expect(store().readAll()).toEqual({});
    expect(model()).toBeNull(); // reading makes nothing

    store().writeMany({ 'r1:key-a': '{"v":1}', 'r1:key-b': '{"v":2}' });

    const sheet = model()!;
    expect(sheet.hidden).toBe(true);
    expect(emu.document.sheets.at(-1)).toBe(sheet);
    expect(emu.document.activeSheet.name).toBe('Sheet1');
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.maxColumns).toBe(2);
    expect(emu.cell(CACHE_SHEET_NAME, 'A1')).toMatchObject({ value: CACHE_SHEET_HEADER[0], bold: true });
    expect(emu.cell(CACHE_SHEET_NAME, 'A1').note).toMatch(/clear them from the sidebar/);
    expect(rowsOf()).toEqual([CACHE_SHEET_HEADER, ['r1:key-a', '{"v":1}'], ['r1:key-b', '{"v":2}']]);
    expect(flushes.count).toBe(1);
    expect(store().readAll()).toEqual({ 'r1:key-a': '{"v":1}', 'r1:key-b': '{"v":2}' });
  });

  it('reads with one getValues and writes a batch of 1,500 with one setValues, growing the grid', () => {
    const { store, model } = setup();
    store().writeMany({ first: 'x' });
    const entries = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`key ${i}`, `value ${i}`]));
    const calls = countCalls();

    store().writeMany(entries);
    expect(calls.setValues).toHaveBeenCalledTimes(1);
    expect(model()!.maxRows).toBeGreaterThanOrEqual(1_502);

    calls.getValues.mockClear();
    const all = store().readAll();
    expect(calls.getValues).toHaveBeenCalledTimes(1);
    expect(Object.keys(all)).toHaveLength(1_501);
    expect(all['key 1499']).toBe('value 1499');
  });

  it('splits a value longer than a cell over further columns, and keeps look-alike text as text', () => {
    const { store, model } = setup();
    // An emoji straddles the first cut: it must not be split in two.
    const long = `${'a'.repeat(CELL_CHARS - 1)}😀${'b'.repeat(100_000)}`;
    const lookalikes = {
      zeros: '00123',
      formula: '=IMPORTXML("http://x","//a")',
      phone: '+1 650 555 0100',
      bool: 'TRUE',
    };

    store().writeMany({ long, ...lookalikes });

    expect(store().readAll()).toEqual({ long, ...lookalikes });
    expect(model()!.maxColumns).toBe(1 + Math.ceil(long.length / CELL_CHARS));
    expect(model()!.formulaCells()).toEqual([]);
    expect(splitCells(long)[0]).toHaveLength(CELL_CHARS - 1);
    expect(splitCells(long).join('')).toBe(long);
  });

  it('rewrites the rows of known keys in place and appends new ones, in one setValues', () => {
    const { emu, store } = setup();
    store().writeMany({ a: 'A', b: 'B'.repeat(CELL_CHARS * 2), c: 'C' });
    const calls = countCalls();

    store().writeMany({ b: 'shorter', d: 'D' });

    expect(calls.setValues).toHaveBeenCalledTimes(1);
    // The second half of the old value is gone, not left to be read as part of the new one.
    expect(emu.values(CACHE_SHEET_NAME, 'A2:C5')).toEqual([
      ['a', 'A', ''],
      ['b', 'shorter', ''],
      ['c', 'C', ''],
      ['d', 'D', ''],
    ]);
    expect(store().readAll()).toEqual({ a: 'A', b: 'shorter', c: 'C', d: 'D' });
  });

  it('deletes the rows of the keys it is given, every one of them if asked, and keeps its header', () => {
    const { store, model } = setup();
    store().writeMany({ a: 'A', b: 'B', c: 'C', d: 'D', e: 'E' });

    store().removeMany(['b', 'd', 'not there']);
    expect(store().readAll()).toEqual({ a: 'A', c: 'C', e: 'E' });

    store().removeMany(['a', 'c', 'e']);
    expect(store().readAll()).toEqual({});
    expect(model()!.lastRow()).toBe(1);
    store().writeMany({ f: 'F' });
    expect(store().readAll()).toEqual({ f: 'F' });
  });

  it('only reads inside a custom function: its writes do nothing and never throw', () => {
    const { emu, store, model } = setup();
    inExecution(emu, 'CUSTOM_FUNCTION', () => {
      expect(store(false).readAll()).toEqual({});
      store(false).writeMany({ a: 'A' });
    });
    expect(model()).toBeNull();

    store().writeMany({ a: 'A', b: 'B' });
    inExecution(emu, 'CUSTOM_FUNCTION', () => {
      expect(store(false).readAll()).toEqual({ a: 'A', b: 'B' });
      expect(() => store(false).writeMany({ c: 'C' })).not.toThrow();
      expect(() => store(false).removeMany(['a'])).not.toThrow();
      // What the flag spares a formula: Sheets refuses the write itself.
      expect(() => store(true).writeMany({ c: 'C' })).toThrow(/You do not have permission/);
    });
    expect(store().readAll()).toEqual({ a: 'A', b: 'B' });
  });

  it('leaves alone a sheet of that name it did not make', () => {
    const { emu, store } = setup();
    const theirs = emu.spreadsheet.insertSheet(CACHE_SHEET_NAME);
    theirs.getRange('A1:B2').setValues([
      ['Name', 'Notes'],
      ['r1:looks-like-ours', 'mine'],
    ]);

    expect(store().readAll()).toEqual({});
    expect(() => store().writeMany({ a: 'A' })).toThrow(/did not make is in the way: rename it/);
    expect(() => store().removeMany(['r1:looks-like-ours'])).toThrow(/did not make/);
    expect(emu.values(CACHE_SHEET_NAME, 'A1:B2')).toEqual([
      ['Name', 'Notes'],
      ['r1:looks-like-ours', 'mine'],
    ]);
  });

  it('waits for another writer, and keeps a lock its own execution already holds', () => {
    const { emu, lock, store } = setup();
    emu.locks.holdElsewhere('document', 60_000);
    const started = emu.clock.now();
    inExecution(emu, 'FULL', () => {
      expect(() => store().writeMany({ a: 'A' })).toThrow(/Another execution is saving results/);
    });
    // The 10 s wait, and the lock request's own round trip (50 ms).
    expect(emu.clock.now() - started).toBe(10_050);

    emu.clock.advance(60_000);
    inExecution(emu, 'FULL', () => {
      // Held as the collector holds it for its whole pass: through the execution's lock port.
      lockPort(lock).withLock(1_000, () => {
        store().writeMany({ a: 'A' });
        store().removeMany(['a']);
        expect(lock.hasLock()).toBe(true);
      });
    });
  });
});

/** Keys of the cache's shape (`r1:<16 hex>:<32 hex>`): what finds the key column after an edit. */
const key = (n: number) => `r1:${'0'.repeat(16)}:${String(n).padStart(32, '0')}`;
const THREE = { [key(1)]: '{"v":1}', [key(2)]: '{"v":2}', [key(3)]: '{"v":3}' };

function spyOnSheetLookups() {
  const byName = jest.spyOn(FakeSpreadsheet.prototype, 'getSheetByName');
  const byId = jest.spyOn(FakeSpreadsheet.prototype, 'getSheetById');
  return { byName, byId };
}

describe('the hidden sheet after a user edited it (S17, S18)', () => {
  it('remembers its id when it makes the sheet, and reads it by that id: one call, as by name', () => {
    const { store, model, record } = setup();
    store().writeMany(THREE);
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id });

    const lookups = spyOnSheetLookups();
    expect(store(false).readAll()).toEqual(THREE);
    expect(lookups.byId).toHaveBeenCalledTimes(1);
    expect(lookups.byName).not.toHaveBeenCalled();
  });

  const FOUR = { ...THREE, [key(4)]: '{"v":4}' };
  const byKey = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it.each([
    ['its A1 typed over', (sheet: SheetModel) => sheet.writeInput(1, 1, 'my notes')],
    ['columns inserted left of its keys', (sheet: SheetModel) => sheet.insertColumns(0, 2)],
    [
      'its rows sorted Z to A, header included',
      (sheet: SheetModel) => sheet.sortRows({ row: 1, column: 1, numRows: 4, numColumns: 2 }, 1, false),
    ],
  ])('reads every row after %s, and the next write puts the sheet back as it writes it', (_, edit) => {
    const { emu, store, model, rowsOf } = setup();
    store().writeMany(THREE);
    edit(model()!);

    expect(store(false).readAll()).toEqual(THREE);

    store().writeMany({ [key(4)]: '{"v":4}' });
    const [header, ...rows] = rowsOf();
    expect(header).toEqual(CACHE_SHEET_HEADER);
    expect(byKey(rows)).toEqual(Object.entries(FOUR));
    expect(emu.cell(CACHE_SHEET_NAME, 'A1')).toMatchObject({
      bold: true,
      note: expect.stringMatching(/sidebar/),
    });
    expect(model()!.frozenRows).toBe(1);
    expect(store(false).readAll()).toEqual(FOUR);
  });

  it('reads and writes past a blank column inserted between keys and values, left where it is', () => {
    const { store, model, rowsOf } = setup();
    store().writeMany(THREE);
    model()!.insertColumns(1, 1);

    expect(store(false).readAll()).toEqual(THREE);
    store().writeMany({ [key(2)]: '{"v":22}', [key(4)]: '{"v":4}' });
    expect(store(false).readAll()).toEqual({ ...FOUR, [key(2)]: '{"v":22}' });
    expect(rowsOf()[2]).toEqual([key(2), '{"v":22}', '']);
  });

  it('finds a renamed sheet by its id, and gives it its name back at the next write, never making another', () => {
    const { emu, store, model } = setup();
    store().writeMany(THREE);
    const sheet = model()!;
    sheet.name = 'old answers';

    expect(store(false).readAll()).toEqual(THREE);
    store().writeMany({ [key(4)]: '{"v":4}' });
    expect(sheet.name).toBe(CACHE_SHEET_NAME);
    expect(emu.document.sheets.map((each) => each.name)).toEqual(['Sheet1', CACHE_SHEET_NAME]);
  });

  it('adopts a sheet made before ids were kept, found by its name even with its header typed over', () => {
    const { store, model, record } = setup();
    store().writeMany(THREE);
    record.text = null; // an older version of the add-on kept no record
    model()!.writeInput(1, 1, 'my notes');

    expect(store(false).readAll()).toEqual(THREE);
    store().writeMany({ [key(4)]: '{"v":4}' });
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id });
    expect(model()!.lastRow()).toBe(5);
  });

  it('is not looked for by a formula while no record names it: opening the file adopts one made before ids', () => {
    const { spreadsheet, lock, store, model, record } = setup();
    store().writeMany(THREE);
    record.text = null; // an older version of the add-on kept no record
    // A formula over a document with no record asks Sheets nothing: most never had a hidden sheet.
    const byName = jest.spyOn(spreadsheet, 'getSheetByName');
    const byId = jest.spyOn(spreadsheet, 'getSheetById');
    expect(store(false, true).readAll()).toEqual({});
    expect(store(false, true).lost()).toBeNull();
    expect(byName.mock.calls.length + byId.mock.calls.length).toBe(0);
    adoptUnrecordedSheet({
      spreadsheet,
      lock,
      record: {
        read: () => record.text,
        write: (text) => {
          record.text = text;
        },
      },
    });
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id });
    expect(store(false, true).readAll()).toEqual(THREE);
  });

  it('takes a sheet of its name for one whose id is gone (a copy of the spreadsheet): nothing is lost', () => {
    const { store, model, record } = setup();
    store().writeMany(THREE, { entries: 3, credits: 3 });
    record.text = JSON.stringify({ id: 999, n: 3, c: 3 });

    expect(store(false).readAll()).toEqual(THREE);
    expect(store(false).lost()).toBeNull();
    store().writeMany({ [key(4)]: '{"v":4}' }, { entries: 4, credits: 4 });
    expect(JSON.parse(record.text)).toEqual({ id: model()!.id, n: 4, c: 4 });
  });

  it('remembers what the sheet holds with each write that says so', () => {
    const { store, model, record } = setup();
    store().writeMany(THREE, { entries: 3, credits: 3.5 });
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id, n: 3, c: 3.5 });
    store().removeMany([key(1)], { entries: 2, credits: 2.5 });
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id, n: 2, c: 2.5 });
  });

  it('once deleted, reads nothing, says what it held, writes nothing until the loss is accepted, then makes one sheet', () => {
    const { emu, store, model, record } = setup();
    store().writeMany(THREE, { entries: 3, credits: 3 });
    emu.document.removeSheet(model()!);

    const reader = store(false);
    expect(reader.readAll()).toEqual({});
    expect(reader.lost()).toEqual({
      name: CACHE_SHEET_NAME,
      deleted: 'sheet',
      holds: { entries: 3, credits: 3 },
    });
    expect(() => store().writeMany({ [key(4)]: '{"v":4}' })).toThrow(/was deleted: nothing is written/);
    expect(() => store().removeMany([key(1)])).not.toThrow();
    expect(model()).toBeNull();

    const sidebar = store();
    sidebar.forgetLost();
    expect(sidebar.lost()).toBeNull();
    expect(record.text).toBeNull();
    store().writeMany({ [key(4)]: '{"v":4}' });
    expect(store(false).readAll()).toEqual({ [key(4)]: '{"v":4}' });
    expect(emu.document.sheets.map((each) => each.name)).toEqual(['Sheet1', CACHE_SHEET_NAME]);
  });

  it('counts rows a user deleted, keeps them noted through later writes, and forgets them when told', () => {
    const { emu, store, model, record } = setup();
    store().writeMany(THREE, { entries: 3, credits: 3 });
    model()!.deleteRows(2, 1);

    const reader = store(false);
    expect(reader.readAll()).toEqual({ [key(2)]: '{"v":2}', [key(3)]: '{"v":3}' });
    // Values the cache cannot read are worth nothing: all the record's credits went with the row.
    expect(reader.lost()).toEqual({
      name: CACHE_SHEET_NAME,
      deleted: 'rows',
      holds: { entries: 1, credits: 3 },
    });

    const writer = store();
    writer.readAll();
    writer.writeMany({ [key(4)]: '{"v":4}' }, { entries: 3, credits: 3 });
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id, n: 3, c: 3, gn: 1, gc: 3 });
    expect(store(false).lost()).toMatchObject({ deleted: 'rows', holds: { entries: 1, credits: 3 } });
    // Rows the add-on removes itself are no loss.
    store().removeMany([key(2)]);
    expect(store(false).lost()).toMatchObject({ holds: { entries: 1 } });

    store().forgetLost();
    expect(store(false).lost()).toBeNull();
    expect(JSON.parse(record.text!)).toEqual({ id: model()!.id, n: 2, c: 0 });
    expect(emu.document.sheets.map((each) => each.name)).toEqual(['Sheet1', CACHE_SHEET_NAME]);
  });

  it('a store that replaces a deleted sheet (the ledger) makes a new one at the next write', () => {
    const { emu, spreadsheet, lock } = setup();
    const record = { text: null as string | null };
    const ledger = () =>
      sheetStorePort({
        spreadsheet,
        canWrite: true,
        lock,
        flush: () => undefined,
        record: {
          read: () => record.text,
          write: (text) => {
            record.text = text;
          },
        },
        own: {
          name: '_pages',
          header: ['Pages (do not edit)', 'page'],
          note: 'Pages.',
          mark: 'Pages (do not edit)',
          isKey: (text) => /^p\d+$/.test(text),
          whenDeleted: 'replace',
        },
      });
    ledger().writeMany({ p1: 'one' });
    const first = emu.document.sheetByName('_pages')!;
    emu.document.removeSheet(first);

    ledger().writeMany({ p2: 'two' });
    expect(ledger().readAll()).toEqual({ p2: 'two' });
    expect(JSON.parse(record.text!).id).not.toBe(first.id);
  });
});
