// What each Apps Script service call costs in time. Every call is a round trip to a Google backend;
// a formula that makes 30 calls has spent about a second before it does anything, and one call per
// row of a 500-row range is the whole 30 s. The emulator advances its virtual clock by these costs
// on every call, so its 30 s and 6 min limits test what Google's would.
//
// Sources (published averages, milliseconds):
// - ziritione.org, "Google Apps Script APIs performance" (100 consecutive runs): Properties
//   getProperty 30-34 avg, setProperty 62-64 avg (max 231); CacheService put 92-93, get 3-4.
// - justin.poehnelt.com, "Storage Wars: CacheService vs. PropertiesService" (100 runs, 100-byte
//   values): a write plus a read ~63 (cache) and ~80 (properties); SpreadsheetApp ~800+.
// - qiita.com/mitonattou919 (CacheService, 10 runs): getting the cache object 2-3, get 20, put 56,
//   remove 88; the same with 250-character keys and 100 KB values.
// Where sources disagree (a cache get: 3-4 ms or 20 ms) the slower figure is taken: an emulator
// faster than Google hides the bugs users meet. Figures marked "assumed" have no published source
// we found; they are listed in docs/platform-assumptions.md.

/** Milliseconds a call takes, by the emulator's name for it. */
export const SERVICE_COST_MS: Readonly<Record<string, number>> = {
  // PropertiesService (ziritione; poehnelt). Getting a store object: assumed as the cache's (qiita).
  'PropertiesService.getDocumentProperties': 2,
  'PropertiesService.getUserProperties': 2,
  'PropertiesService.getScriptProperties': 2,
  'Properties.getProperty': 32,
  'Properties.getProperties': 40,
  'Properties.getKeys': 40,
  'Properties.setProperty': 62,
  'Properties.setProperties': 70,
  'Properties.deleteProperty': 60,
  'Properties.deleteAllProperties': 60,
  // CacheService (qiita; ziritione). getAll/putAll/removeAll: assumed a little above one key's.
  'CacheService.getDocumentCache': 2,
  'CacheService.getUserCache': 2,
  'CacheService.getScriptCache': 2,
  'Cache.get': 20,
  'Cache.getAll': 25,
  'Cache.put': 60,
  'Cache.putAll': 70,
  'Cache.remove': 90,
  'Cache.removeAll': 90,
  // LockService: assumed (a lock is a small write to a backend, released by another).
  'LockService.getDocumentLock': 2,
  'LockService.getUserLock': 2,
  'LockService.getScriptLock': 2,
  'Lock.tryLock': 50,
  'Lock.waitLock': 50,
  'Lock.releaseLock': 20,
  'Lock.hasLock': 0,
  // SpreadsheetApp (poehnelt: ~800 ms for a small read and write pair, flush ~600).
  'Range.getValues': 100,
  'Range.setValues': 150,
  'SpreadsheetApp.flush': 600,
  // ScriptApp: assumed. A builder is local until create(), which is the round trip.
  'ScriptApp.newTrigger': 0,
  'TriggerBuilder.create': 150,
  'ScriptApp.getProjectTriggers': 100,
  'ScriptApp.getUserTriggers': 100,
  'ScriptApp.deleteTrigger': 150,
};

/**
 * Calls the table does not name: a read of the spreadsheet's structure (a sheet by name, the
 * last row) and a write (insert a sheet, a note, a format) are assumed at these; triggers and
 * the user's identity likewise. UI calls and utilities run in the script itself: free.
 */
export const DEFAULT_COST_MS: Readonly<Record<string, number>> = {
  'sheet-read': 50,
  'sheet-write': 100,
  'sheet-open': 200,
  storage: 30,
  triggers: 150,
  identity: 20,
  'active-identity': 20,
  ui: 0,
  free: 0,
  fetch: 0,
};
