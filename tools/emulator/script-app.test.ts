import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

const CODE = `
function installEveryMinute() { return ScriptApp.newTrigger('poll').timeBased().everyMinutes(1).create().getUniqueId(); }
function installHourly() { return ScriptApp.newTrigger('poll').timeBased().everyHours(1).create().getUniqueId(); }
function installOnOpen() { ScriptApp.newTrigger('opened').forSpreadsheet(SpreadsheetApp.getActive()).onOpen().create(); }
function handlers() { return ScriptApp.getProjectTriggers().map((t) => t.getHandlerFunction() + ':' + t.getEventType()); }
function removeAll() { ScriptApp.getProjectTriggers().forEach((t) => ScriptApp.deleteTrigger(t)); }
function poll(e) {
  const props = PropertiesService.getDocumentProperties();
  const runs = Number(props.getProperty('runs') || 0) + 1;
  props.setProperty('runs', String(runs));
  props.setProperty('sawSpreadsheet', String(SpreadsheetApp.getActiveSpreadsheet() !== null));
  props.setProperty('authMode', String(e.authMode));
}
function installAfterMinutes(n) { ScriptApp.newTrigger('poll').timeBased().after(n * 60000).create(); }
function installOnEdit() { ScriptApp.newTrigger('edited').forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create(); }
function edited(e) {
  const props = PropertiesService.getDocumentProperties();
  props.setProperty('edits', String(Number(props.getProperty('edits') || 0) + 1));
  props.setProperty('edit', JSON.stringify({ a1: e.range.getA1Notation(), value: e.value === undefined ? null : e.value,
    oldValue: e.oldValue === undefined ? null : e.oldValue, authMode: String(e.authMode), uid: String(e.triggerUid),
    sheet: e.source.getActiveSheet().getName() }));
}
function opened(e) {
  const props = PropertiesService.getDocumentProperties();
  props.setProperty('opens', String(Number(props.getProperty('opens') || 0) + 1));
  props.setProperty('openAuth', String(e.authMode));
}
function scriptWrite() { SpreadsheetApp.getActive().getSheets()[0].getRange('C3').setValue('by a script'); }
function DOUBLE(x) { return x * 2; }
function SLOW() { Utilities.sleep(5000); return 'slow'; }
function writeSlow() { SpreadsheetApp.getActive().getSheets()[0].getRange('C1').setFormula('=SLOW()'); }
function installWriteSlow() { ScriptApp.newTrigger('writeSlow').timeBased().everyHours(1).create(); }
function TRIGGER_FROM_FORMULA() { ScriptApp.newTrigger('poll').timeBased().everyHours(1).create(); return 'ok'; }
`;

const MINUTE = 60_000;

afterAll(removeBundles);

const HOUR = 60 * MINUTE;

function setup(addOn: boolean, clockTriggerDelay?: 'seeded' | 'latest') {
  const emu = createEmulator({
    fetchHandler: () => ({ status: 404, body: '' }),
    addOn,
    ...(clockTriggerDelay ? { clockTriggerDelay } : {}),
  });
  const bundle = emu.loadBundle(writeBundle(CODE));
  const documentProperties = () => emu.properties.snapshot({ documentId: emu.document.id });
  return { emu, bundle, documentProperties };
}

