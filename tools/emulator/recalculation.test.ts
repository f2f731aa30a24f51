// When the emulator runs a custom function: only when Sheets would (assumptions X3, X8).
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

// COUNT(x) answers how many times any formula ran, and x: every run is visible in the cell.
const CODE = `
function COUNT(x) { return String(x) + ' #' + bump(); }
function bump() { var c = CacheService.getScriptCache(); var n = Number(c.get('n') || 0) + 1; c.put('n', String(n)); return n; }
function rewriteSame() { var r = SpreadsheetApp.getActiveSheet().getRange('B1'); r.setFormula(r.getFormula()); }
function clearAndWrite(flush) {
  var r = SpreadsheetApp.getActiveSheet().getRange('B1'); var f = r.getFormula();
  r.setValue(''); if (flush) SpreadsheetApp.flush(); r.setFormula(f);
}
function writeInput() { SpreadsheetApp.getActiveSheet().getRange('A1').setValue('changed by a script'); }
function activeRange() { var r = SpreadsheetApp.getActiveSpreadsheet().getActiveRange(); return r.getSheet().getName() + '!' + r.getA1Notation(); }
`;

function world() {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
  const bundle = emu.loadBundle(writeBundle(CODE));
  emu.spreadsheet.getSheetByName('Sheet1')!.getRange('A1').setValue('a');
  emu.edit(bundle, 'Sheet1', 'B1', '=COUNT(A1)');
  return { emu, bundle, shown: () => emu.cell('Sheet1', 'B1').value };
}

afterAll(removeBundles);

describe('the emulator runs a custom function only when Sheets would (X3, X8)', () => {
  it('on entry, and when a cell it reads changes (a user edit or a script write), in turn', () => {
    const { emu, bundle, shown } = world();
    expect(shown()).toBe('a #1');
    emu.edit(bundle, 'Sheet1', 'C5', 'elsewhere');
    expect(shown()).toBe('a #1');
    emu.edit(bundle, 'Sheet1', 'A1', 'b');
    expect(shown()).toBe('b #2');
    emu.runExecution(bundle, 'writeInput');
    expect(shown()).toBe('changed by a script #3');
    emu.edit(bundle, 'Sheet1', 'C1', '=COUNT(B1)');
    emu.edit(bundle, 'Sheet1', 'A1', 'c');
    expect([shown(), emu.cell('Sheet1', 'C1').value]).toEqual(['c #5', 'c #5 #6']);
  });

  it('not when time passes, nor for the same text typed or written over itself', () => {
    const { emu, bundle, shown } = world();
    emu.clock.advance(3_600_000);
    emu.edit(bundle, 'Sheet1', 'B1', '=COUNT(A1)');
    emu.runExecution(bundle, 'rewriteSame');
    expect(shown()).toBe('a #1');
  });

  it('cleared and written back: only with a flush between (Sheets serves the same text from its cache)', () => {
    const { emu, bundle, shown } = world();
    emu.runExecution(bundle, 'clearAndWrite', [false]);
    expect(emu.cell('Sheet1', 'B1').formula).toBe('=COUNT(A1)');
    expect(shown()).not.toBe('a #2');
    emu.runExecution(bundle, 'clearAndWrite', [true]);
    expect(shown()).toBe('a #2');
  });

  it('rerunUnasked is the one way to simulate a re-run Sheets makes on its own', () => {
    const { emu, bundle, shown } = world();
    emu.rerunUnasked(bundle, 'Sheet1', 'B1');
    expect(shown()).toBe('a #2');
  });
});

describe('a block edited at once (a paste, a fill-down) runs as Sheets runs it', () => {
  it('each filled-down cell is an entered formula: each runs once, on its own row', () => {
    const { emu, bundle } = world();
    emu.edit(bundle, 'Sheet1', 'A2', [['b'], ['c']]);
    emu.edit(bundle, 'Sheet1', 'B2', [['=COUNT(A2)'], ['=COUNT(A3)']]);
    expect(emu.values('Sheet1', 'B1:B3')).toEqual([['a #1'], ['b #2'], ['c #3']]);
  });

  it('a block pasted over the inputs runs each formula reading them once, and the ones reading those', () => {
    const { emu, bundle } = world();
    emu.edit(bundle, 'Sheet1', 'C1', '=COUNT(B1)');
    emu.edit(bundle, 'Sheet1', 'D1', '=COUNT(A1:A2)');
    emu.edit(bundle, 'Sheet1', 'A1', [['x'], ['y']]);
    expect(emu.values('Sheet1', 'B1:D1')).toEqual([['x #4', 'x #4 #6', 'x,y #5']]);
  });

  it("the user's selection is what a menu item sees as the active sheet and range", () => {
    const { emu, bundle } = world();
    emu.spreadsheet.insertSheet('Other');
    emu.user.select('Sheet1', 'B2:C14');
    expect(emu.runExecution(bundle, 'activeRange', [], { context: 'menu' })).toBe('Sheet1!B2:C14');
    emu.user.select('Other', 'D7');
    expect(emu.runExecution(bundle, 'activeRange', [], { context: 'menu' })).toBe('Other!D7');
  });
});
