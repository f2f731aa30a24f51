// The probe project's sheets: a scratch sheet the direct probes write to, the sheet of probe
// formulas (cells named in FORMULA_CELLS), the sheet where the person types a formula, and the
// report.

export const SHEETS = {
  scratch: 'Probe scratch',
  formulas: 'Probe formulas',
  typed: 'Probe typed',
  rows: 'Probe rows',
  report: 'Probe report',
} as const;

/** What the person types, and where (T6, X9): script writes fire no Edit trigger. */
export const TYPED = { cell: 'B2', formula: '=PROBE_TYPED(1)' } as const;

/** What a second person, an editor of the spreadsheet, types, and where (P6's editor half). */
export const EDITOR_TYPED = { cell: 'B4', formula: '=PROBE_EDITOR_STORES()' } as const;

/** Where the person inserts a row by hand (T9): the Change trigger sees it, the Edit trigger not. */
export const INSERTED = { sheet: SHEETS.rows, above: 2 } as const;

export function spreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  return SpreadsheetApp.getActiveSpreadsheet();
}

export function sheetNamed(name: string): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = spreadsheet().getSheetByName(name);
  if (!sheet) throw new Error(`no sheet named "${name}": run step 1 first`);
  return sheet;
}

/** A cell (or range) of the formulas sheet. */
export function formulaCell(a1: string): GoogleAppsScript.Spreadsheet.Range {
  return sheetNamed(SHEETS.formulas).getRange(a1);
}

/** Every probe sheet, emptied (or made); the typed sheet says what to type. */
export function prepareSheets(): void {
  const document = spreadsheet();
  for (const name of Object.values(SHEETS)) {
    const existing = document.getSheetByName(name);
    if (existing) existing.clear();
    else document.insertSheet(name);
  }
  const typed = sheetNamed(SHEETS.typed);
  typed.getRange('A1').setValue(`After step 2, type ${TYPED.formula} into ${TYPED.cell} and press Enter.`);
  typed
    .getRange('A3')
    .setValue(
      `After the first report, an editor (another account) types ${EDITOR_TYPED.formula} into ${EDITOR_TYPED.cell}.`,
    );
  sheetNamed(SHEETS.rows)
    .getRange('A1:A3')
    .setValues([
      [`After typing the formula, insert a row above row ${INSERTED.above} here.`],
      ['one'],
      ['two'],
    ]);
}
