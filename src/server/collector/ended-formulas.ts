// Queued formulas whose work a change of key or of the daily budget ended or changed. Their cells promised that the add-on's own
// executions would fill them in; once the key that queued them is gone, no driver will (each
// finishes only its own account's formulas), so they are entered again at once, to show why:
// without a key, the formula's own error; with another key, that its lookups were not sent
// (the new key buys only when the user types the formula again). A key removed in another
// spreadsheet (it lives in the user's properties) is found by this file's next trigger, which finds
// no key: its queued formulas are entered again then, to say so.
import { capCents, formulaCommitted } from '../../core/billing/budget';
import { readLedger } from '../../core/billing/ledger';
import { readQueue, updateQueued } from '../../core/formula-queue/records';
import type { BatchStorePort } from '../../core/platform/ports';
import { KEY_REPLACED_TEXT } from '../../core/text/catalogue/queue';
import type { Settings } from '../../shared/rpc';
import { appsScriptClock, batchStorePort } from '../adapters/apps-script';
import { executionContext } from '../context';
import { documentProperties } from '../platform/properties';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { orWarn } from '../warn';
import { keepCollecting } from './clock-trigger';
import { reenterFormulas } from './reentry';

/**
 * After the key of account `scope` (of every account: null) was removed or `replaced`: enters its
 * queued formulas again. A removed key's records stay, so that saving the same key again finishes
 * them.
 */
export function endQueuedWork(store: BatchStorePort, scope: string | null, replaced: boolean): void {
  // The key is saved or removed all the same: the cells keep their text until typed again.
  orWarn('Could not enter the queued formulas again', undefined, () => {
    const records = readQueue(store.getAll(), scope, appsScriptClock.now());
    const spreadsheet = activeSpreadsheet();
    if (records.length === 0 || !spreadsheet) return;
    if (replaced) updateQueued(store, records, { ended: KEY_REPLACED_TEXT });
    reenterFormulas(spreadsheet, records);
  });
}

/**
 * The daily formula budget changed: the queued formulas follow it at once, not when a driver next
 * runs (a promise to fill in within minutes would stand meanwhile, the next day too). Reached
 * already, their rows say the budget is reached and their records wait for the next day, when the
 * hourly check buys what it allows; otherwise they buy what it allows now and queue the rest with
 * a promise made anew.
 */
export function followBudget(settings: Settings): void {
  // The budget holds all the same: the next driver's run finds it and enters them again.
  orWarn('Could not enter the queued formulas again', undefined, () => {
    const context = executionContext();
    const spreadsheet = activeSpreadsheet();
    if (!context || !spreadsheet) return;
    const { store } = context.deps;
    const all = store.getAll();
    const records = readQueue(all, context.scope, appsScriptClock.now());
    if (records.length === 0) return;
    const reached = formulaCommitted(readLedger(all), context.day()) >= capCents(settings);
    updateQueued(store, records, { budgetDay: reached ? context.day() : undefined });
    if (reached) keepCollecting();
    reenterFormulas(spreadsheet, records);
  });
}

/**
 * A driver found no key: the queued formulas of every account are entered again, and show the
 * formula's own "Set your API key" text instead of a promise no execution keeps now. Their records
 * stay, so saving the key again finishes them.
 */
export function showKeyMissing(): void {
  const properties = documentProperties();
  if (properties) endQueuedWork(batchStorePort(properties), null, false);
}
