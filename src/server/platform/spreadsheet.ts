// The spreadsheet this execution runs in. Server code reaches it only here, through one of two
// contracts said by the name: the sidebar and the menu always run in a document, a custom function,
// a trigger or a standalone run may not.

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The active spreadsheet, or null where there is none. */
export function activeSpreadsheet(): Spreadsheet | null {
  return SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;
}

/**
 * The spreadsheet's time zone, the one clock of every time the add-on shows or writes (budgets'
 * days, receipts, Saved results, watches, the report, employee sheets' notes).
 */
export function spreadsheetZone(spreadsheet: Spreadsheet | null): string {
  return spreadsheet?.getSpreadsheetTimeZone() || Session.getScriptTimeZone();
}

/** Date and time in the spreadsheet's time zone: "2025-01-06 04:00:12". */
export function timeFormatter(
  spreadsheet: Spreadsheet | null,
  pattern = 'yyyy-MM-dd HH:mm:ss',
): (ms: number) => string {
  const zone = spreadsheetZone(spreadsheet);
  return (ms) => Utilities.formatDate(new Date(ms), zone, pattern);
}

/** The active spreadsheet, for calls that need one: without it, a message the sidebar shows. */
export function requireActiveSpreadsheet(): Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) throw new Error('Open a spreadsheet first.');
  return spreadsheet;
}
