// Where rows of the purchase record wait in document properties: pages of at most 8 KB (a property
// holds 9 KB), `spend:rows:p<n>`, until a context that may write the spreadsheet moves them to the
// hidden ledger sheet (purchase-log.ts). A formula cannot write the sheet, so its purchases wait
// here; the pages' share of the store is bounded, and past it the oldest rows are folded into one
// row per day, source, operation and outcome: their totals stay exact, their details go.
import { utf8Bytes } from '../cache/property-layout';
import { decodeRows, encodePurchase, encodeRows, type Purchase } from './purchases';

/** Most UTF-8 bytes of one page: the platform allows 9 KB a value; the rest is margin. */
export const PAGE_BYTES = 8_000;
/** The pages' share of the 500 KB store: about 400 purchases wait here at most, in full. */
export const PAGES_BUDGET_BYTES = 64_000;
/** Days of purchases kept in full for the report; older days keep their totals only. */
export const KEEP_DAYS = 90;
/** An input longer than this is cut in the record (a cell may hold 50,000 characters). */
const MAX_INPUT_CHARS = 300;

/** The operation of a summary row that stands for several operations. */
export const MIXED = '' as Purchase['type'];

export interface Page {
  /** `p<n>`: the ledger's sequence number, never reused, so a page keeps its name in the sheet. */
  id: string;
  rows: Purchase[];
}

export const pageSeq = (id: string): number => Number(id.slice(1)) || 0;
export const byAge = (a: Page, b: Page): number => pageSeq(a.id) - pageSeq(b.id);

export const pageText = (page: Page): string => encodeRows(page.rows);

export function readPage(id: string, text: string): Page {
  return { id, rows: decodeRows(text) };
}

/** A row as it is kept: its input cut to a length a page can hold many of. */
export function keptRow(row: Purchase): Purchase {
  if (row.input.length <= MAX_INPUT_CHARS) return row;
  return { ...row, input: `${row.input.slice(0, MAX_INPUT_CHARS - 1)}…` };
}

/**
 * Splits rows into pieces whose JSON is at most a page: for the items of a reservation, which are
 * written together and read back together.
 */
export function paginate(rows: readonly Purchase[]): string[] {
  const pieces: string[] = [];
  let current: unknown[] = [];
  let bytes = 2;
  for (const row of rows) {
    const encoded = encodePurchase(keptRow(row));
    const size = utf8Bytes(JSON.stringify(encoded)) + 1;
    if (current.length > 0 && bytes + size > PAGE_BYTES) {
      pieces.push(JSON.stringify(current));
      current = [];
      bytes = 2;
    }
    current.push(encoded);
    bytes += size;
  }
  if (current.length > 0) pieces.push(JSON.stringify(current));
  return pieces;
}

/**
 * Adds rows to the newest page while it has room, then to new pages named by `newId`. Answers the
 * pages changed (to write).
 */
export function appendRows(pages: Map<string, Page>, rows: readonly Purchase[], newId: () => string): Page[] {
  const changed = new Map<string, Page>();
  const sorted = [...pages.values()].sort(byAge);
  let last: Page | undefined = sorted[sorted.length - 1];
  let bytes = last ? utf8Bytes(pageText(last)) : 0;
  for (const row of rows.map(keptRow)) {
    const size = utf8Bytes(JSON.stringify(encodePurchase(row))) + 1;
    if (!last || bytes + size > PAGE_BYTES) {
      last = { id: newId(), rows: [] };
      pages.set(last.id, last);
      bytes = 2;
    }
    last.rows.push(row);
    bytes += size;
    changed.set(last.id, last);
  }
  return [...changed.values()];
}

/** What folding leaves: pages to write again and pages to delete. */
export interface Folded {
  changed: Page[];
  removed: string[];
}

/**
 * Keeps the pages inside their budget and their days: rows older than KEEP_DAYS before `cutoffDay`
 * go (the day totals keep them); past the budget, the oldest pages are folded into summary rows,
 * written as one new page.
 */
export function tidyPages(pages: Map<string, Page>, cutoffDay: string, newId: () => string): Folded {
  const folded: Folded = { changed: [], removed: [] };
  for (const page of [...pages.values()]) {
    const kept = page.rows.filter((row) => row.day >= cutoffDay);
    if (kept.length === page.rows.length) continue;
    if (kept.length === 0) {
      pages.delete(page.id);
      folded.removed.push(page.id);
    } else {
      page.rows = kept;
      folded.changed.push(page);
    }
  }
  const ordered = [...pages.values()].sort(byAge);
  let total = ordered.reduce((sum, page) => sum + utf8Bytes(pageText(page)), 0);
  const oldest: Page[] = [];
  // Past the budget, the oldest pages down to half of it: a burst of purchases then does not fold
  // again at every write.
  if (total > PAGES_BUDGET_BYTES) {
    while (total > PAGES_BUDGET_BYTES / 2 && ordered.length > 0) {
      const page = ordered.shift()!;
      oldest.push(page);
      total -= utf8Bytes(pageText(page));
    }
  }
  if (oldest.length === 0) return folded;
  for (const page of oldest) {
    pages.delete(page.id);
    folded.removed.push(page.id);
  }
  folded.changed = folded.changed.filter((page) => pages.has(page.id));
  const rows = oldest.flatMap((page) => page.rows);
  let summary = summarize(rows, false);
  // Rows that are already one a day and operation fold further, to one a day and source.
  if (utf8Bytes(encodeRows(summary)) > PAGES_BUDGET_BYTES / 4) summary = summarize(rows, true);
  folded.changed.push(...appendRows(pages, summary, newId));
  return folded;
}

/**
 * One row per day, source, operation and outcome (or, `byDay`, per day and source, the operation
 * and outcome blank), counting the purchases it stands for. Each day's total stays exact.
 */
export function summarize(rows: readonly Purchase[], byDay: boolean): Purchase[] {
  const groups = new Map<string, Purchase>();
  for (const row of rows) {
    const id = JSON.stringify(byDay ? [row.day, row.source] : [row.day, row.source, row.type, row.outcome]);
    const group = groups.get(id);
    if (group) {
      group.cents += row.cents;
      group.twice += row.twice;
      group.count += row.count;
      group.at = Math.min(group.at, row.at);
      if (group.type !== row.type) group.type = MIXED;
      if (group.outcome !== row.outcome) group.outcome = 'paid';
    } else {
      const { key: _key, served: _served, job: _job, ...rest } = row;
      groups.set(id, { ...rest, input: '' });
    }
  }
  return [...groups.values()];
}
