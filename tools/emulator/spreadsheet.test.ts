import { createEmulator } from './emulator';
import { CUSTOM_FUNCTION_BUDGET_MS, type ExecutionSpec } from './runtime';

function setup() {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
  return { emu, sheet: emu.spreadsheet.getActiveSheet() };
}

describe('SpreadsheetApp ranges', () => {
  it('a string beginning with "=" written with setValue becomes a formula', () => {
    const { emu, sheet } = setup();
    sheet.getRange('A1').setValue('=Smith, John');
    expect(sheet.getRange('A1').getFormula()).toBe('=Smith, John');
    expect(emu.cell('Sheet1', 'A1').error).toEqual({ code: '#ERROR!', message: 'Formula parse error.' });
    expect(sheet.getRange('A1').getValue()).toBe('#ERROR!');
  });

  it('an apostrophe in front stores the rest as text', () => {
    const { sheet } = setup();
    sheet.getRange('B1:D1').setValues([["'=Smith, John", "'+1 650 555 0100", "'00123"]]);
    expect(sheet.getRange('B1:D1').getValues()).toEqual([['=Smith, John', '+1 650 555 0100', '00123']]);
    expect(sheet.getRange('B1:D1').getFormulas()).toEqual([['', '', '']]);
  });

  it('numeric and boolean strings are stored as numbers and booleans, as typed input is (S1)', () => {
    const { sheet } = setup();
    sheet.getRange('A1:C1').setValues([['00123', 'true', '1e3']]);
    expect(sheet.getRange('A1:C1').getValues()).toEqual([[123, true, 1000]]);
  });

  it('a plain-text number format keeps strings as text (S1)', () => {
    const { sheet } = setup();
    const cell = sheet.getRange('A1').setNumberFormat('@');
    cell.setValue('00123');
    expect(cell.getValue()).toBe('00123');
  });

  it('a phone number starting with "+" that is not a number fails as a formula (S2)', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue('+1 650 555 0100');
    expect(sheet.getRange('A1').getDisplayValue()).toBe('#ERROR!');
  });

  it('empty cells read as empty strings, never null', () => {
    const { sheet } = setup();
    expect(sheet.getRange('A1:B2').getValues()).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(sheet.getRange('C3').getFormula()).toBe('');
    expect(sheet.getRange('C3').getNote()).toBe('');
  });

  it('setValues with the wrong shape throws the messages Apps Script gives', () => {
    const { sheet } = setup();
    expect(() => sheet.getRange('A1:B2').setValues([['a', 'b']])).toThrow(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    );
    expect(() => sheet.getRange('A1:B1').setValues([['a', 'b', 'c']])).toThrow(
      'The number of columns in the data does not match the number of columns in the range. The data has 3 but the range has 2.',
    );
  });

  it('a simple formula is evaluated when written; a function call waits as "Loading..." (X3)', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue(41);
    sheet.getRange('B1').setFormula('=A1');
    sheet.getRange('C1').setFormula('=PRONET_EMAIL(A1)');
    expect(sheet.getRange('B1').getValue()).toBe(41);
    expect(sheet.getRange('C1').getValue()).toBe('Loading...');
  });

  it('display values follow number formats, and dates show in the spreadsheet time zone', () => {
    const { sheet } = setup();
    const row = sheet.getRange('A1:D1');
    row.setValues([[1234.5, 0.25, true, new Date(Date.UTC(2025, 0, 6, 14, 30, 0))]]);
    row.setNumberFormats([['#,##0.00', '0%', '', '']]);
    expect(row.getDisplayValues()).toEqual([['1,234.50', '25%', 'TRUE', '1/6/2025 9:30:00']]);
  });

  it('notes, bold and notation', () => {
    const { sheet } = setup();
    const header = sheet.getRange(1, 1, 1, 3).setFontWeight('bold').setNote('Enriched by the add-on');
    expect(header.getA1Notation()).toBe('A1:C1');
    expect(header.getFontWeight()).toBe('bold');
    expect(sheet.getRange('B1').getNote()).toBe('Enriched by the add-on');
    expect(header.offset(1, 1).getA1Notation()).toBe('B2:D2');
    expect(sheet.getRange('C5').getRow()).toBe(5);
  });

  it('the grid is finite: a range past it throws', () => {
    const { sheet } = setup();
    expect(() => sheet.getRange(1001, 1)).toThrow('Those rows are out of bounds.');
    expect(() => sheet.getRange('AA1')).toThrow('Those columns are out of bounds.');
    expect(() => sheet.getRange(0, 1)).toThrow('The starting row of the range is too small.');
    expect(() => sheet.getRange('not a range')).toThrow('Range not found');
  });
});

