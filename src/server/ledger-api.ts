// Server side of the sidebar's Spending and Saved results panels (src/shared/rpc.ts). The ledger
// lives in document properties and is read from one snapshot per call (each getProperties() counts
// against the store's daily quota); saved results are seen through the same layers formulas use.
import { ledgerSummary } from '../core/billing/budget';
import { entryMeta } from '../core/cache/entries';
import { isResultKey } from '../core/cache/keys';
import { readPayload, scanStore } from '../core/cache/property-layout';
import { ResultCache } from '../core/cache/result-cache';
import { dropAllClaims } from '../core/lookup/claims';
import { OUT_OF_CREDITS_PROPERTY } from '../core/lookup/send';
import { operationByType } from '../core/operations/table';
import type { BatchStorePort, SheetStorePort } from '../core/platform/ports';
import { DAY_MS } from '../core/platform/time';
import type { CacheView, LedgerView } from '../shared/rpc';
import {
  appsScriptClock,
  batchStorePort,
  digestHashPort,
  gzipPort,
  lockPort,
  ttlCachePort,
} from './adapters/apps-script';
import { sheetStorePort } from './adapters/sheet-store';
import { executionContext, today } from './context';
import { fastCache } from './platform/cache';
import { documentLock } from './platform/locks';
import { requireDocumentProperties } from './platform/properties';
import { activeSpreadsheet } from './platform/spreadsheet';
import { getSettings } from './settings-api';

const documentProperties = requireDocumentProperties;

/** A store that answers reads from one snapshot and refuses writes: for calls that only look. */
function snapshotStore(all: Record<string, string>): BatchStorePort {
  const readOnly = () => {
    throw new Error('This view of the document properties is read-only.');
  };
  return { getAll: () => all, setMany: readOnly, removeMany: readOnly };
}

export function getLedger(): LedgerView {
  const all = documentProperties().getProperties();
  const settings = getSettings();
  const now = appsScriptClock.now();
  const day = today(now);
  const summary = ledgerSummary(snapshotStore(all), day, settings, now);
  const byOperation = Object.entries(summary.month.byOperation)
    .filter(([, credits]) => (credits ?? 0) > 0)
    .map(([type, credits]) => ({ label: operationByType(type)?.label ?? type, credits: credits ?? 0 }))
    .sort((a, b) => b.credits - a.credits || a.label.localeCompare(b.label));
  return {
    day,
    today: summary.today.total,
    month: summary.month.total,
    byOperation,
    bySource: {
      formulas: summary.month.bySource.formula,
      bulk: summary.month.bySource.bulk,
      keyTests: summary.month.bySource.keyTest,
    },
    formulaCapLeftToday: summary.formulaCapLeftToday,
    possiblyChargedTwice: summary.month.possiblyChargedTwice,
    outOfCredits: OUT_OF_CREDITS_PROPERTY in all,
  };
}

interface SavedResults {
  cache: ResultCache;
  /** The account whose answers are counted and cleared; undefined: every account's, read only. */
  scope: string | undefined;
  ttlDays: number;
}

/**
 * The saved results of the account whose key is in use, through the layers formulas use. Another
 * account's answers (a previous key, a collaborator's own key) are not this user's to delete.
 */
function savedResults(): SavedResults {
  const context = executionContext({ canWriteSheets: true });
  if (context)
    return { cache: context.deps.cache, scope: context.scope, ttlDays: context.settings.cacheTtlDays };
  const { cacheTtlDays } = getSettings();
  const sheet = cacheSheetReader();
  const cache = new ResultCache(
    {
      fast: ttlCachePort(fastCache()),
      store: batchStorePort(documentProperties()),
      hash: digestHashPort,
      zip: gzipPort,
      clock: appsScriptClock,
      ...(sheet ? { sheet } : {}),
    },
    { ttlDays: cacheTtlDays },
  );
  return { cache, scope: undefined, ttlDays: cacheTtlDays };
}

/** The hidden sheet of saved results, to read: nothing here writes it except through the cache. */
function cacheSheetReader(): SheetStorePort | undefined {
  const spreadsheet = activeSpreadsheet();
  return spreadsheet
    ? sheetStorePort({ spreadsheet, canWrite: false, lock: null, flush: () => undefined })
    : undefined;
}

/**
 * What buying again every live answer of `scope` would cost: each entry keeps what it was paid.
 * An answer in both durable layers (properties and hidden sheet) counts once.
 */
function rebuyCredits({ scope, ttlDays }: SavedResults, now: number): number {
  // Keys read `r1:<scope>:<hash>` (see resultKey): the scope is the second part.
  const inScope = (key: string) => scope === undefined || key.split(':')[1] === scope;
  const isLive = (at: number) => now - at < ttlDays * DAY_MS;
  const paid = paidInProperties((key, at) => inScope(key) && isLive(at));
  for (const [key, value] of Object.entries(cacheSheetReader()?.readAll() ?? {})) {
    if (paid.has(key) || !isResultKey(key) || !inScope(key)) continue;
    const answer = entryMeta(value);
    if (answer && isLive(answer.at)) paid.set(key, answer.credits ?? 0);
  }
  let cents = 0;
  for (const credits of paid.values()) cents += Math.round(credits * 100);
  return cents / 100;
}

/** What each live answer in the document properties cost, by key. */
function paidInProperties(wanted: (key: string, at: number) => boolean): Map<string, number> {
  const paid = new Map<string, number>();
  const all = documentProperties().getProperties();
  const scan = scanStore(all, {
    isEntryKey: isResultKey,
    paidAt: (payload) => entryMeta(payload)?.at ?? null,
  });
  for (const entry of scan.entries) {
    if (!wanted(entry.key, entry.at)) continue;
    const payload = readPayload(all, entry.key, digestHashPort);
    const answer = payload === null ? null : entryMeta(payload);
    if (answer) paid.set(entry.key, answer.credits ?? 0);
  }
  return paid;
}

function cacheView(results: SavedResults): CacheView {
  const stats = results.cache.stats(results.scope);
  return {
    entries: stats.entries,
    bytes: stats.bytes,
    oldestAt: stats.oldestAt,
    newestAt: stats.newestAt,
    rebuyCredits: rebuyCredits(results, appsScriptClock.now()),
  };
}

/** Opening Saved results also moves what formulas could only stash into the hidden sheet. */
export function getCacheStats(): CacheView {
  const results = savedResults();
  if (results.scope !== undefined) results.cache.moveStash();
  return cacheView(results);
}

/** Deletes the saved results (confirmed in the sidebar); formulas then pay again when they run. */
export function clearCache(): CacheView {
  const results = savedResults();
  if (results.scope === undefined)
    throw new Error('Save your API key first: saved results are cleared one account at a time.');
  results.cache.clear(results.scope);
  // Claims of past purchases would keep formulas waiting for answers that are gone.
  const lock = lockPort(documentLock());
  lock.withLock(10_000, () => dropAllClaims(batchStorePort(documentProperties())));
  return cacheView(results);
}
