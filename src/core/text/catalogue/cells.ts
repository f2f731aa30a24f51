// What a formula's cell says when there is no value to show. A miss must read differently from an
// error: a miss was paid for and is final; an error was not a result and will be retried.
import { counted, opening, whole } from './family';

export const NOT_FOUND = whole('placeholder', 'Not found');
export const NO_KEY = opening('error', 'Set your API key: ');
/** A lookup whose answer is on its way. */
export const PROCESSING = opening('wait', 'Processing… ');
export const LIST_ORDERED = opening('promise', 'Employee list ordered');
/** A row of a range, or of a bulk run's status column, that failed. */
export const ERROR = opening('error', 'Error: ');
/** A list answered in a range's row, which has room for one value. */
export const TABLE_ROWS = counted('placeholder', ['rows', 'rows'], ': use a single cell to see the table');
/** The last row of a table cut to fit the sheet. */
export const TABLE_CUT = opening('placeholder', 'Cut to ');

const SIDEBAR = 'Extensions > Enrich for Sheets > Open sidebar';

export const CELL_TEXT = {
  notFound: NOT_FOUND.text,
  noKey: NO_KEY.say(`${SIDEBAR}.`),
  /** An editor's formula, and the key the owner saved for themselves (server/api-key.ts). */
  ownersKeyOnly: NO_KEY.say(
    `the key here is saved for the spreadsheet's owner alone, so an editor's formula may not spend it. Share a key with this spreadsheet (${SIDEBAR}), or ask the owner to.`,
  ),
  /** Another execution is buying the same answer right now. */
  processing: PROCESSING.say('another cell is buying this answer right now.'),
  /** A job runs, and the next edit or opening of the file collects it (jobs/trigger-records.ts). */
  jobRunning: PROCESSING.say('the result will appear here within a minute or two.'),
  /** A job runs, and nothing collects it until the sidebar opens: the API keeps a result 10 minutes. */
  jobRunningNoDriver: PROCESSING.say(
    `open the sidebar once (${SIDEBAR}) in the next few minutes so the result is collected.`,
  ),
  listOrdered: LIST_ORDERED.say(': it will appear in a new sheet within a minute or two.'),
  listOrderedNoDriver: LIST_ORDERED.say(
    `. Open the sidebar once (${SIDEBAR}) in the next few minutes so it is written to a new sheet.`,
  ),
} as const;

/** The row that ends a table of `items` cut to `shown`. */
export const tableCutText = (shown: number, items: number) =>
  TABLE_CUT.say(
    `${shown} of ${items} rows to fit the sheet. The whole answer is saved (hidden sheet _enrich_cache): showing it again costs nothing.`,
  );
