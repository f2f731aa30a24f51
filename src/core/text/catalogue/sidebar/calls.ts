// What any sidebar call that works on the spreadsheet may answer (server/sidebar-call.ts).
import { said, saidBy } from './said';

export const CALL_TEXTS = {
  openSpreadsheet: said('message', 'Open a spreadsheet first.'),
  noSpreadsheetHere: said('message', 'No spreadsheet is open in this execution.'),
  otherSpreadsheet: said('message', 'This job belongs to another spreadsheet.'),
  noLock: said('message', 'Could not obtain the lock.'),
  ledgerBusy: said(
    'message',
    'The spend ledger is busy (another execution holds the lock); nothing was recorded',
  ),
  /** What failed (`failure`), then why it could not be done here. */
  sheetFromSidebar: saidBy(
    'message',
    (failure: string) => `${failure}: it can only be written from the sidebar or a menu.`,
  ),
} as const;
