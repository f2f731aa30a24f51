// The memory of paid answers across the user's spreadsheets (core/cache/user-memory.ts) over this
// execution's user properties: in a custom function the spreadsheet owner's (an editor's formula
// reads them and may not write them), elsewhere the user's own. Reached on first use only: a formula
// answered by its document's layers makes no call for it.

import { rememberKept, type Spreadsheet, UserMemory } from '../core/cache/user-memory';
import { eraseEditNote, writeEditNote } from '../core/platform/edit-note';
import type { BatchStorePort } from '../core/platform/ports';
import {
  appsScriptClock,
  batchStorePort,
  digestHashPort,
  gzipPort,
  ttlCachePort,
} from './adapters/apps-script';
import { fastCache } from './platform/cache';
import { userProperties } from './platform/properties';
import { orWarn } from './warn';

type Properties = GoogleAppsScript.Properties.Properties;

/**
 * The memory, reading answers whatever their age (kept until the user clears them); `here` names
 * this spreadsheet in what it remembers; `compacts`: this execution may merge its small pages (not
 * a formula's). `given`: the execution's user properties object, and a whole read of them it made
 * already (for its key), which the memory's first read takes rather than read again; `riding`:
 * entries written with the memory's, for no call of their own (the key's pace).
 */
export function userMemory(
  here: () => Spreadsheet,
  compacts = false,
  given: {
    properties?: () => Properties;
    opening?: () => Record<string, string> | undefined;
    /** Other entries of the user's properties that ride in the memory's next write. */
    riding?: () => Record<string, string>;
  } = {},
): UserMemory {
  let port: BatchStorePort | undefined;
  const store = () => (port ??= batchStorePort((given.properties ?? userProperties)()));
  let first = given.opening;
  return new UserMemory({
    store: {
      getAll: () => {
        const inHand = first?.();
        first = undefined;
        return inHand ?? store().getAll();
      },
      setMany: (entries) => {
        try {
          store().setMany({ ...entries, ...given.riding?.() });
        } catch (error) {
          noteMemoryBehind();
          throw error;
        }
      },
      removeMany: (keys) => store().removeMany(keys),
    },
    zip: gzipPort,
    here,
    compacts,
  });
}

/** A catch-up the memory refused is tried again this long after, not on every edit meanwhile. */
const CATCH_UP_RETRY_MS = 30 * 60_000;

/**
 * The memory refused a write (an editor's formula may not write the owner's user properties): the
 * memory's line of the Edit trigger's note (core/platform/edit-note.ts) asks the owner's triggers
 * to give the memory what this document keeps, from `due` on (clock ms).
 */
function noteMemoryBehind(due = appsScriptClock.now()): void {
  try {
    writeEditNote(ttlCachePort(fastCache()), { memory: String(due) });
  } catch {
    // Only credits elsewhere are at stake: the document keeps every answer.
  }
}

/** Whether the note's memory line (its value, when it is due) asks a catch-up at `now`. */
export const memoryCatchUpDue = (line: string | undefined, now: number): boolean =>
  line !== undefined && !(Number(line) > now);

/**
 * In a trigger, which runs as its owner (who saved the key): gives the owner's memory the answers
 * this document keeps and it lacks, then takes its line off the note. Failures are only logged: the
 * document keeps every answer, and the line asks again half an hour later (the owner's user
 * properties may be full: trying on every edit would only cost every edit two reads).
 */
export function catchUpMemory(memory: UserMemory, store: BatchStorePort, scope: string): void {
  const caughtUp = orWarn("Could not give the memory this spreadsheet's answers", false, () => {
    rememberKept(memory, { all: store.getAll(), hash: digestHashPort }, scope);
    eraseEditNote(ttlCachePort(fastCache()), ['memory']);
    return true;
  });
  if (!caughtUp) noteMemoryBehind(appsScriptClock.now() + CATCH_UP_RETRY_MS);
}
