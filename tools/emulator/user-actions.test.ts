// What each action of a person fires (assumptions T9, T10, S17), that scripts fire nothing, the add-on
// rule of one trigger of each type, and the daily trigger runtime quota (T11).
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

const CODE = `
function install(kind) {
  const builder = ScriptApp.newTrigger(kind).forSpreadsheet(SpreadsheetApp.getActive());
  if (kind === 'edited') builder.onEdit().create();
  if (kind === 'changed') builder.onChange().create();
  if (kind === 'submitted') builder.onFormSubmit().create();
}
function log(entry) {
  const props = PropertiesService.getDocumentProperties();
  const list = JSON.parse(props.getProperty('log') || '[]');
  list.push(entry);
  props.setProperty('log', JSON.stringify(list));
}
function edited(e) {
  log({ on: 'edit', a1: e.range.getA1Notation(), value: e.value === undefined ? null : e.value });
}
function changed(e) { log({ on: 'change', changeType: e.changeType, authMode: String(e.authMode), uid: String(e.triggerUid) }); }
function submitted(e) {
  log({ on: 'submit', values: e.values, namedValues: e.namedValues, a1: e.range.getA1Notation(),
    sheet: e.range.getSheet().getName() });
}
function formUrl() { return SpreadsheetApp.getActive().getFormUrl(); }
function sheetById(id) { return SpreadsheetApp.getActive().getSheetById(id); }
function scriptWrites() {
  const sheet = SpreadsheetApp.getActive().getSheetByName('Sheet1');
  sheet.getRange('A5').setValue('by a script');
  sheet.insertRowsAfter(1, 2);
  sheet.deleteRows(2, 1);
}
function busy(e) { Utilities.sleep(5 * 60 * 1000); }
function hourly() { ScriptApp.newTrigger('busy').timeBased().everyHours(1).create(); }
`;

const MINUTE = 60_000;

afterAll(removeBundles);

function setup(options: { addOn?: boolean; account?: 'consumer' | 'workspace' } = {}) {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }), ...options });
  const bundle = emu.loadBundle(writeBundle(CODE));
  const log = () =>
    JSON.parse(emu.properties.snapshot({ documentId: emu.document.id }).log ?? '[]') as Record<
      string,
      unknown
    >[];
  const install = (...kinds: string[]) => {
    for (const kind of kinds) emu.runExecution(bundle, 'install', [kind]);
  };
  return { emu, bundle, log, install };
}

