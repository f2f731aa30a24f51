// Where watches are kept: one document property each (core/watches/watch.ts), the account-wide
// pause beside them (core/watches/pause.ts), and the note the Edit trigger reads in the document
// cache (core/watches/note.ts). Changes to a watch are made under the document lock by the caller.

import { writeEditNote } from '../../core/platform/edit-note';
import { PROPERTY } from '../../core/platform/stored-keys';
import { noteOf } from '../../core/watches/note';
import { type AccountPause, parsePause } from '../../core/watches/pause';
import { parseWatch, serializeWatch, type Watch, watchesIn, watchKey } from '../../core/watches/watch';
import { appsScriptClock, ttlCachePort } from '../adapters/apps-script';
import { fastCache } from '../platform/cache';
import { documentProperties, requireDocumentProperties, setDocumentProperty } from '../platform/properties';

/** Every watch of this document, from the properties read at once. */
export const readWatches = (): Watch[] => watchesIn(documentProperties()?.getProperties() ?? {});

export const readWatch = (id: string) => parseWatch(documentProperties()?.getProperty(watchKey(id)));

export const saveWatch = (watch: Watch) =>
  requireDocumentProperties().setProperty(watchKey(watch.id), serializeWatch(watch));

export const deleteWatchRecord = (id: string) => requireDocumentProperties().deleteProperty(watchKey(id));

export const readAccountPause = () => parsePause(documentProperties()?.getProperty(PROPERTY.watchesPaused));

export const saveAccountPause = (pause: AccountPause | null) =>
  setDocumentProperty(PROPERTY.watchesPaused, pause && JSON.stringify(pause));

/** Writes the Edit trigger's note of what watches follow, from `watches` as they stand. */
export function writeWatchNote(watches: readonly Watch[]): void {
  const note = noteOf(watches, appsScriptClock.now());
  writeEditNote(ttlCachePort(fastCache()), { watches: JSON.stringify(note) });
}
