// What a formula could not look up in its 30 s, recorded where the add-on's own executions find it.
// One small record per formula, in document properties, keyed by its cell: the inputs themselves
// are not stored (5,000 of them would outgrow the store's 500 KB), they are read again from the
// formula's own argument cells by the driver that finishes the work.
import type { BatchStorePort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { DAY_MS } from '../platform/time';
import { parseJsonObject } from '../text/json-text';

export interface QueuedFormula {
  sheet: string;
  /** The sheet's id (Sheet.getSheetId), which a rename keeps; absent in records of older versions. */
  sheetId?: number;
  /** The formula's cell (its anchor, for a range formula). */
  a1: string;
  /** The formula's text when it queued: one the user changed meanwhile is never rewritten. */
  formula: string;
  /** Distinct lookups it left unsent. */
  left: number;
  /** When it first queued them. */
  since: number;
  /** The account (a hash of the key): another key's drivers leave it alone. */
  scope: string;
  /** Which execution last worked on it: 'formula', or a driver ('edit', 'open', 'sidebar', 'clock', 'menu'). */
  by: string;
  /**
   * Set when something outside the formula ended its work (the key was replaced): what its rows
   * say when the formula, entered again, runs once more. It then removes the record.
   */
  ended?: string;
  /**
   * The day whose formula budget stopped its buying: no driver buys for it until the day turns
   * (its rows say the budget is reached, which is true till then); the hourly check then does.
   */
  budgetDay?: string;
}

const PREFIX = PROPERTY_PREFIX.queuedFormula;
/** A record nobody finished in a week is dropped: its formula was surely edited or abandoned. */
const FORGET_AFTER_MS = 7 * DAY_MS;

export const queueKey = (sheet: string, a1: string) => `${PREFIX}${sheet}!${a1}`;

/** A record as `saveQueued` wrote it; null for anything else. */
export function parseQueued(text: string | undefined): QueuedFormula | null {
  const record = parseJsonObject(text) as QueuedFormula | null;
  return typeof record?.sheet === 'string' &&
    typeof record.a1 === 'string' &&
    typeof record.formula === 'string'
    ? record
    : null;
}

/**
 * The queued formulas of the account `scope` (of every account: `null`), oldest first; records too
 * old to matter are left out.
 */
export function readQueue(all: Record<string, string>, scope: string | null, now: number): QueuedFormula[] {
  const found: QueuedFormula[] = [];
  for (const [name, text] of Object.entries(all)) {
    if (!name.startsWith(PREFIX)) continue;
    const record = parseQueued(text);
    const ours = record && (scope === null || record.scope === scope);
    if (ours && !record.ended && now - record.since < FORGET_AFTER_MS) found.push(record);
  }
  return found.sort((a, b) => a.since - b.since);
}

/** Records (or updates) a formula's queued lookups, keeping when it first queued. */
export function saveQueued(
  store: BatchStorePort,
  record: QueuedFormula,
  before?: QueuedFormula | null,
): void {
  const since =
    before && before.formula === record.formula ? Math.min(before.since, record.since) : record.since;
  store.setMany({ [queueKey(record.sheet, record.a1)]: JSON.stringify({ ...record, since }) });
}

export function removeQueued(
  store: BatchStorePort,
  records: readonly Pick<QueuedFormula, 'sheet' | 'a1'>[],
): void {
  if (records.length > 0) store.removeMany(records.map((record) => queueKey(record.sheet, record.a1)));
}

/** Writes the records again with `change` (`ended`: no driver finishes them, and each formula says it once). */
export function updateQueued(
  store: BatchStorePort,
  records: readonly QueuedFormula[],
  change: Partial<QueuedFormula>,
): void {
  const updated: Record<string, string> = {};
  for (const record of records)
    updated[queueKey(record.sheet, record.a1)] = JSON.stringify({ ...record, ...change });
  if (records.length > 0) store.setMany(updated);
}

/** Whether any record in `all` was ended: a formula looks for its own cell only then. */
export function anyEnded(all: Record<string, string>): boolean {
  for (const [name, text] of Object.entries(all))
    if (name.startsWith(PREFIX) && text.includes('"ended"') && parseQueued(text)?.ended) return true;
  return false;
}
