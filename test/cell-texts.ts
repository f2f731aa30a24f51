// What cells say when there is no value yet, as the README tells a user: the tests' oracle for
// those texts, written out rather than read from the add-on.
export const PROCESSING_TEXT =
  'Processing… the result will appear on the next recalculation (about a minute).';
export const LIST_REQUESTED_TEXT =
  'Employee list requested. It will appear in a new sheet: keep the sidebar open, or wait for background collection.';
export const NO_KEY_TEXT = 'Set your API key: Extensions > Enrich for Sheets > Open sidebar.';
