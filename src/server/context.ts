// Wires the core's lookup to this execution's services. Everything here may run inside a custom
// function: only reads of the spreadsheet, Properties, Cache, Lock, UrlFetch and Utilities. The
// cache's hidden sheet is written only when the caller says the execution may write sheets.

import { type PaceView, paceProperty, paceView, sharedPacer } from '../core/api/pacing';
import { parseSettings } from '../core/billing/settings';
import { accountScope } from '../core/cache/keys';
import { ResultCache } from '../core/cache/result-cache';
import type { UserMemory } from '../core/cache/user-memory';
import { executionStore } from '../core/platform/execution-store';
import type { BatchStorePort, SheetStorePort, TtlCachePort } from '../core/platform/ports';
import { PROPERTY } from '../core/platform/stored-keys';
import {
  appsScriptClock,
  batchStorePort,
  digestHashPort,
  gzipPort,
  lockPort,
  ttlCachePort,
  urlFetchPort,
} from './adapters/apps-script';
import { ledgerSheetPort } from './adapters/ledger-sheet';
import { adoptUnrecordedSheet, sheetStorePort } from './adapters/sheet-store';
import { readApiKey } from './api-key';
import { API_BASE_URL } from './config';
import { fastCache } from './platform/cache';
import { documentLock, userLock } from './platform/locks';
import { documentProperties, sheetRecord, userProperties } from './platform/properties';
import { activeSpreadsheet, spreadsheetFacts } from './platform/spreadsheet';
import { userMemory } from './user-memory';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** A lookup's services and what it needs to know of this execution (executionContext builds it). */
export type ExecutionContext = NonNullable<ReturnType<typeof executionContext>>;

/**
 * The calendar day at `now` in the time zone `tz`, the spreadsheet's (`spreadsheetZone`): budgets
 * reset at the user's midnight, not UTC's.
 */
export const dayIn = (tz: string, now: number) => Utilities.formatDate(new Date(now), tz, 'yyyy-MM-dd');

/**
 * The result cache's hidden sheet, read only, for a call that builds its own ResultCache (the
 * sidebar's views of saved results, receipts, the record of purchases), or undefined without an
 * open document. Read only, it takes no lock.
 */
export function cacheSheetPort(spreadsheet: Spreadsheet | null): SheetStorePort | undefined {
  if (!spreadsheet) return undefined;
  return sheetStorePort({
    spreadsheet,
    canWrite: false,
    lock: null,
    record: sheetRecord(PROPERTY.cacheSheet),
  });
}

/**
 * Opening the file, or the sidebar: a hidden sheet of answers made before ids were recorded is
 * recorded now, for formulas look only for the one the record names. A failure waits for the next
 * writer, which adopts it too. `snapshot`: the execution's read of the document properties.
 */
export function adoptCacheSheet(snapshot?: Record<string, string>): void {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return;
  try {
    adoptUnrecordedSheet({
      spreadsheet,
      lock: documentLock,
      record: sheetRecord(PROPERTY.cacheSheet, snapshot),
    });
  } catch {
    // The next writer finds it by its name and records it.
  }
}

/**
 * The result cache over this execution's services: the one place its layers are put together.
 * `sheet` is the hidden sheet's port (none without an open document).
 */
function resultCache(
  store: BatchStorePort,
  sheet: SheetStorePort | undefined,
  memory?: UserMemory,
  fast: TtlCachePort = ttlCachePort(fastCache),
): ResultCache {
  return new ResultCache({
    fast,
    store,
    hash: digestHashPort,
    clock: appsScriptClock,
    zip: gzipPort,
    sheet,
    memory,
  });
}

/**
 * The document's saved answers where no lookup runs (the record of purchases, Saved results with
 * no key): over `store`, the hidden sheet read only, no memory. `spreadsheet`: the execution's,
 * when the caller has it.
 */
export function documentCache(store: BatchStorePort, spreadsheet: Spreadsheet | null = activeSpreadsheet()) {
  return resultCache(store, cacheSheetPort(spreadsheet));
}

/**
 * The user properties, got and read whole once, on first use: the user's own key and the memory
 * across spreadsheets live there, and a formula reads both in one call.
 */
function userStore() {
  let properties: GoogleAppsScript.Properties.Properties | undefined;
  let read: Record<string, string> | undefined;
  const got = () => (properties ??= userProperties());
  return { properties: got, read: () => (read ??= got().getProperties()), held: () => read };
}

/**
 * The key's pace: formulas, bulk slices, watches and job retries of every spreadsheet of the user
 * share it, learned from the API's answers and kept in the user's properties under the user's lock;
 * the user's setting (`ceiling`) is only its ceiling. Its view is read on first use, from the whole
 * read of the user's properties when the execution made one: a formula answered from the cache
 * needs none.
 */
function keyPace(user: ReturnType<typeof userStore>, scope: string, ceiling: number, locked: boolean) {
  const name = paceProperty(scope);
  const value = {
    get: () => user.properties().getProperty(name) ?? undefined,
    set: (text: string) => user.properties().setProperty(name, text),
  };
  let view: PaceView | undefined;
  return {
    pacer: sharedPacer(
      {
        store: value,
        lock: lockPort(userLock),
        clock: appsScriptClock,
        ...(locked ? {} : { inHand: user.held }),
      },
      name,
      ceiling,
    ),
    view: () =>
      (view ??= paceView(user.held() ?? { [name]: value.get() ?? '' }, name, ceiling, appsScriptClock.now())),
  };
}

