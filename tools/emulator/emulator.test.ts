import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator, type EmulatorOptions, SheetsError } from './emulator';
import type { FetchRequest } from './urlfetch';

// A tiny add-on shaped like dist/Code.js: an IIFE global, then top-level wrappers.
const CODE = `
var EnrichForSheets = (() => {
  function double(x) { return x * 2; }
  return { double };
})();
var executions = 0;

function DOUBLE(x) { return EnrichForSheets.double(x); }
function GREET(name, times, loud) { return (loud ? name.toUpperCase() : name) + '!'.repeat(times); }
function KIND(value) { return Array.isArray(value) ? 'array ' + value.length + 'x' + value[0].length : typeof value; }
function TOTAL(rows) { return rows.flat().reduce((sum, v) => sum + (typeof v === 'number' ? v : 0), 0); }
function TABLE(n) { return Array.from({ length: n }, (_, i) => ['row ' + i, i]); }
function COLUMN() { return ['a', 'b', 'c']; }
function ARGS() { return Array.from(arguments).map((a) => typeof a + ':' + a).join('|'); }
function OBJECT() { return { email: 'ann@acme.com' }; }
function FAIL(message) { throw new Error(message); }
function SLOW(seconds) { Utilities.sleep(seconds * 1000); return 'done'; }
function STUBBORN() { try { Utilities.sleep(40000); } catch (e) { return 'caught ' + e.message; } return 'after'; }
function WRITE_CELL() { SpreadsheetApp.getActiveSheet().getRange('Z1').setValue('x'); return 1; }
function OPEN_OTHER(id) { return SpreadsheetApp.openById(id).getName(); }
function UI() { return SpreadsheetApp.getUi() ? 'ui' : 'none'; }
function WHO() { return Session.getActiveUser().getEmail(); }
function CALLER() { return SpreadsheetApp.getActiveRange().getA1Notation(); }
function READ(a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getValue(); }
function OWNER_KEY() { return PropertiesService.getUserProperties().getProperty('apiKey'); }
function COUNT() { executions++; return executions; }
function NOW() { return Date.now(); }
function TYPES(range, when) { return [range instanceof Array, when instanceof Date, new Date().getTime() === Date.now(), typeof Date()].join(' '); }
function LOOKUP_ALL(n) {
  const requests = Array.from({ length: n }, (_, i) => ({ url: 'https://api.enrichment.example/v1/x/' + i, muteHttpExceptions: true }));
  return UrlFetchApp.fetchAll(requests).map((r) => r.getResponseCode()).join(',');
}
function onOpen(e) {
  SpreadsheetApp.getUi().createAddonMenu().addItem('Open sidebar', 'showSidebar').addSeparator().addToUi();
}
function showSidebar() {
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Enrich'));
}
function fillFormulas() {
  SpreadsheetApp.getActiveSheet().getRange('B2:B3').setValues([['=DOUBLE(A2)'], ['=DOUBLE(A3)']]);
  return SpreadsheetApp.getActiveSheet().getRange('B2').getValue();
}
function longJob() { for (var i = 0; i < 7; i++) Utilities.sleep(60 * 1000); }
function logKey() { console.log('calling with key %s', 'sk-live-123'); Logger.log({ apiKey: 'sk-live-123' }); }
function helper_() { return 'private'; }
`;

const API = 'https://api.enrichment.example/';

function setup(options: Partial<EmulatorOptions> = {}) {
  const requests: FetchRequest[] = [];
  const emu = createEmulator({
    fetchHandler: (request) => {
      requests.push(request);
      return { status: 200, body: '{}' };
    },
    ...options,
  });
  const bundle = emu.loadBundle(writeBundle(CODE, { Sidebar: '<h1>Enrich for Sheets</h1>' }));
  return { emu, bundle, requests, sheet: emu.spreadsheet.getActiveSheet() };
}

afterAll(removeBundles);

describe('loading the bundle', () => {
  it('lists the callable top-level functions, leaving out private ones and the injected globals', () => {
    const { bundle } = setup();
    expect(bundle.functions).toEqual(expect.arrayContaining(['DOUBLE', 'TABLE', 'onOpen', 'showSidebar']));
    expect(bundle.functions).not.toContain('helper_');
    expect(bundle.functions).not.toContain('Date');
    expect(bundle.functions).not.toContain('EnrichForSheets');
  });

  it('runs the top-level code in AuthMode.NONE, so a service call there fails at once', () => {
    const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
    const dir = writeBundle(
      `var KEY = PropertiesService.getScriptProperties().getProperty('k');\nfunction X() { return KEY; }`,
    );
    expect(() => emu.loadBundle(dir)).toThrow(
      'You do not have permission to call PropertiesService.getScriptProperties',
    );
  });
});