describe('SpreadsheetApp sheets', () => {
  it('appendRow writes after the last row with content, and the data range follows it', () => {
    const { sheet } = setup();
    sheet.appendRow(['Name', 'Company']);
    sheet.appendRow(['Ann Lee', 'Acme']);
    expect(sheet.getLastRow()).toBe(2);
    expect(sheet.getLastColumn()).toBe(2);
    expect(sheet.getDataRange().getValues()).toEqual([
      ['Name', 'Company'],
      ['Ann Lee', 'Acme'],
    ]);
  });

  it('appendRow grows a full sheet (S8)', () => {
    const { sheet } = setup();
    sheet.getRange(1000, 1).setValue('last');
    sheet.appendRow(['beyond']);
    expect(sheet.getMaxRows()).toBe(1001);
    expect(sheet.getRange(1001, 1).getValue()).toBe('beyond');
  });

  it('insertSheet adds an active sheet and refuses a duplicate name whatever its case', () => {
    const { emu } = setup();
    const ss = emu.spreadsheet;
    const employees = ss.insertSheet('Employees – Acme');
    expect(ss.getActiveSheet().getName()).toBe('Employees – Acme');
    expect(ss.getSheets().map((s) => s.getName())).toEqual(['Sheet1', 'Employees – Acme']);
    expect(() => ss.insertSheet('employees – acme')).toThrow(
      'A sheet with the name "employees – acme" already exists. Please enter another name.',
    );
    expect(ss.insertSheet().getName()).toBe('Sheet3');
    expect(ss.getSheetByName('Employees – Acme')?.getSheetId()).toBe(employees.getSheetId());
    expect(ss.getSheetByName('nope')).toBeNull();
  });

  it('sheet names longer than 100 characters or with []*?:/\\ are refused (S6)', () => {
    const { emu } = setup();
    expect(() => emu.spreadsheet.insertSheet('x'.repeat(101))).toThrow('longer than 100 characters');
    expect(() => emu.spreadsheet.insertSheet('Q1/Q2')).toThrow('not allowed');
  });

  it('the last visible sheet cannot be hidden (S7)', () => {
    const { emu, sheet } = setup();
    expect(() => sheet.hideSheet()).toThrow("You can't hide all the sheets in a document.");
    const hidden = emu.spreadsheet.insertSheet('_jobs').hideSheet();
    expect(hidden.isSheetHidden()).toBe(true);
  });

  it('frozen rows, column widths and auto-resize are recorded', () => {
    const { emu, sheet } = setup();
    sheet.setFrozenRows(1);
    sheet.setColumnWidth(2, 240);
    sheet.autoResizeColumns(1, 3);
    expect(sheet.getFrozenRows()).toBe(1);
    expect(sheet.getColumnWidth(2)).toBe(240);
    expect(sheet.getColumnWidth(5)).toBe(100);
    expect([...(emu.document.sheetByName('Sheet1')?.autoResizedColumns ?? [])]).toEqual([1, 2, 3]);
  });

  it('clear() empties values, formulas and formats (S10)', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue('x').setFontWeight('bold');
    sheet.getRange('B1').setFormula('=A1');
    sheet.clear();
    expect(sheet.getLastRow()).toBe(0);
    expect(sheet.getRange('A1').getFontWeight()).toBe('normal');
  });

  it('the URL carries the spreadsheet id', () => {
    const { emu } = setup();
    expect(emu.spreadsheet.getUrl()).toBe(
      `https://docs.google.com/spreadsheets/d/${emu.spreadsheet.getId()}/edit`,
    );
  });
});