describe('what a person does fires (T9, T10)', () => {
  it('typing a cell fires Edit, then Change with changeType EDIT', () => {
    const { emu, bundle, log, install } = setup();
    install('edited', 'changed');
    emu.edit(bundle, 'Sheet1', 'A2', 'Acme');
    expect(log()).toEqual([
      { on: 'edit', a1: 'A2', value: 'Acme' },
      { on: 'change', changeType: 'EDIT', authMode: 'FULL', uid: emu.triggers.triggers[1]!.id },
    ]);
  });

  it('a paste of a block is one edit: one Edit event for the whole range, without a value, and one Change', () => {
    const { emu, bundle, log, install } = setup();
    install('edited', 'changed');
    const rows = Array.from({ length: 500 }, (_, i) => [`Company ${i}`]);
    expect(emu.user.paste(bundle, 'Sheet1', 'A2', rows)).toBe(2);
    expect(log()).toEqual([
      { on: 'edit', a1: 'A2:A501', value: null },
      expect.objectContaining({ on: 'change', changeType: 'EDIT' }),
    ]);
    expect(emu.cell('Sheet1', 'A501').value).toBe('Company 499');
  });

  it('inserting and deleting rows fire Change (INSERT_ROW, REMOVE_ROW), never Edit', () => {
    const { emu, bundle, log, install } = setup();
    install('edited', 'changed');
    emu.edit(bundle, 'Sheet1', 'A2', 'first');
    emu.user.insertRows(bundle, 'Sheet1', 1, [['inserted']]);
    emu.user.deleteRows(bundle, 'Sheet1', 3);
    expect(log().slice(2)).toEqual([
      expect.objectContaining({ on: 'change', changeType: 'INSERT_ROW' }),
      expect.objectContaining({ on: 'change', changeType: 'REMOVE_ROW' }),
    ]);
    expect(emu.values('Sheet1', 'A2:A3')).toEqual([['inserted'], ['']]);
  });

  it('a sheet edited by hand: columns inserted, rows sorted, renamed, deleted; its id stays until it goes (S17, S18)', () => {
    const { emu, bundle, log, install } = setup();
    install('changed');
    const sheet = emu.document.addSheet('Data');
    const id = sheet.id;
    [
      ['Name', 'n'],
      ['b', 2],
      ['', 9],
      ['A', 1],
      ['c', 10],
    ].forEach((line, r) => {
      line.forEach((value, c) => {
        sheet.writeInput(r + 1, c + 1, value);
      });
    });

    emu.user.sortRange(bundle, 'Data', 'A1:B5', 1, false);
    expect(emu.values('Data', 'A1:B5')).toEqual([
      ['Name', 'n'],
      ['c', 10],
      ['b', 2],
      ['A', 1],
      ['', 9],
    ]);
    emu.user.sortRange(bundle, 'Data', 'A2:B5', 2);
    expect(emu.values('Data', 'B2:B5')).toEqual([[1], [2], [9], [10]]);
    emu.user.insertColumns(bundle, 'Data', 0);
    expect(emu.values('Data', 'A1:C1')).toEqual([['', 'Name', 'n']]);
    emu.user.renameSheet(bundle, 'Data', 'Renamed');
    expect(emu.document.sheetByName('Renamed')?.id).toBe(id);
    emu.user.deleteSheet(bundle, 'Renamed');
    expect(emu.document.sheets.map((each) => each.name)).toEqual(['Sheet1']);
    expect(emu.runExecution(bundle, 'sheetById', [id])).toBeNull();
    expect(log().map((entry) => entry.changeType)).toEqual(['INSERT_COLUMN', 'OTHER', 'REMOVE_GRID']);
  });

  it('a sheet added, hidden and shown again by hand: Change INSERT_GRID, then OTHER for each, never Edit (S17)', () => {
    const { emu, bundle, log, install } = setup();
    install('edited');
    install('changed');
    emu.user.addSheet(bundle, 'Sheet2');
    expect(emu.document.sheets.map((each) => each.name)).toEqual(['Sheet1', 'Sheet2']);
    emu.user.hideSheet(bundle, 'Sheet2');
    expect(emu.document.sheetByName('Sheet2')?.hidden).toBe(true);
    emu.user.showSheet(bundle, 'Sheet2');
    expect(emu.document.sheetByName('Sheet2')?.hidden).toBe(false);
    emu.user.hideSheet(bundle, 'Sheet2');
    expect(() => emu.user.hideSheet(bundle, 'Sheet1')).toThrow(
      "You can't hide all the sheets in a document.",
    );
    expect(log()).toEqual([
      { on: 'change', changeType: 'INSERT_GRID', authMode: 'FULL', uid: expect.any(String) },
      { on: 'change', changeType: 'OTHER', authMode: 'FULL', uid: expect.any(String) },
      { on: 'change', changeType: 'OTHER', authMode: 'FULL', uid: expect.any(String) },
      { on: 'change', changeType: 'OTHER', authMode: 'FULL', uid: expect.any(String) },
    ]);
  });

  it('a form response appends a row to its sheet and fires Form-submit only, with values, namedValues and range', () => {
    const { emu, bundle, log, install } = setup();
    expect(emu.runExecution(bundle, 'formUrl')).toBeNull();
    emu.user.linkForm('Form Responses 1', ['Name', 'Company']);
    install('edited', 'changed', 'submitted');
    expect(emu.runExecution(bundle, 'formUrl')).toMatch(/^https:\/\/docs\.google\.com\/forms\/d\//);

    const row = emu.user.submitForm(bundle, { Name: 'Ada Lovelace', Company: 'Acme' });

    expect(row).toBe(2);
    const stamp = '1/6/2025 4:00:00';
    expect(emu.values('Form Responses 1', 'A1:C2')).toEqual([
      ['Timestamp', 'Name', 'Company'],
      [stamp, 'Ada Lovelace', 'Acme'],
    ]);
    expect(log()).toEqual([
      {
        on: 'submit',
        values: [stamp, 'Ada Lovelace', 'Acme'],
        namedValues: { Timestamp: [stamp], Name: ['Ada Lovelace'], Company: ['Acme'] },
        a1: 'A2:C2',
        sheet: 'Form Responses 1',
      },
    ]);
  });

  it('writes, inserts and deletes made by a script fire nothing', () => {
    const { emu, bundle, log, install } = setup();
    install('edited', 'changed');
    emu.runExecution(bundle, 'scriptWrites');
    emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B2').setValue('by the Sheets API');
    expect(log()).toEqual([]);
    expect(emu.triggerRuns).toEqual([]);
  });

  it('an add-on may have one Change and one Form-submit trigger per user per document', () => {
    const { emu, bundle, install } = setup({ addOn: true });
    install('changed', 'submitted');
    expect(() => install('changed')).toThrow(
      'This add-on has created too many change triggers in this document for this Google user account.',
    );
    expect(() => install('submitted')).toThrow(
      'This add-on has created too many form submit triggers in this document for this Google user account.',
    );
    expect(emu.triggers.triggers.map((trigger) => trigger.eventType)).toEqual([
      'ON_CHANGE',
      'ON_FORM_SUBMIT',
    ]);
    expect(emu.runExecution(bundle, 'formUrl')).toBeNull();
  });
});

describe('the daily trigger runtime quota (T11)', () => {
  it('counts every trigger run against 90 minutes on a consumer account, then throws Google message', () => {
    const { emu, bundle } = setup();
    emu.runExecution(bundle, 'hourly');
    const start = emu.clock.now();
    // 18 hourly runs of 5 minutes each spend the 90 minutes; the 19th cannot start. Each runs up
    // to an hour after its nominal time (T5): wait that hour too.
    emu.runTriggersUntil(bundle, start + 20 * 60 * MINUTE);
    const runs = emu.triggerRuns;
    expect(runs).toHaveLength(19);
    expect(runs.slice(0, 18).every((run) => run.error === null && run.ms === 5 * MINUTE)).toBe(true);
    expect(runs[18]).toMatchObject({
      error: 'Exception: Service using too much computer time for one day',
      ms: 0,
    });
    expect(emu.triggerQuota.usedMs('owner@example.com', emu.clock.now())).toBe(90 * MINUTE);
  });

  it('stops a run at the instant the quota runs out, and gives the day back 24 hours after the first run', () => {
    const { emu, bundle } = setup();
    emu.runExecution(bundle, 'hourly');
    const start = emu.clock.now();
    // Spend 88 minutes first: the next run has 2 minutes left of its 5.
    emu.triggerQuota.charge('owner@example.com', start, 88 * MINUTE);
    // Its first hour, and the hour it may run late by (T5).
    emu.runTriggersUntil(bundle, start + 2 * 60 * MINUTE);
    expect(emu.triggerRuns[0]).toMatchObject({
      error: 'Exception: Service using too much computer time for one day',
      ms: 2 * MINUTE,
    });
    emu.runTriggersUntil(bundle, start + 25 * 60 * MINUTE);
    expect(emu.triggerRuns.at(-1)).toMatchObject({ error: null, ms: 5 * MINUTE });
  });

  it('allows 6 hours on a Workspace account', () => {
    const { emu, bundle } = setup({ account: 'workspace' });
    emu.runExecution(bundle, 'hourly');
    // 23 hours, and the hour each run may come late by (T5).
    emu.runTriggersUntil(bundle, emu.clock.now() + 24 * 60 * MINUTE);
    expect(emu.triggerRuns.filter((run) => run.error === null)).toHaveLength(23);
    expect(emu.triggerQuota.limitMs).toBe(6 * 60 * MINUTE);
  });
});