describe('ScriptApp triggers', () => {
  it('an add-on cannot create a trigger that runs every minute', () => {
    const { emu, bundle } = setup(true);
    expect(() => emu.runExecution(bundle, 'installEveryMinute')).toThrow(
      'Add-ons may not create time-based triggers to run more frequently than once per hour.',
    );
    expect(emu.triggers.triggers).toHaveLength(0);
  });

  it('an add-on may have one time-based trigger per user per document', () => {
    const { emu, bundle } = setup(true);
    emu.runExecution(bundle, 'installHourly');
    expect(() => emu.runExecution(bundle, 'installHourly')).toThrow(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    emu.runExecution(bundle, 'installOnOpen');
    expect(emu.runExecution(bundle, 'handlers')).toEqual(['poll:CLOCK', 'opened:ON_OPEN']);
  });

  it('a user may have 20 triggers of a script, past which create() refuses', () => {
    // Google's quota page: 20 triggers per user per script; the message is the one users report.
    const { emu, bundle } = setup(false);
    for (let i = 0; i < 20; i++) emu.runExecution(bundle, 'installHourly');
    expect(() => emu.runExecution(bundle, 'installOnOpen')).toThrow(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
    expect(emu.triggers.triggers).toHaveLength(20);
  });

  it("an add-on's hourly trigger runs on the clock against its document, the active spreadsheet", () => {
    // As Google's @OnlyCurrentDoc add-on template (templates/sheets-import) relies on.
    const { emu, bundle, documentProperties } = setup(true);
    emu.runExecution(bundle, 'installHourly');
    // Three hours, and the hour Apps Script may run each one late by (T5).
    expect(emu.runTriggersUntil(bundle, emu.clock.now() + 4 * HOUR)).toBe(3);
    expect(documentProperties()).toEqual({ runs: '3', sawSpreadsheet: 'true', authMode: 'FULL' });
  });

  it('a bound script may poll every minute, and its trigger sees the spreadsheet', () => {
    const { emu, bundle, documentProperties } = setup(false);
    emu.runExecution(bundle, 'installEveryMinute');
    // Minutes count from the trigger's creation, the last round trip of the install; each run
    // comes the same delay within its minute after it (T5).
    const start = emu.clock.now();
    expect(emu.runTriggersUntil(bundle, start + 11 * MINUTE)).toBe(10);
    const delay = emu.triggerRuns[0]!.at - start - MINUTE;
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan(MINUTE);
    expect(emu.triggerRuns.map((run) => run.at - start)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i + 1) * MINUTE + delay),
    );
    expect(documentProperties().sawSpreadsheet).toBe('true');
    // The last run's own round trips: a store (2), a read (32), three writes (186), the sheet (50).
    expect(emu.triggerRuns[9]!.ms).toBe(270);
  });

  it('runs a recurring trigger a delay of its own after each nominal time, within the hour (T5)', () => {
    // "If you create a recurring 9 a.m. trigger, Apps Script chooses a time between 9 a.m. and 10 a.m."
    const { emu, bundle } = setup(true);
    emu.runExecution(bundle, 'installHourly');
    const start = emu.clock.now();
    expect(emu.runTriggersUntil(bundle, start + HOUR)).toBe(0);
    expect(emu.runTriggersUntil(bundle, start + 5 * HOUR)).toBe(4);
    const [first, ...rest] = emu.triggerRuns.map((run) => run.at - start);
    expect(first).toBeGreaterThan(HOUR);
    expect(first).toBeLessThan(2 * HOUR);
    // The time chosen is kept: one hour between runs.
    expect(rest).toEqual([1, 2, 3].map((n) => first! + n * HOUR));
    // Seeded: the same trigger of another emulator runs at the same times.
    const again = setup(true);
    again.emu.runExecution(again.bundle, 'installHourly');
    again.emu.runTriggersUntil(again.bundle, again.emu.clock.now() + 2 * HOUR);
    expect(again.emu.triggerRuns[0]!.at - again.emu.clock.now() + 2 * HOUR).toBe(first);
  });

  it("with clockTriggerDelay 'latest', an hourly trigger first runs two hours after its creation", () => {
    const { emu, bundle } = setup(true, 'latest');
    emu.runExecution(bundle, 'installHourly');
    const start = emu.clock.now();
    expect(emu.runTriggersUntil(bundle, start + 2 * HOUR - 1)).toBe(0);
    expect(emu.runTriggersUntil(bundle, start + 3 * HOUR)).toBe(2);
    expect(emu.triggerRuns.map((run) => run.at - start)).toEqual([2 * HOUR, 3 * HOUR]);
  });

  it("counts a trigger's own time against the daily quota, not the formulas Sheets recalculates after it (T11)", () => {
    const { emu, bundle } = setup(true);
    emu.runExecution(bundle, 'installWriteSlow');
    // An hour, and the hour Apps Script may run it late by (T5).
    emu.runTriggersUntil(bundle, emu.clock.now() + 2 * HOUR);
    expect(emu.cell('Sheet1', 'C1').value).toBe('slow');
    expect(emu.triggerRuns).toHaveLength(1);
    expect(emu.triggerRuns[0]!.ms).toBeLessThan(5_000);
  });

  it('deleted triggers stop running', () => {
    const { emu, bundle } = setup(false);
    emu.runExecution(bundle, 'installEveryMinute');
    emu.runExecution(bundle, 'removeAll');
    expect(emu.runTriggersUntil(bundle, emu.clock.now() + 5 * MINUTE)).toBe(0);
  });

  it('a custom function may not create triggers', () => {
    const { emu, bundle } = setup(true);
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=TRIGGER_FROM_FORMULA()').error?.message).toBe(
      'Exception: You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp',
    );
  });

  it('everyMinutes accepts only 1, 5, 10, 15 or 30', () => {
    const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
    expect(() => emu.globals.ScriptApp.newTrigger('poll').timeBased().everyMinutes(2)).toThrow(
      'The value passed to everyMinutes must be one of 1, 5, 10, 15 or 30.',
    );
  });
});

