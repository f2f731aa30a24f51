// Server side of the sidebar's calls (src/shared/rpc.ts). Each answer is safe to show: no key.
import { cleanPastedKey, maskKey, newKeyVerdict, redactKey } from '../core/api/api-key';
import { PROPERTY, PROPERTY_PREFIX } from '../core/platform/stored-keys';
import type { KeySaid, KeySaveResult, KeyScope, KeyStatus, KeyTestResult, SidebarState } from '../shared/rpc';
import { digestHashPort } from './adapters/apps-script';
import { keyStatus, readApiKey, removeApiKey, storeApiKey } from './api-key';
import { installDrivers, removeDrivers } from './collector/edit-open-triggers';
import { endQueuedWork } from './collector/ended-formulas';
import { DASHBOARD_URL } from './config';
import { adoptCacheSheet, executionContext } from './context';
import { KEY_TEST_COST, runKeyTest } from './key-test';
import { requireDocumentProperties } from './platform/properties';
import { rememberSpreadsheetFacts } from './platform/spreadsheet';
import { resumeWatches } from './watches/api';

/** Opening the sidebar is a context with full authorization: the collector's drivers go in. */
export function getSidebarState(): SidebarState {
  const key = keyStatus();
  if (key.configured) {
    // One context, one read of each store, for the triggers, the hidden sheet and the stash.
    const context = executionContext({ canWriteSheets: true });
    installDrivers(context);
    adoptCacheSheet(context?.opening);
    // Answers a formula could only stash in the fast cache go to the hidden sheet while it may.
    try {
      context?.deps.cache.moveStash(context.opening);
    } catch {
      // Still stashed: the next sidebar call or bulk slice moves them.
    }
  }
  return { key, dashboardUrl: DASHBOARD_URL, testCost: KEY_TEST_COST, panelsMark: getPanelsMark() };
}

/**
 * The document properties whose values the Spending, Jobs and Watches panels show: the ledger's
 * totals and reservations, jobs and queued formulas, watches (their counts and states), what
 * paused them all, and how jobs are collected. Not the pages of purchases, which only move.
 */
const SHOWN_BY_PANELS = [
  PROPERTY_PREFIX.spendDay,
  PROPERTY_PREFIX.spendMonth,
  PROPERTY_PREFIX.spendReservation,
  PROPERTY_PREFIX.spendJobReservation,
  PROPERTY_PREFIX.job,
  PROPERTY_PREFIX.queuedFormula,
  PROPERTY_PREFIX.watch,
  PROPERTY.watchesPaused,
  PROPERTY.outOfCredits,
  PROPERTY.reauthorize,
  PROPERTY.drivers,
  PROPERTY.clockTriggers,
  PROPERTY.settings,
];

/**
 * A short mark of what the open panels show, asked by the sidebar every few seconds: formulas and
 * triggers spend while it is open, and it reloads its panels only when the mark moved. One read of
 * the document properties, no lock, no write.
 */
export function getPanelsMark(): string {
  const all = requireDocumentProperties().getProperties();
  const keys = Object.keys(all).filter((key) => SHOWN_BY_PANELS.some((name) => key.startsWith(name)));
  const shown = keys.sort().map((key) => `${key}=${all[key]}`);
  return digestHashPort.sha256Hex(shown.join('\n')).slice(0, 16);
}

/**
 * Saves a key. A new key never silently takes the place of a saved one: it is tested first with
 * one real lookup (its price stated in the sidebar), and replaces the old key only if the API knew
 * it; otherwise the old key stays, unless the user asks for `replace` 'untested', knowingly.
 */
export function setApiKey(raw: string, scope: KeyScope, replace?: 'untested'): KeySaveResult {
  const where = scope === 'document' ? 'document' : 'user';
  const cleaned = cleanPastedKey(String(raw ?? ''));
  if (!cleaned.ok) throw new Error(cleaned.message);
  const current = readApiKey();
  if (!current || current.key === cleaned.key || replace === 'untested') {
    const untested = current !== null && current.key !== cleaned.key;
    return save(cleaned.key, where, current?.key, { kind: 'saved', untested }, 0);
  }
  const { outcome, spent } = runKeyTest(cleaned.key, executionContext({ canWriteSheets: true }));
  const hide = (text: string) => redactKey(redactKey(text, cleaned.key), current.key);
  const failure = outcome.kind === 'failed' ? hide(outcome.error.message) : null;
  const verdict = newKeyVerdict(outcome);
  if (verdict === 'works') {
    const said: KeySaid = { kind: 'works', spent: spent, said: failure };
    const saved = save(cleaned.key, where, current.key, said, spent);
    resumeWatches();
    return saved;
  }
  const refused = verdict === 'refused';
  const masked = maskKey(current.key);
  return {
    key: keyStatus(),
    saved: false,
    said: { kind: 'notSaved', spent: spent, refused, said: failure ?? '', masked },
    triggersRefused: null,
    creditsSpent: spent,
    // A key the API refused is wrong: saving it untested would only stop every formula.
    canSaveUntested: verdict !== 'refused',
  };
}

/**
 * Saves `key`, with the triggers that collect for it; the formulas queued under the key it
 * replaces (`before`) say their work ended. Answers what happened (`said`), and which trigger
 * Google refused, which leaves this spreadsheet's work waiting for the others.
 */
function save(key: string, scope: KeyScope, before: string | undefined, said: KeySaid, creditsSpent: number) {
  const old = before !== undefined && before !== key ? executionContext() : null;
  const status = storeApiKey(key, scope);
  const drivers = installDrivers();
  rememberSpreadsheetFacts();
  if (old) endQueuedWork(old.deps.store, old.scope, true);
  const triggersRefused: KeySaveResult['triggersRefused'] =
    drivers.edit && drivers.open ? null : drivers.edit ? 'open' : 'edit';
  return { key: status, saved: true, said, triggersRefused, creditsSpent, canSaveUntested: false };
}

/**
 * The collector's drivers go with the key: without it they could collect nothing. Its queued
 * formulas are entered again, to say that a key is missing.
 */
export function clearApiKey(): KeyStatus {
  const context = executionContext();
  const status = removeApiKey();
  if (context) {
    removeDrivers(context.scope);
    endQueuedWork(context.deps.store, context.scope, false);
  }
  return status;
}

export function testApiKey(): KeyTestResult {
  const context = executionContext({ canWriteSheets: true });
  if (!context) return { ok: false, message: null, noKey: true, creditsSpent: 0 };
  const { outcome, spent } = runKeyTest(context.apiKey, context, context.deps.pacer);
  if (outcome.kind !== 'failed') {
    // A key that works: watches paused by the API's 401 or 402 go on.
    resumeWatches();
    return { ok: true, message: null, creditsSpent: spent };
  }
  const { error } = outcome;
  // Only an answer from the API says the key works: a 401 says it does not, and a call that never
  // reached it (refused by Google, lost, not sent) says nothing.
  const ok = error.code !== 'unauthorized' && error.status !== undefined;
  return { ok, message: redactKey(error.message, context.apiKey), creditsSpent: spent };
}