describe('growing and shrinking the grid (S12)', () => {
  it('inserting rows moves what is below down and grows the grid; cells past it stay reachable', () => {
    const { sheet } = setup();
    sheet.getRange('A1:A3').setValues([['head'], ['one'], ['two']]);
    sheet.getRange('B2').setNote('kept with its cell');
    expect(() => sheet.getRange(1001, 1).setValue('x')).toThrow('Those rows are out of bounds.');

    sheet.insertRowsAfter(1, 2);
    expect(sheet.getMaxRows()).toBe(1002);
    expect(sheet.getRange('A1:A5').getValues()).toEqual([['head'], [''], [''], ['one'], ['two']]);
    expect(sheet.getRange('B4').getNote()).toBe('kept with its cell');
    sheet.insertRowsAfter(1002, 5);
    sheet.getRange(1007, 1).setValue('last');
    expect(sheet.getLastRow()).toBe(1007);
  });

  it('deleting rows moves what is below up, but never removes every row that is not frozen (S7)', () => {
    const { sheet } = setup();
    sheet.getRange('A1:A4').setValues([['head'], ['one'], ['two'], ['three']]);
    sheet.setFrozenRows(1);
    sheet.deleteRows(2, 2);
    expect(sheet.getRange('A1:A2').getValues()).toEqual([['head'], ['three']]);
    expect(sheet.getMaxRows()).toBe(998);
    expect(() => sheet.deleteRows(2, 997)).toThrow(
      'Sorry, it is not possible to delete all non-frozen rows.',
    );
    expect(() => sheet.deleteRows(990, 20)).toThrow('Those rows are out of bounds.');
    sheet.deleteRows(2, 996);
    expect(sheet.getMaxRows()).toBe(2);
    expect(sheet.getDataRange().getValues()).toEqual([['head']]);
  });

  it('inserting and deleting columns moves cells and column widths sideways', () => {
    const { sheet } = setup();
    sheet.getRange('A1:C1').setValues([['a', 'b', 'c']]);
    sheet.setColumnWidth(3, 240);
    sheet.deleteColumns(2, 1);
    expect(sheet.getRange('A1:B1').getValues()).toEqual([['a', 'c']]);
    expect(sheet.getColumnWidth(2)).toBe(240);
    expect(sheet.getMaxColumns()).toBe(25);
    sheet.insertColumnsAfter(25, 3);
    expect(sheet.getMaxColumns()).toBe(28);
    sheet.getRange(1, 28).setValue('far');
    expect(sheet.getLastColumn()).toBe(28);
    expect(() => sheet.deleteColumns(1, 28)).toThrow(
      'Sorry, it is not possible to delete all non-frozen columns.',
    );
  });

  it('refuses to grow the workbook past ten million cells (S5)', () => {
    const { sheet } = setup();
    expect(() => sheet.insertRowsAfter(1000, 400_000)).toThrow(
      'This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
    );
    expect(sheet.getMaxRows()).toBe(1000);
  });

  it('a custom function reads a hidden sheet but may not hide, insert or delete anything', () => {
    const { emu } = setup();
    const hidden = emu.spreadsheet.insertSheet('_cache');
    hidden.getRange('A1:B1').setValues([['k', 'v']]);
    hidden.hideSheet();
    const formula: ExecutionSpec = {
      label: '=TEST()',
      authMode: 'CUSTOM_FUNCTION',
      budgetMs: CUSTOM_FUNCTION_BUDGET_MS,
      hasUi: false,
      documentId: emu.document.id,
      hasActiveSpreadsheet: true,
      user: 'owner@example.com',
      hasActiveUser: false,
    };
    const app = emu.globals.SpreadsheetApp;
    emu.runtime.run(formula, () => {
      const sheet = app.getActiveSpreadsheet()!.getSheetByName('_cache')!;
      expect(sheet.isSheetHidden()).toBe(true);
      expect(sheet.getDataRange().getValues()).toEqual([['k', 'v']]);
      for (const write of [
        () => sheet.insertRowsAfter(1, 1),
        () => sheet.deleteRows(1, 1),
        () => sheet.insertColumnsAfter(1, 1),
        () => sheet.deleteColumns(1, 1),
        () => sheet.showSheet(),
      ])
        expect(write).toThrow(/You do not have permission to call/);
    });
  });
});
