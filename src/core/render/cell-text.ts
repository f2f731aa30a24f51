// What a cell says when there is no value to show. A miss must read differently from an error:
// a miss was paid for and is final; an error was not a result and will be retried.
export const CELL_TEXT = {
  notFound: 'Not found',
  noKey: 'Set your API key: Extensions > Enrich for Sheets > Open sidebar.',
  processing: 'Processing… the result will appear on the next recalculation (about a minute).',
  listRequested:
    'Employee list requested. It will appear in a new sheet: keep the sidebar open, or wait for background collection.',
} as const;

/** A row of a range that failed: the range keeps its other rows, this one says why. */
export function rowErrorText(message: string): string {
  return `Error: ${message}`;
}
