// Wires the core's lookup to this execution's services. Everything here may run inside a custom
// function: only reads of the spreadsheet, Properties, Cache, Lock, UrlFetch and Utilities.
import { accountScope, ResultCache } from '../core/cache';
import type { LookupDeps } from '../core/lookup';
import type { Settings } from '../core/settings';
import {
  appsScriptClock,
  batchStorePort,
  digestHashPort,
  lockPort,
  ttlCachePort,
  urlFetchPort,
} from './adapters';
import { readApiKey } from './api-key';
import { API_BASE_URL } from './config';
import { getSettings } from './settings-api';

export interface ExecutionContext {
  deps: LookupDeps;
  /** A short hash of the API key: scopes cached answers to the account, never reveals the key. */
  scope: string;
  apiKey: string;
  settings: Settings;
  spreadsheetId: string;
  day: string;
}

/** The spreadsheet's calendar day: budgets reset at the user's midnight, not UTC's. */
export function today(now: number): string {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const zone = spreadsheet?.getSpreadsheetTimeZone() || Session.getScriptTimeZone();
  return Utilities.formatDate(new Date(now), zone, 'yyyy-MM-dd');
}

function fastCache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getScriptCache();
}

/**
 * The context for a lookup, or null when no API key is saved or there is no document (the cache,
 * job registry and ledger live in document properties). Needs no active spreadsheet: an add-on's
 * time-driven trigger has none.
 */
export function executionContext(): ExecutionContext | null {
  const documentProperties =
    PropertiesService.getDocumentProperties() as GoogleAppsScript.Properties.Properties | null;
  if (!documentProperties) return null;
  const found = readApiKey();
  if (!found) return null;
  const settings = getSettings();
  const clock = appsScriptClock;
  const store = batchStorePort(documentProperties);
  const cache = new ResultCache(
    { fast: ttlCachePort(fastCache()), store, hash: digestHashPort, clock },
    { ttlDays: settings.cacheTtlDays },
  );
  return {
    deps: {
      client: { baseUrl: API_BASE_URL, apiKey: found.key, http: urlFetchPort, clock },
      cache,
      store,
      lock: lockPort(LockService.getDocumentLock() ?? LockService.getScriptLock()),
    },
    scope: accountScope(digestHashPort, found.key),
    apiKey: found.key,
    settings,
    spreadsheetId: SpreadsheetApp.getActiveSpreadsheet()?.getId() ?? '',
    day: today(clock.now()),
  };
}
