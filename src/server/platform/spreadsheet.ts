// The spreadsheet this execution runs in. Server code reaches it only here, through one of two
// contracts said by the name: the sidebar and the menu always run in a document, a custom function,
// a trigger or a standalone run may not.

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The active spreadsheet, or null where there is none. */
export function activeSpreadsheet(): Spreadsheet | null {
  return SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;
}

/** The active spreadsheet, for calls that need one: without it, a message the sidebar shows. */
export function requireActiveSpreadsheet(): Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) throw new Error('Open a spreadsheet first.');
  return spreadsheet;
}
