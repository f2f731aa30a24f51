// What a cell says when there is no value to show. A miss must read differently from an error:
// a miss was paid for and is final; an error was not a result and will be retried.
export const CELL_TEXT = {
  notFound: 'Not found',
  noKey: 'Set your API key: Extensions > Enrich for Sheets > Open sidebar.',
  /** Another execution is buying the same answer right now. */
  processing: 'Processing… another cell is buying this answer right now.',
  /** A job runs, and the next edit or opening of the file collects it (jobs/trigger-records.ts). */
  jobRunning: 'Processing… the result will appear here within a minute or two.',
  /** A job runs, and nothing collects it until the sidebar opens: the API keeps a result 10 minutes. */
  jobRunningNoDriver:
    'Processing… open the sidebar once (Extensions > Enrich for Sheets > Open sidebar) in the next few minutes so the result is collected.',
  listOrdered: 'Employee list ordered: it will appear in a new sheet within a minute or two.',
  listOrderedNoDriver:
    'Employee list ordered. Open the sidebar once (Extensions > Enrich for Sheets > Open sidebar) in the next few minutes so it is written to a new sheet.',
} as const;

/** A row of a range that failed: the range keeps its other rows, this one says why. */
export function rowErrorText(message: string): string {
  return `Error: ${message}`;
}
