// What the add-on writes in the sheets it makes (the hidden sheets' header rows and note, a
// combined employee list's name), what the server says when one of them is missing or in the way
// (server/adapters/), and what a durable store's failure says it was doing (cache/durable.ts).
export const SHEET_TEXTS = {
  cacheHeader: [
    'Enrich for Sheets: saved results (do not edit)',
    'value (a long one goes on in the next columns)',
  ],
  cacheNote:
    'Every paid answer is kept here so that formulas never pay for it twice. Editing or deleting rows loses answers; clear them from the sidebar instead.',
  ledgerHeader: [
    'Enrich for Sheets: record of purchases (do not edit)',
    'page of purchases (a long one goes on in the next columns)',
  ],
  /** The sheet of a bulk run's employee lists, one sheet for every company of `sheet`. */
  combinedList: (sheet: string) => `Employees - ${sheet} (all companies)`,
  hiddenDeleted: (name: string) =>
    `The hidden sheet "${name}" was deleted: nothing is written there until you choose, in the sidebar's Saved results.`,
  inTheWay: (name: string) =>
    `A sheet named "${name}" that Enrich for Sheets did not make is in the way: rename it.`,
  savingElsewhere: 'Another execution is saving results; the document properties keep these for now.',
  noSpreadsheet: 'There is no open spreadsheet to keep results in.',
} as const;

/** What was being done when a durable store failed: the error's message follows. */
export const STORE_FAILURES = {
  read: 'Could not read saved results from the document properties',
  save: 'Could not save paid results in the document properties',
  clear: 'Could not clear saved results from the document properties',
  readSheet: 'Could not read saved results from the hidden sheet',
  clearSheet: 'Could not clear saved results from the hidden sheet',
} as const;