describe('custom functions', () => {
  it('run a top-level function and answer its value; names match without case', () => {
    const { emu, bundle } = setup();
    expect(emu.runCustomFunction(bundle, 'DOUBLE', [21])).toBe(42);
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=double(4)')).toEqual({ values: [[8]], error: null });
  });

  it('fail past 30 seconds with the timeout message, the clock stopping at the limit', () => {
    const { emu, bundle } = setup();
    const start = emu.clock.now();
    expect(emu.runCustomFunction(bundle, 'SLOW', [25])).toBe('done');
    const second = emu.clock.now();
    expect(() => emu.runCustomFunction(bundle, 'SLOW', [40])).toThrow('Exceeded maximum execution time');
    expect(emu.clock.now() - second).toBe(30_000);
    expect(second - start).toBe(25_000);
  });

  it('fail at 30 seconds even when the script catches the timeout', () => {
    const { emu, bundle } = setup();
    const outcome = emu.edit(bundle, 'Sheet1', 'A1', '=STUBBORN()');
    expect(outcome.error).toEqual({ code: '#ERROR!', message: 'Exceeded maximum execution time' });
  });

  it('cannot write to the spreadsheet: the cell shows #ERROR! with the permission message', () => {
    const { emu, bundle, sheet } = setup();
    const outcome = emu.edit(bundle, 'Sheet1', 'B2', '=WRITE_CELL()');
    expect(outcome).toEqual({
      values: [['#ERROR!']],
      error: { code: '#ERROR!', message: 'Exception: You do not have permission to call setValue' },
    });
    expect(sheet.getRange('Z1').getValue()).toBe('');
    expect(() => emu.runCustomFunction(bundle, 'WRITE_CELL', [])).toThrow(SheetsError);
  });

  it('cannot open another spreadsheet, show UI or know the user', () => {
    const { emu, bundle } = setup();
    const other = emu.addSpreadsheet('Other');
    expect(() => emu.runCustomFunction(bundle, 'OPEN_OTHER', [other.id])).toThrow(
      'Exception: You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    );
    expect(() => emu.runCustomFunction(bundle, 'UI', [])).toThrow(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    expect(() => emu.runCustomFunction(bundle, 'WHO', [])).toThrow(
      'You do not have permission to call Session.getActiveUser. Required permissions: https://www.googleapis.com/auth/userinfo.email',
    );
  });

  it('see the calling cell as the active range and can read other cells', () => {
    const { emu, bundle, sheet } = setup();
    sheet.getRange('A2').setValue('Acme');
    expect(emu.edit(bundle, 'Sheet1', 'C7', '=CALLER()').values).toEqual([['C7']]);
    expect(emu.edit(bundle, 'Sheet1', 'C8', '=READ("A2")').values).toEqual([['Acme']]);
  });

  it("read the spreadsheet owner's user properties, not the collaborator's", () => {
    const { emu, bundle } = setup({ userEmail: 'bob@example.com', ownerEmail: 'ann@example.com' });
    emu.runtime.setOutsideIdentity({ user: 'ann@example.com', documentId: emu.document.id });
    emu.properties.getUserProperties().setProperty('apiKey', 'ann-key');
    expect(emu.runCustomFunction(bundle, 'OWNER_KEY', [])).toBe('ann-key');
  });

  it('fetchAll of 10 requests from a formula costs one round trip', () => {
    const { emu, bundle, requests } = setup({ latencyMs: 400 });
    const before = emu.clock.now();
    expect(emu.runCustomFunction(bundle, 'LOOKUP_ALL', [10])).toBe(Array(10).fill('200').join(','));
    expect(emu.clock.now() - before).toBe(400);
    expect(requests.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `${API}v1/x/${i}`));
  });

  it('receive ranges and dates as their own Array and Date, and Date follows the virtual clock', () => {
    const { emu, bundle, sheet } = setup();
    sheet.getRange('A1').setValue(new Date(Date.UTC(2025, 0, 1)));
    expect(emu.edit(bundle, 'Sheet1', 'B1', '=TYPES(A1:A2, A1)').values).toEqual([['true true true string']]);
  });

  it('start from fresh globals each time and see virtual time', () => {
    const { emu, bundle } = setup();
    expect(emu.runCustomFunction(bundle, 'COUNT', [])).toBe(1);
    expect(emu.runCustomFunction(bundle, 'COUNT', [])).toBe(1);
    emu.clock.advance(5_000);
    expect(emu.runCustomFunction(bundle, 'NOW', [])).toBe(emu.clock.now());
  });
});

describe('evaluateFormula', () => {
  it('passes literals as they are, one cell as a value and a range as a 2-D array', () => {
    const { emu, bundle, sheet } = setup();
    sheet.getRange('A2:B4').setValues([
      ['Acme', 1],
      ['Globex', 2],
      ['Initech', 3],
    ]);
    expect(emu.edit(bundle, 'Sheet1', 'D1', '=GREET("x", 3, TRUE)').values).toEqual([['X!!!']]);
    expect(emu.edit(bundle, 'Sheet1', 'D2', '=KIND(A2)').values).toEqual([['string']]);
    expect(emu.edit(bundle, 'Sheet1', 'D3', '=KIND(A2:B4)').values).toEqual([['array 3x2']]);
    expect(emu.edit(bundle, 'Sheet1', 'D4', '=TOTAL(B2:B4)').values).toEqual([[6]]);
  });

  it('spills an array result below and to the right, and writes it into the sheet', () => {
    const { emu, bundle, sheet } = setup();
    const outcome = emu.edit(bundle, 'Sheet1', 'B2', '=TABLE(3)');
    expect(outcome.values).toEqual([
      ['row 0', 0],
      ['row 1', 1],
      ['row 2', 2],
    ]);
    expect(sheet.getRange('B2:C4').getValues()).toEqual(outcome.values);
    expect(sheet.getRange('B2').getFormula()).toBe('=TABLE(3)');
    expect(sheet.getRange('C4').getFormula()).toBe('');
    expect(emu.edit(bundle, 'Sheet1', 'E1', '=COLUMN()').values).toEqual([['a'], ['b'], ['c']]);
  });

  it('a smaller result frees the cells the old one spilled into', () => {
    const { emu, bundle, sheet } = setup();
    emu.edit(bundle, 'Sheet1', 'B2', '=TABLE(3)');
    emu.edit(bundle, 'Sheet1', 'B2', '=TABLE(1)');
    expect(sheet.getRange('B3:C4').getValues()).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });

  it('shows #REF! when the spill would overwrite data, naming the cell', () => {
    const { emu, bundle, sheet } = setup();
    sheet.getRange('C3').setValue('typed by a user');
    const outcome = emu.edit(bundle, 'Sheet1', 'B2', '=TABLE(3)');
    expect(outcome.error).toEqual({
      code: '#REF!',
      message: 'Array result was not expanded because it would overwrite data in C3.',
    });
    expect(sheet.getRange('B2').getDisplayValue()).toBe('#REF!');
    expect(sheet.getRange('C3').getValue()).toBe('typed by a user');
  });

  it('shows #REF! when the result runs off the sheet', () => {
    const { emu, bundle } = setup();
    const outcome = emu.edit(bundle, 'Sheet1', 'A999', '=TABLE(5)');
    expect(outcome.error).toEqual({
      code: '#REF!',
      message: 'Result was not automatically expanded, please insert more rows (3).',
    });
  });

  it('shows #ERROR! with the thrown message, #NAME? for an unknown or private function', () => {
    const { emu, bundle } = setup();
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=FAIL("No credits left")').error).toEqual({
      code: '#ERROR!',
      message: 'Error: No credits left',
    });
    expect(emu.edit(bundle, 'Sheet1', 'A2', '=NOPE(1)').error).toEqual({
      code: '#NAME?',
      message: "Unknown function: 'NOPE'.",
    });
    expect(emu.edit(bundle, 'Sheet1', 'A3', '=helper_()').error?.code).toBe('#NAME?');
  });

  it('an argument that is an error makes the formula show that error without running it', () => {
    const { emu, bundle, sheet } = setup();
    emu.edit(bundle, 'Sheet1', 'A1', '=FAIL("boom")');
    const outcome = emu.edit(bundle, 'Sheet1', 'B1', '=DOUBLE(A1)');
    expect(outcome.error).toEqual({ code: '#ERROR!', message: 'Error: boom' });
    expect(sheet.getRange('B1').getValue()).toBe('#ERROR!');
  });

  it('an object result is an error, never [object Object]', () => {
    const { emu, bundle } = setup();
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=OBJECT()').error?.code).toBe('#ERROR!');
  });

  it('text that is not a formula Sheets understands is a parse error', () => {
    const { emu, bundle } = setup();
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=DOUBLE(2').error?.message).toBe('Formula parse error.');
    expect(emu.edit(bundle, 'Sheet1', 'A2', '="quoted"').values).toEqual([['quoted']]);
  });

  it('takes an empty argument, as Sheets does, and passes it as an empty string (assumption X11)', () => {
    const { emu, bundle } = setup();
    expect(emu.edit(bundle, 'Sheet1', 'A1', '=ARGS("Acme", "Sales", , 10)').values).toEqual([
      ['string:Acme|string:Sales|string:|number:10'],
    ]);
    expect(emu.edit(bundle, 'Sheet1', 'A2', '=ARGS(,)').values).toEqual([['string:|string:']]);
    expect(emu.edit(bundle, 'Sheet1', 'A3', '=ARGS("x", )').values).toEqual([['string:x|string:']]);
    expect(emu.edit(bundle, 'Sheet1', 'A4', '=ARGS()').values).toEqual([['']]);
    expect(emu.edit(bundle, 'Sheet1', 'A5', '=ARGS("x" "y")').error?.message).toBe('Formula parse error.');
  });
});