export interface ExecutionContextOptions {
  /**
   * True in a menu item, sidebar call or trigger, which may write the spreadsheet; false (the
   * default, the safe side) in a custom function, which may only read it. The platform offers no
   * way to ask that does not throw in a formula, so the entry point says where it runs.
   */
  canWriteSheets?: boolean;
  /**
   * True in a custom function: its lookup starts from the read that found the key and settings, a
   * moment before, which the store holds in hand (core/platform/execution-store.ts). Elsewhere time
   * passes before a lookup (a lease taken, sheets read, other lookups) and each reads anew.
   */
  lookupFromOpening?: boolean;
  /**
   * True in a watch's run: its turns at the key's pace are all taken under the user's lock, never
   * from the user properties it read when it started (minutes of form responses apart, that read
   * is stale: the watch's day met 158 refusals at 1/s against 34 this way).
   */
  turnsUnderUserLock?: boolean;
}

/**
 * The context for a lookup, or null when no API key is saved or there is no document (the cache,
 * job registry and ledger live in document properties). Without an active spreadsheet the cache
 * does without its hidden sheet.
 */
export function executionContext(options: ExecutionContextOptions = {}) {
  const properties = documentProperties();
  if (!properties) return null;
  // One read of the document's properties: a shared key, the settings and, for a formula's lookup,
  // the cache's durable layer and the job registry. Each read is a round trip and counts against
  // a daily quota.
  const snapshot = properties.getProperties();
  const user = userStore();
  const found = readApiKey(snapshot, user.read);
  if (!found) return null;
  const settings = parseSettings(snapshot[PROPERTY.settings] ?? null);
  // The one store of the execution, which the lookup, the cache, the budget and the pace share: it
  // holds a read in hand for the step that may use it.
  const store = executionStore(batchStorePort(properties), options.lookupFromOpening ? snapshot : undefined);
  // Asked of Sheets on first use: a formula answered from the cache needs no spreadsheet at all.
  let spreadsheet: Spreadsheet | null | undefined;
  const openSpreadsheet = () => {
    if (spreadsheet === undefined) spreadsheet = activeSpreadsheet();
    return spreadsheet;
  };
  const facts = spreadsheetFacts(snapshot, openSpreadsheet);
  // One lock object for the execution, taken on first use: the sheet store sees when the job
  // collector already holds it; a formula answered from the cache takes none.
  let lockObject: GoogleAppsScript.Lock.Lock | undefined;
  const theLock = () => (lockObject ??= documentLock());
  const sheet = sheetStorePort({
    spreadsheet: openSpreadsheet,
    canWrite: options.canWriteSheets === true,
    // A formula looks only for the sheet the record names: no record, no sheet, no call.
    recordedOnly: options.lookupFromOpening === true,
    lock: theLock,
    // Which sheet it is, from the same read: a formula finds it with one call, as by its name.
    record: sheetRecord(PROPERTY.cacheSheet, snapshot),
  });
  // One document cache object, got on first use: a hit from the properties never asks for it.
  const fast = ttlCachePort(fastCache);
  // The memory across the user's spreadsheets: answers bought with this account elsewhere are free.
  const memory = userMemory(
    facts,
    options.canWriteSheets === true,
    // The key's pace rides in the memory's write: a formula's turn reaches the user's log for no call.
    { properties: user.properties, opening: user.held, riding: () => pace.pacer.riding() },
  );
  const scope = accountScope(digestHashPort, found.key);
  const pace = keyPace(user, scope, settings.requestsPerSecond, options.turnsUnderUserLock === true);
  return {
    deps: {
      client: { baseUrl: API_BASE_URL, apiKey: found.key, http: urlFetchPort, clock: appsScriptClock },
      cache: resultCache(store, sheet, memory, fast),
      store,
      lock: lockPort(theLock),
      pacer: pace.pacer,
      editNote: fast,
      // A booking that fills the record's waiting pages moves them to their sheet, where it may.
      purchaseSheet:
        options.canWriteSheets === true ? ledgerSheetPort(theLock(), openSpreadsheet) : undefined,
    },
    /** A short hash of the API key: scopes cached answers to the account, never reveals the key. */
    scope,
    /** The memory across the user's spreadsheets, which the result cache reads too. */
    memory,
    apiKey: found.key,
    /** Where the key was found: saved for the user, or shared with this spreadsheet. */
    keyScope: found.scope,
    /** The execution's user properties object, got once (the key, the memory, a formula's key check). */
    userProperties: user.properties,
    settings,
    /**
     * The pace learned for the key as this execution found it (read on first use): what a lookup
     * plans its sending on. The pacer learns on while it sends.
     */
    get pace() {
      return pace.view();
    },
    /**
     * The document properties as this execution read them at its start, for its key and settings: a
     * formula finds its own queue record there (collector/handoff.ts). A lookup reads the store,
     * which holds this read in hand only in a formula (ExecutionContextOptions.lookupFromOpening).
     */
    opening: snapshot as Readonly<Record<string, string>>,
    /** Asked of Sheets on first call, like `day`: a formula answered from the cache needs neither. */
    spreadsheetId: () => facts().id,
    /** The spreadsheet's calendar day (`dayIn` its time zone), asked on first call. */
    day: () => dayIn(facts().tz, appsScriptClock.now()),
  };
}
