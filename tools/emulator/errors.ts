// The errors the emulated platform throws, with the wording Apps Script uses.
//
// Verified (seen in real error reports, Apps Script docs or Google's own answers):
// - "You do not have permission to call setValue" from a custom function that writes a cell
// - "You do not have permission to call SpreadsheetApp.openById. Required permissions: <scope>"
//   (the same shape for DriveApp, Session.getActiveUser, ScriptApp.newTrigger)
// - "Exceeded maximum execution time" for both the 30 s custom-function and 6 min limits
// - "Lock timeout: another process was holding the lock for too long."
// - "Request failed for https://host returned code 500. Truncated server response: ...
//   (use muteHttpExceptions option to examine full response)"
// - "Service invoked too many times for one day: urlfetch."
// - "You have exceeded the property storage quota. Please remove some properties and try again."
// - "This add-on has created too many time-based triggers in this document for this Google user account."
// - "The number of rows in the data does not match the number of rows in the range. The data has N but the range has M."
// - "Array result was not expanded because it would overwrite data in B3." and
//   "Result was not automatically expanded, please insert more rows (N)." (#REF! in Sheets)
// - "Those rows are out of bounds." / "Those columns are out of bounds."
// Each other message is marked "assumed" where it is thrown.
// Ids in docs/platform-assumptions.md: E1 custom-function timeout text (refuted by the docs), E2.

/** Apps Script's own exceptions print as `Exception: <message>`. */
export class GasException extends Error {
  override name = 'Exception';
}

export function gasError(message: string): GasException {
  return new GasException(message);
}

export const TIMEOUT_MESSAGE = 'Exceeded maximum execution time';

/** The platform ending an execution at its deadline; scripts cannot recover from it. */
export class ExecutionTimeout extends Error {
  override name = 'Exception';
  constructor() {
    super(TIMEOUT_MESSAGE);
  }
}

export const SCOPES = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
  userEmail: 'https://www.googleapis.com/auth/userinfo.email',
  container: 'https://www.googleapis.com/auth/script.container.ui',
} as const;

/** Spreadsheet writes from a custom function name only the method. */
export function noPermission(call: string, scope?: string): GasException {
  return gasError(
    scope
      ? `You do not have permission to call ${call}. Required permissions: ${scope}`
      : `You do not have permission to call ${call}`,
  );
}

/** Verified wording for getUi() outside a context with a user interface (triggers, custom functions). */
export const NO_UI_MESSAGE = 'Cannot call SpreadsheetApp.getUi() from this context.';

/**
 * What Sheets shows in the #ERROR! tooltip for an error thrown out of a custom function: verified as
 * "Exception: <message> (line N)." for the platform's own errors, assumed to be "Error: <message>"
 * likewise for a script's own `throw new Error(...)`.
 */
export function tooltipOf(error: unknown): string {
  if (error instanceof ExecutionTimeout) return TIMEOUT_MESSAGE;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    // Sheets adds "(line N)." pointing into the script; the bundle's lines mean nothing to a user,
    // so the emulator leaves that suffix out.
    return typeof name === 'string' && name ? `${name}: ${String(message)}` : String(message);
  }
  return String(error);
}
