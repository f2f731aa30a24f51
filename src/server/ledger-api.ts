// Server side of the sidebar's Spending and Saved results panels (src/shared/rpc.ts). The ledger
// lives in document properties and is read from one snapshot per call (each getProperties() counts
// against the store's daily quota); saved results are seen through the same layers formulas use.

import { parseSettings } from '../core/billing/settings';
import { ledgerSummary } from '../core/billing/summary';
import { scopeFilter } from '../core/cache/keys';
import { dropAllClaims } from '../core/lookup/claims';
import { OUT_OF_CREDITS_PROPERTY } from '../core/lookup/send';
import { operationByType } from '../core/operations/table';
import type { BatchStorePort } from '../core/platform/ports';
import { PROPERTY } from '../core/platform/stored-keys';
import { lostResultsText } from '../core/text/catalogue/lost';
import { refuse } from '../core/text/catalogue/sidebar/refuse';
import { SPENDING_ANSWERS } from '../core/text/catalogue/sidebar/spending-answers';
import { roundCredits } from '../core/text/credits';
import type { CacheView, LedgerView } from '../shared/rpc';
import { appsScriptClock, batchStorePort, lockPort } from './adapters/apps-script';
import { dayIn, documentCache, executionContext } from './context';
import { documentLock } from './platform/locks';
import { requireDocumentProperties } from './platform/properties';
import { activeSpreadsheet, spreadsheetFacts, spreadsheetZone, timeFormatter } from './platform/spreadsheet';
import { movePurchases, recordAccess, recordLostText } from './purchase-record';
import { paceSummaryIn } from './settings-api';
import { userMemory } from './user-memory';

/** A store that answers reads from one snapshot and refuses writes: for calls that only look. */
function snapshotStore(all: Record<string, string>): BatchStorePort {
  const readOnly = () => {
    throw refuse('spending', 'readOnly');
  };
  return { getAll: () => all, setMany: readOnly, removeMany: readOnly };
}

export function getLedger(): LedgerView {
  const all = requireDocumentProperties().getProperties();
  const settings = parseSettings(all[PROPERTY.settings] ?? null);
  const now = appsScriptClock.now();
  const spreadsheet = activeSpreadsheet();
  const day = dayIn(spreadsheetZone(spreadsheet), now);
  // Purchases formulas made wait in the properties: the ledger sheet takes them while the sidebar looks.
  const access = recordAccess(spreadsheet);
  movePurchases(access, day, all);
  const summary = ledgerSummary(snapshotStore(all), day, settings, now);
  const byOperation = Object.entries(summary.month.byOperation)
    .filter(([, credits]) => (credits ?? 0) > 0)
    .map(([type, credits]) => ({ label: operationByType(type)?.label ?? type, credits: credits ?? 0 }))
    .sort((a, b) => b.credits - a.credits || a.label.localeCompare(b.label));
  const { formula: formulas, bulk, keyTest: keyTests, refresh } = summary.month.bySource;
  return {
    day,
    today: summary.today.total,
    month: summary.month.total,
    byOperation,
    bySource: { formulas, bulk, keyTests, refresh },
    formulaCapLeftToday: summary.formulaCapLeftToday,
    formulaDailyCap: settings.formulaDailyCap,
    possiblyChargedTwice: summary.month.possiblyChargedTwice,
    outOfCredits: OUT_OF_CREDITS_PROPERTY in all,
    pace: paceSummaryIn(all, settings),
    recordLost: recordLostText(access, spreadsheet),
  };
}

type SavedResults = ReturnType<typeof savedResults>;

/**
 * The saved results of the account whose key is in use, through the layers formulas use. Another
 * account's answers (a previous key, a collaborator's own key) are not this user's to delete:
 * `scope` is the account whose answers are counted and cleared (undefined: every account's, read
 * only); `memory`, the memory across the user's spreadsheets, from the read of the user
 * properties that found the key; `hereId`, this spreadsheet's id, on record since it was opened
 * (its answers in the memory are its own).
 */