describe('executions (menus, sidebars, triggers)', () => {
  it('onOpen in AuthMode.NONE builds the add-on menu; the item opens the sidebar from the dist folder', () => {
    const { emu, bundle } = setup();
    emu.runExecution(bundle, 'onOpen', [{ authMode: 'NONE' }], {
      context: 'simple-trigger',
      authMode: 'NONE',
    });
    expect(emu.ui.menus).toEqual([
      {
        caption: 'Enrich for Sheets',
        isAddonMenu: true,
        entries: [
          { kind: 'item', caption: 'Open sidebar', functionName: 'showSidebar' },
          { kind: 'separator' },
        ],
      },
    ]);
    emu.runMenuItem(bundle, 'Open sidebar');
    expect(emu.ui.sidebar).toEqual({ kind: 'sidebar', title: 'Enrich', html: '<h1>Enrich for Sheets</h1>' });
  });

  it('in AuthMode.NONE only the menu can be built: storage and the sheet are refused', () => {
    const { emu, bundle } = setup();
    expect(() =>
      emu.runExecution(bundle, 'OWNER_KEY', [], { context: 'simple-trigger', authMode: 'NONE' }),
    ).toThrow('You do not have permission to call PropertiesService.getUserProperties');
  });

  it('have 6 minutes', () => {
    const { emu, bundle } = setup();
    expect(() => emu.runExecution(bundle, 'longJob')).toThrow('Exceeded maximum execution time');
  });

  it('formulas a script writes show "Loading..." during the run and are calculated after it', () => {
    const { emu, bundle, sheet } = setup();
    sheet.getRange('A2:A3').setValues([[5], [7]]);
    expect(emu.runExecution(bundle, 'fillFormulas')).toBe('Loading...');
    expect(sheet.getRange('B2:B3').getValues()).toEqual([[10], [14]]);
  });

  it('only top-level functions not ending in "_" can be called', () => {
    const { emu, bundle } = setup();
    expect(() => emu.runExecution(bundle, 'helper_')).toThrow('Script function not found: helper_');
    expect(() => emu.runExecution(bundle, 'missing')).toThrow('Script function not found: missing');
  });

  it('capture console and Logger output so tests can scan it for secrets', () => {
    const { emu, bundle } = setup();
    emu.runExecution(bundle, 'logKey');
    expect(emu.logs.entries.map((entry) => entry.source)).toEqual(['console.log', 'Logger']);
    expect(emu.logs.text()).toBe('calling with key sk-live-123\n{"apiKey":"sk-live-123"}');
  });

  it('know the active user in a menu execution', () => {
    const { emu, bundle } = setup({ userEmail: 'bob@example.com' });
    expect(emu.runExecution(bundle, 'WHO')).toBe('bob@example.com');
  });
});
