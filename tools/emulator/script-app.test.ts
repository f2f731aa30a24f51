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
function TRIGGER_FROM_FORMULA() { ScriptApp.newTrigger('poll').timeBased().everyHours(1).create(); return 'ok'; }
`;

const MINUTE = 60_000;

afterAll(removeBundles);

function setup(addOn: boolean) {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }), addOn });
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

  it("an add-on's hourly trigger runs on the clock against its document, the active spreadsheet", () => {
    // As Google's @OnlyCurrentDoc add-on template (templates/sheets-import) relies on.
    const { emu, bundle, documentProperties } = setup(true);
    emu.runExecution(bundle, 'installHourly');
    expect(emu.runTriggersUntil(bundle, emu.clock.now() + 3 * 60 * MINUTE)).toBe(3);
    expect(documentProperties()).toEqual({ runs: '3', sawSpreadsheet: 'true', authMode: 'FULL' });
  });

  it('a bound script may poll every minute, and its trigger sees the spreadsheet', () => {
    const { emu, bundle, documentProperties } = setup(false);
    emu.runExecution(bundle, 'installEveryMinute');
    // Minutes count from the trigger's creation, the last round trip of the install.
    const start = emu.clock.now();
    expect(emu.runTriggersUntil(bundle, start + 10 * MINUTE)).toBe(10);
    expect(emu.triggerRuns.map((run) => run.at - start)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i + 1) * MINUTE),
    );
    expect(documentProperties().sawSpreadsheet).toBe('true');
    // The last run's own round trips: a store (2), a read (32), three writes (186), the sheet (50).
    expect(emu.clock.now()).toBe(start + 10 * MINUTE + 270);
  });

  it('deleted triggers stop running', () => {
    const { emu, bundle } = setup(false);
    emu.runExecution(bundle, 'installEveryMinute');
    emu.runExecution(bundle, 'removeAll');
    expect(emu.runTriggersUntil(bundle, emu.clock.now() + 5 * MINUTE)).toBe(0);
  });

  it('a custom function may not create triggers', () => {
    const { emu, bundle } = setup(true);
    expect(emu.evaluateFormula(bundle, 'Sheet1', 'A1', '=TRIGGER_FROM_FORMULA()').error?.message).toBe(
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
