// The memory of paid answers across the user's spreadsheets (core/cache/user-memory.ts) over this
// execution's user properties: in a custom function the spreadsheet owner's (an editor's formula
// reads them and may not write them), elsewhere the user's own. Reached on first use only: a formula
// answered by its document's layers makes no call for it.
import { type Spreadsheet, UserMemory } from '../core/cache/user-memory';
import type { BatchStorePort } from '../core/platform/ports';
import { DAY_MS } from '../core/platform/time';
import { appsScriptClock, batchStorePort, gzipPort } from './adapters/apps-script';
import { userProperties } from './platform/properties';

/**
 * The memory, reading answers within `ttlDays()` (the document's retention); `here` names this
 * spreadsheet in what it remembers.
 */
export function userMemory(ttlDays: () => number, here: () => Spreadsheet): UserMemory {
  let port: BatchStorePort | undefined;
  const store = () => {
    port ??= batchStorePort(userProperties());
    return port;
  };
  return new UserMemory({
    store: {
      getAll: () => store().getAll(),
      setMany: (entries) => store().setMany(entries),
      removeMany: (keys) => store().removeMany(keys),
    },
    zip: gzipPort,
    here,
    isLive: (at) => appsScriptClock.now() - at < ttlDays() * DAY_MS,
  });
}

/** The open spreadsheet as the memory names it; empty without one. */
export function spreadsheetHere(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null): Spreadsheet {
  return spreadsheet ? { id: spreadsheet.getId(), name: spreadsheet.getName() } : { id: '', name: '' };
}
