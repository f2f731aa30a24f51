// The hidden sheet's share of a save: the batch, plus every live properties entry the sheet lacks
// (or holds older), so that no later eviction from the properties loses an answer. Unreadable
// rows of the cache go; no readable one is evicted. Rows that are not the cache's
// are never touched. A failure is reported, not thrown: the properties still save.
import type { HashPort, SheetHolds, SheetStorePort } from '../platform/ports';
import { errorMessage } from '../text/error-message';
import { entryMeta, type Payload, sheetChars } from './entries';
import { isResultKey } from './keys';
import { ownValue, readPayload, type StoreScan } from './property-layout';

/** One write to the hidden sheet. */
export interface SheetReport {
  /** Entries of the batch written to the sheet. */
  written: number;
  /** Entries only the properties held, copied into the sheet before the properties could evict them. */
  copied: number;
  /** Why the sheet could not be read or written: the properties kept what they could, as without a sheet. */
  error?: string;
}

export interface SheetOutcome {
  report: SheetReport;
  /** Keys the sheet holds after the write; empty when it failed, since nothing is sure then. */
  held: ReadonlySet<string>;
}

export interface SheetSave {
  sheet: SheetStorePort;
  hash: HashPort;
}

/** One of the cache's rows in the sheet, or one about to be written there. */
interface SheetRow {
  key: string;
  at: number;
  chars: number;
  /** What it cost, for what the sheet holds (SheetHolds). */
  credits: number;
  /** The text to write: set for the batch's entries and for copies of properties entries. */
  write?: string;
  fromBatch?: boolean;
}

export function saveToSheet(
  save: SheetSave,
  all: Record<string, string>,
  scan: StoreScan,
  payloads: ReadonlyMap<string, Payload>,
): SheetOutcome {
  const report: SheetReport = { written: 0, copied: 0 };
  try {
    const removals: string[] = [];
    const rows = sheetRows(save, removals);
    addPropertyCopies(save, all, scan, payloads, rows);
    for (const [key, { payload, at }] of payloads) {
      rows.set(key, { ...rowToWrite(key, at, payload), fromBatch: true });
    }
    const { writes, held } = writesOf(rows, report);
    // A key written again keeps its row: removing it first would only move it to the end.
    const toRemove = removals.filter((key) => ownValue(writes, key) === undefined);
    const holds = holdsOf([...held].map((key) => rows.get(key)!));
    const writing = Object.keys(writes).length > 0;
    if (toRemove.length > 0) save.sheet.removeMany(toRemove, writing ? undefined : holds);
    if (writing) save.sheet.writeMany(writes, holds);
    return { report, held };
  } catch (error) {
    return { report: { written: 0, copied: 0, error: errorMessage(error) }, held: new Set() };
  }
}

/** The cache's rows now in the sheet; unreadable ones are marked for removal. */
function sheetRows(save: SheetSave, removals: string[]): Map<string, SheetRow> {
  const rows = new Map<string, SheetRow>();
  for (const [key, value] of Object.entries(save.sheet.readAll())) {
    if (!isResultKey(key)) continue;
    const meta = entryMeta(value);
    const at = meta?.at;
    if (at === undefined) removals.push(key);
    else rows.set(key, { key, at, chars: sheetChars(key, value), credits: meta?.credits ?? 0 });
  }
  return rows;
}

function addPropertyCopies(
  save: SheetSave,
  all: Record<string, string>,
  scan: StoreScan,
  payloads: ReadonlyMap<string, Payload>,
  rows: Map<string, SheetRow>,
): void {
  for (const entry of scan.entries) {
    if (payloads.has(entry.key)) continue;
    if ((rows.get(entry.key)?.at ?? Number.NEGATIVE_INFINITY) >= entry.at) continue;
    const payload = readPayload(all, entry.key, save.hash);
    if (payload === null) continue;
    rows.set(entry.key, rowToWrite(entry.key, entry.at, payload));
  }
}

const rowToWrite = (key: string, at: number, payload: string): SheetRow => ({
  key,
  at,
  chars: sheetChars(key, payload),
  credits: entryMeta(payload)?.credits ?? 0,
  write: payload,
});

/**
 * Every row stays: the sheet is the layer of last resort, so a row pushed out for room would be
 * an answer bought again unasked (issue 41). Past Google's own limit a write fails and says so.
 */
function writesOf(
  rows: ReadonlyMap<string, SheetRow>,
  report: SheetReport,
): { writes: Record<string, string>; held: Set<string> } {
  const writes: Record<string, string> = {};
  for (const row of rows.values()) {
    if (row.write === undefined) continue;
    writes[row.key] = row.write;
    if (row.fromBatch) report.written++;
    else report.copied++;
  }
  return { writes, held: new Set(rows.keys()) };
}

/** How many answers, and what they cost, summed in cents: 0.5-credit charges carry no float noise. */
function holdsOf(rows: readonly { credits: number }[]): SheetHolds {
  const cents = rows.reduce((sum, row) => sum + Math.round(row.credits * 100), 0);
  return { entries: rows.length, credits: cents / 100 };
}

/** What the sheet's rows of readable answers hold, but for `gone`. */
export function holdsIn(rows: Record<string, string>, gone: ReadonlySet<string>): SheetHolds {
  const kept: { credits: number }[] = [];
  for (const [key, value] of Object.entries(rows)) {
    const meta = isResultKey(key) && !gone.has(key) ? entryMeta(value) : null;
    if (meta) kept.push({ credits: meta.credits ?? 0 });
  }
  return holdsOf(kept);
}

export interface SheetStats {
  /** Readable entries inside their TTL in the sheet (many are in the properties too). */
  entries: number;
  /** Characters (keys and values) of the cache's rows in the sheet, expired ones included. */
  chars: number;
  budgetChars: number;
}

/** The sheet's share of the cache's statistics; adds when each live row was paid to `paidAt`. */
export function sheetStatsOf(
  rows: Record<string, string>,
  budgetChars: number,
  inScope: (key: string) => boolean,
  paidAt: Map<string, number>,
): SheetStats {
  const stats: SheetStats = { entries: 0, chars: 0, budgetChars };
  for (const [key, value] of Object.entries(rows)) {
    if (!isResultKey(key) || !inScope(key)) continue;
    stats.chars += sheetChars(key, value);
    const at = entryMeta(value)?.at;
    if (at === undefined) continue;
    stats.entries++;
    paidAt.set(key, Math.max(at, paidAt.get(key) ?? at));
  }
  return stats;
}