function savedResults() {
  const context = executionContext({ canWriteSheets: true });
  if (context)
    return {
      cache: context.deps.cache,
      scope: context.scope,
      memory: context.memory,
      hereId: context.spreadsheetId,
    };
  // Read only: nothing here writes the hidden sheet without a key.
  const cache = documentCache(batchStorePort(requireDocumentProperties()));
  // The open spreadsheet, as the memory would name what it keeps (it keeps nothing here).
  const memory = userMemory(spreadsheetFacts({}, activeSpreadsheet));
  return { cache, scope: undefined, memory, hereId: () => activeSpreadsheet()?.getId() ?? '' };
}

/**
 * The account's answers in the memory the user's spreadsheets share (core/cache/user-memory.ts),
 * and what this spreadsheet may pay again once they and its own are cleared: its own saved results
 * and the memory's answers bought elsewhere. The other spreadsheets keep their own.
 */
function everywhere(results: SavedResults, hereCredits: number): CacheView['everywhere'] {
  if (results.scope === undefined) return { entries: 0, spreadsheets: 0, rebuyCredits: 0 };
  const entries = results.memory.entries(scopeFilter(results.scope));
  const hereId = results.hereId();
  const elsewhere = entries.filter((entry) => entry.spreadsheetId !== hereId);
  return {
    entries: entries.length,
    spreadsheets: new Set(entries.map((entry) => entry.spreadsheetId)).size,
    rebuyCredits: roundCredits(
      elsewhere.reduce((sum, entry) => sum + (entry.answer.credits ?? 0), hereCredits),
    ),
  };
}

function cacheView(results: SavedResults): CacheView {
  const stats = results.cache.stats(results.scope);
  const lost = results.cache.lostSheet();
  const zone = spreadsheetZone(activeSpreadsheet());
  const when = timeFormatter(zone, 'yyyy-MM-dd HH:mm');
  const rebuyCredits = results.cache.rebuyCredits(results.scope);
  const evicted = results.memory.evicted();
  return {
    entries: stats.entries,
    bytes: stats.bytes,
    oldestAt: stats.oldestAt,
    newestAt: stats.newestAt,
    oldest: stats.oldestAt === null ? null : when(stats.oldestAt),
    newest: stats.newestAt === null ? null : when(stats.newestAt),
    timeZone: zone,
    rebuyCredits,
    lostResults: lost ? lostResultsText(lost) : null,
    everywhere: everywhere(results, rebuyCredits),
    memoryEvicted: evicted.length > 0 ? SPENDING_ANSWERS.memoryEvicted.say(evicted) : null,
  };
}

/** Opening Saved results also moves what formulas could only stash into the hidden sheet. */
export function getCacheStats(): CacheView {
  const results = savedResults();
  if (results.scope !== undefined) results.cache.moveStash();
  return cacheView(results);
}

/**
 * Deletes the saved results (confirmed in the sidebar); formulas then pay again when they run.
 * `here`: this spreadsheet's, and what the memory across spreadsheets keeps of its purchases;
 * `everywhere`: the account's whole memory too, bought in any of the user's spreadsheets. Another
 * spreadsheet's own saved results are not reached (the add-on opens no other file): its question
 * says so.
 */
export function clearCache(where: 'here' | 'everywhere' = 'here'): CacheView {
  const results = savedResults();
  const scope = results.scope;
  if (scope === undefined) throw refuse('spending', 'clearKeyFirst');
  results.cache.clear(scope);
  const inScope = scopeFilter(scope);
  const hereId = results.hereId();
  results.memory.forget(
    (line) => inScope(line.key) && (where === 'everywhere' || line.spreadsheetId === hereId),
  );
  // Claims of past purchases would keep formulas waiting for answers that are gone.
  lockPort(documentLock()).withLock(10_000, () => dropAllClaims(batchStorePort(requireDocumentProperties())));
  return cacheView(results);
}

/** The user read what the deleted hidden sheet lost and goes on without it. */
export function acceptLostResults(): CacheView {
  const results = savedResults();
  results.cache.acceptLostSheet();
  results.memory.forgetEvicted();
  return cacheView(results);
}
