// Queued formulas whose work a change of key ended. Their cells promised that the add-on's own
// executions would fill them in; once the key that queued them is gone, no driver will (each
// finishes only its own account's formulas), so they are entered again at once, to show why:
// without a key, the formula's own error; with another key, that its lookups were not sent
// (the new key buys only when the user types the formula again).
import { endQueued, readQueue } from '../../core/formula-queue/records';
import type { BatchStorePort } from '../../core/platform/ports';
import { KEY_REPLACED_TEXT } from '../../core/text/catalogue/queue';
import { errorMessage } from '../../core/text/error-message';
import { appsScriptClock } from '../adapters/apps-script';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { reenterFormulas } from './reentry';

/**
 * After the key of account `scope` was removed or `replaced`: enters its queued formulas again. A
 * removed key's records stay, so that saving the same key again finishes them.
 */
export function endQueuedWork(store: BatchStorePort, scope: string, replaced: boolean): void {
  try {
    const records = readQueue(store.getAll(), scope, appsScriptClock.now());
    const spreadsheet = activeSpreadsheet();
    if (records.length === 0 || !spreadsheet) return;
    if (replaced) endQueued(store, records, KEY_REPLACED_TEXT);
    reenterFormulas(spreadsheet, records);
  } catch (error) {
    // The key is saved or removed all the same: the cells keep their text until typed again.
    console.warn(`Could not enter the queued formulas again: ${errorMessage(error)}`);
  }
}