describe('Edit and Open triggers', () => {
  it("an add-on's one-off trigger must be at least an hour away", () => {
    const { emu, bundle } = setup(true);
    expect(() => emu.runExecution(bundle, 'installAfterMinutes', [30])).toThrow(
      'Add-ons may not create time-based triggers to run more frequently than once per hour.',
    );
    emu.runExecution(bundle, 'installAfterMinutes', [60]);
    expect(emu.triggers.triggers).toHaveLength(1);
  });

  it('an add-on may have one Edit trigger per user per document', () => {
    const { emu, bundle } = setup(true);
    emu.runExecution(bundle, 'installOnEdit');
    expect(() => emu.runExecution(bundle, 'installOnEdit')).toThrow(
      'This add-on has created too many edit triggers in this document for this Google user account.',
    );
  });

  it("a user's edit runs the installed Edit trigger with the event object, FULL, after the formula", () => {
    const { emu, bundle, documentProperties } = setup(true);
    emu.runExecution(bundle, 'installOnEdit');
    const uid = emu.triggers.triggers[0]!.id;
    emu.edit(bundle, 'Sheet1', 'B2', 'hello');
    expect(JSON.parse(documentProperties().edit!)).toEqual({
      a1: 'B2',
      value: 'hello',
      oldValue: '',
      authMode: 'FULL',
      uid,
      sheet: 'Sheet1',
    });
    emu.edit(bundle, 'Sheet1', 'A1', '21');
    emu.edit(bundle, 'Sheet1', 'B1', '=DOUBLE(A1)');
    expect(emu.cell('Sheet1', 'B1').value).toBe(42);
    expect(documentProperties().edits).toBe('3');
    expect(emu.triggerRuns.map((run) => run.kind)).toEqual(['edit trigger', 'edit trigger', 'edit trigger']);
  });

  it('a paste or fill-down is one edit: one trigger run, for the block, with no value', () => {
    const { emu, bundle, documentProperties } = setup(true);
    emu.runExecution(bundle, 'installOnEdit');
    const uid = emu.triggers.triggers[0]!.id;
    emu.edit(bundle, 'Sheet1', 'A2', [
      ['2', '=DOUBLE(A2)'],
      ['5', '=DOUBLE(A3)'],
    ]);
    expect(emu.values('Sheet1', 'B2:B3')).toEqual([[4], [10]]);
    expect(documentProperties().edits).toBe('1');
    expect(JSON.parse(documentProperties().edit!)).toEqual({
      a1: 'A2:B3',
      value: null,
      oldValue: null,
      authMode: 'FULL',
      uid,
      sheet: 'Sheet1',
    });
  });

  it('a script that writes cells fires no Edit trigger, nor does an edit before one is installed', () => {
    const { emu, bundle, documentProperties } = setup(true);
    emu.edit(bundle, 'Sheet1', 'B2', 'before');
    emu.runExecution(bundle, 'installOnEdit');
    emu.runExecution(bundle, 'scriptWrite');
    expect(documentProperties().edits).toBeUndefined();
    expect(emu.cell('Sheet1', 'C3').value).toBe('by a script');
  });

  it('opening the file builds nothing new but runs the installed Open trigger', () => {
    const { emu, bundle, documentProperties } = setup(true);
    expect(emu.open(bundle)).toBe(0);
    emu.runExecution(bundle, 'installOnOpen');
    expect(emu.open(bundle)).toBe(1);
    expect(documentProperties()).toMatchObject({ opens: '1', openAuth: 'FULL' });
  });
});
