// Clearing the cache (the Saved results panel): its entries, all or one account's, leave every
// layer; other settings and the sheet's other rows stay.

import type { BatchStorePort, HashPort, SheetStorePort, TtlCachePort } from '../platform/ports';
import { STORE_FAILURES } from '../text/catalogue/sheets';
import { CALL_TEXTS } from '../text/catalogue/sidebar/calls';
import { durable, tryFast } from './durable';
import { entryMeta } from './entries';
import { isResultKey, scopeFilter } from './keys';
import { scanStore } from './property-layout';
import { holdsIn } from './sheet-save';
import { dropStash, stashNotes } from './stash';

interface ClearPorts {
  fast: TtlCachePort;
  store: BatchStorePort;
  hash: HashPort;
  sheet?: SheetStorePort;
}

/**
 * Removes the cache's entries (all, or one account's) from every layer; answers how many went.
 * Throws, changing nothing, when the sheet holds some and may not be written here.
 */
export function clearEntries(ports: ClearPorts, scope?: string): number {
  const inScope = scopeFilter(scope);
  const all = durable('clear', () => ports.store.getAll());
  const scan = scanStore(all);
  const entries = scan.entries.filter((entry) => inScope(entry.key));
  const gone = new Set(entries.map((entry) => entry.key));
  const notes = stashNotes(all);
  const stashed = [...notes.keys()].filter(inScope);
  if (stashed.length > 0) durable('clear', () => dropStash(ports, notes, stashed));
  for (const key of stashed) gone.add(key);
  for (const key of clearSheet(ports.sheet, inScope)) gone.add(key);
  const records = [...entries.flatMap((entry) => entry.records), ...scan.garbage.filter(inScope)];
  if (records.length > 0) durable('clear', () => ports.store.removeMany(records));
  if (gone.size > 0) tryFast(() => ports.fast.removeMany([...gone]));
  return gone.size;
}

/**
 * Removes the scope's rows from the hidden sheet; answers the keys of the readable entries among
 * them. Throws, removing nothing there, when it holds some and may not be written here.
 */
function clearSheet(sheet: SheetStorePort | undefined, inScope: (key: string) => boolean): string[] {
  if (!sheet) return [];
  const rows = durable('clearSheet', () => sheet.readAll());
  const mine = Object.keys(rows).filter((key) => isResultKey(key) && inScope(key));
  if (mine.length === 0) return [];
  if (!sheet.canWrite) throw new Error(CALL_TEXTS.sheetFromSidebar.say(STORE_FAILURES.clearSheet));
  durable('clearSheet', () => sheet.removeMany(mine, holdsIn(rows, new Set(mine))));
  return mine.filter((key) => entryMeta(rows[key]!) !== null);
}
