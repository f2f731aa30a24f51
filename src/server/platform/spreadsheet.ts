// The spreadsheet this execution runs in. Server code reaches it only here, through one of two
// contracts said by the name: the sidebar and the menu always run in a document, a custom function,
// a trigger or a standalone run may not.

import { PROPERTY } from '../../core/platform/stored-keys';
import { CALL_TEXTS } from '../../core/text/catalogue/sidebar/calls';
import { parseJsonObject } from '../../core/text/json-text';
import { documentProperties } from './properties';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Properties = GoogleAppsScript.Properties.Properties;

/** The active spreadsheet, or null where there is none. */
export const activeSpreadsheet = () => SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;

/**
 * The spreadsheet's time zone, the one clock of every time the add-on shows or writes (budgets'
 * days, receipts, Saved results, watches, the report, employee sheets' notes).
 */
export function spreadsheetZone(spreadsheet: Spreadsheet | null): string {
  return spreadsheet?.getSpreadsheetTimeZone() || Session.getScriptTimeZone();
}

/** What a formula would otherwise ask of Sheets on every purchase: its day's zone and its names. */
export type SpreadsheetFacts = { tz: string; id: string; name: string };

const factsOf = (spreadsheet: Spreadsheet | null): SpreadsheetFacts => ({
  tz: spreadsheetZone(spreadsheet),
  id: spreadsheet?.getId() ?? '',
  name: spreadsheet?.getName() ?? '',
});

/**
 * The spreadsheet's facts from the record in the properties `snapshot` the execution read, else
 * asked of Sheets (`open`) on first use. A record lags a rename or a new time zone until the file
 * is opened again or settings are saved: a day boundary off by the zones' difference at most, a
 * remembered answer naming the spreadsheet's former name.
 */
export function spreadsheetFacts(
  snapshot: Record<string, string>,
  open: () => Spreadsheet | null,
): () => SpreadsheetFacts {
  let facts = parseFacts(snapshot[PROPERTY.spreadsheet]);
  return () => (facts ??= factsOf(open()));
}

function parseFacts(text: string | undefined): SpreadsheetFacts | undefined {
  const { tz, id, name } = parseJsonObject(text) ?? {};
  return typeof tz === 'string' && typeof id === 'string' && typeof name === 'string'
    ? { tz, id, name }
    : undefined;
}

/** Writes the record where it is missing or stale: in executions that open the file or save settings. */
export function rememberSpreadsheetFacts(properties: Properties | null = documentProperties()): void {
  const spreadsheet = activeSpreadsheet();
  if (!properties || !spreadsheet) return;
  const text = JSON.stringify(factsOf(spreadsheet));
  if (properties.getProperty(PROPERTY.spreadsheet) !== text)
    properties.setProperty(PROPERTY.spreadsheet, text);
}

/**
 * Date and time in the spreadsheet's time zone: "2025-01-06 04:00:12". Given the zone when the
 * caller asked it already (a call to Sheets each time).
 */
export function timeFormatter(
  spreadsheet: Spreadsheet | string | null,
  pattern = 'yyyy-MM-dd HH:mm:ss',
): (ms: number) => string {
  const zone = typeof spreadsheet === 'string' ? spreadsheet : spreadsheetZone(spreadsheet);
  return (ms) => Utilities.formatDate(new Date(ms), zone, pattern);
}

/** The active spreadsheet, for calls that need one: without it, a message the sidebar shows. */
export function requireActiveSpreadsheet(): Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) throw new Error(CALL_TEXTS.openSpreadsheet.text);
  return spreadsheet;
}
