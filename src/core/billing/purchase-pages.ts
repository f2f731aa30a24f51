// Where rows of the purchase record wait in document properties: at most 8 pages of at most 8 KB (a
// property holds 9 KB), each in a slot `spend:rows:<0-7>` that is written over and never deleted
// (PropertiesService deletes one key a call, 60 ms each), until a context that may write the
// spreadsheet moves them to the hidden ledger sheet (purchase-log.ts) and empties their slots. A
// formula cannot write the sheet, so its purchases wait here. When every slot is full, a booking
// made by an execution that may write the sheet moves the pages there itself (`spills`); only one
// that may not (a formula buying more than the slots hold) folds the oldest half of the pages into
// one row per day, source, operation and outcome (per day and source, if that is still too much):
// their totals stay exact, their details go.
import { utf8Bytes } from '../platform/utf8';
import { parseJsonObject } from '../text/json-text';
import { decodePurchase, encodePurchase, type Purchase } from './purchases';

/** Most UTF-8 bytes of one page: the platform allows 9 KB a value; the rest is margin. */
export const PAGE_BYTES = 8_000;
export const PAGE_SLOTS = 8;
/** The pages' share of the 500 KB store: about 400 purchases wait here at most, in full. */
export const PAGES_BUDGET_BYTES = PAGE_SLOTS * PAGE_BYTES;
/** Days of purchases kept in full for the report; older days keep their totals only. */
export const KEEP_DAYS = 90;
/** An input longer than this is cut in the record (a cell may hold 50,000 characters). */
const MAX_INPUT_CHARS = 300;
/** The operation of a summary row that stands for several operations. */
export const MIXED = '' as Purchase['type'];

export interface Page {
  /** `p<n>`: the ledger's sequence number, never reused, so a page keeps its name in the sheet. */
  id: string;
  /** Its slot in the properties; -1 for a page read from the sheet. */
  slot: number;
  rows: Purchase[];
}

export const pageSeq = (id: string): number => Number(id.slice(1)) || 0;
/** A page's id, `p<n>`: how the ledger sheet's key column is found again after a user's edits. */
export const isPageId = (text: string): boolean => /^p\d+$/.test(text);
const byAge = (a: Page, b: Page): number => pageSeq(a.id) - pageSeq(b.id);

/** A page as its slot holds it: `{"p":"p12","r":[rows…]}`. */
export const pageText = (page: Page): string =>
  `{"p":${JSON.stringify(page.id)},"r":${JSON.stringify(page.rows.map(encodePurchase))}}`;

/** The page a slot (or the sheet) holds; null for an empty slot or anything unreadable. */
export function readPage(slot: number, text: string): Page | null {
  const raw = parseJsonObject(text);
  if (typeof raw?.p !== 'string' || !isPageId(raw.p) || !Array.isArray(raw.r)) return null;
  const rows = raw.r.map(decodePurchase).filter((row): row is Purchase => row !== null);
  if (Array.isArray(raw.g)) for (const grid of raw.g) byGridAgain(rows, grid);
  return rows.length > 0 ? { id: raw.p, slot, rows } : null;
}

/** A `[row, sheet id, cells]` of a page the sheet shows: its row's cell named by the sheet's id again. */
function byGridAgain(rows: Purchase[], grid: unknown): void {
  if (!Array.isArray(grid)) return;
  const [index, id, cells] = grid;
  const row = typeof index === 'number' ? rows[index] : undefined;
  if (row && typeof id === 'number' && typeof cells === 'string') row.served = `#${id}!${cells}`;
}

/**
 * A page as the hidden ledger sheet shows it to a user who unhides it: the cells formulas named by
 * their sheet's id (`#0!B2`) named as `named` words them (`Sheet1!B2`), and the ids kept apart in
 * `g`, `[row, sheet id, cells]`, from which `readPage` names them by id again: a rename followed.
 */
export function pageForSheet(text: string, named: (ref: string) => string): string {
  const page = readPage(-1, text);
  const grids: [number, number, string][] = [];
  const rows = (page?.rows ?? []).map((row, index) => {
    const ref = /^#(\d+)!(.+)$/.exec(row.served ?? '');
    if (!ref) return row;
    grids.push([index, Number(ref[1]), ref[2]!]);
    return { ...row, served: named(row.served!) };
  });
  if (!page || grids.length === 0) return text;
  return `${pageText({ ...page, rows }).slice(0, -1)},"g":${JSON.stringify(grids)}}`;
}

/** A row as it is kept: its input cut to a length a page holds many of. */
function keptRow(row: Purchase): Purchase {
  if (row.input.length <= MAX_INPUT_CHARS) return row;
  return { ...row, input: `${row.input.slice(0, MAX_INPUT_CHARS - 1)}…` };
}

const rowBytes = (row: Purchase) => utf8Bytes(JSON.stringify(encodePurchase(row))) + 1;
const bytesOf = (page: Page) => utf8Bytes(pageText(page));

/** The pages waiting in the slots, and what the ledger writes to keep them. */
export class PageSlots {
  /** Slots to write again (their page changed, or they were emptied). */
  readonly touched = new Set<number>();
  /** Pages taken out of full slots, for the hidden sheet (only when `spills`). */
  readonly spilled: Page[] = [];

  /** `spills`: the booking may write the hidden sheet, so full slots move there, never fold. */
  constructor(
    readonly pages: Map<number, Page>,
    private readonly newId: () => string,
    private spills = false,
  ) {}

  /** Adds rows to the newest page while it has room, then to free slots, folding when none is. */
  append(rows: readonly Purchase[]): void {
    for (const row of rows.map(keptRow)) {
      let page = this.newest();
      if (!page || bytesOf(page) + rowBytes(row) > PAGE_BYTES) page = this.open();
      page.rows.push(row);
      this.touched.add(page.slot);
    }
  }

  /** Drops rows of days before `cutoffDay` (their days' totals stay). */
  dropBefore(cutoffDay: string): void {
    for (const page of [...this.pages.values()]) {
      const kept = page.rows.filter((row) => row.day >= cutoffDay);
      if (kept.length === page.rows.length) continue;
      page.rows = kept;
      this.touched.add(page.slot);
      if (kept.length === 0) this.pages.delete(page.slot);
    }
  }

  /** Empties every slot: their pages are kept elsewhere now. */
  emptyAll(): Page[] {
    const moved = [...this.pages.values()];
    for (const page of moved) this.touched.add(page.slot);
    this.pages.clear();
    return moved;
  }

  /**
   * The spilled pages could not be written to the sheet after all: they are folded as a booking
   * that may not write it would have folded them, and wait in the slots.
   */
  foldSpilled(): void {
    const rows = this.spilled.splice(0).flatMap((page) => page.rows);
    this.spills = false;
    if (rows.length > 0) this.appendSummary(rows);
  }

  /** What to write: each touched slot's page, or '' for one left empty. */
  writes(): [number, string][] {
    return [...this.touched].map((slot) => {
      const page = this.pages.get(slot);
      return [slot, page ? pageText(page) : ''];
    });
  }

  private newest(): Page | undefined {
    const sorted = [...this.pages.values()].sort(byAge);
    return sorted[sorted.length - 1];
  }

  /** A new page in a free slot, after spilling every page, or folding the oldest half, when every slot is taken. */
  private open(): Page {
    if (this.pages.size >= PAGE_SLOTS && this.spills) this.spill();
    else if (this.pages.size >= PAGE_SLOTS) this.fold();
    let slot = 0;
    while (this.pages.has(slot)) slot++;
    const page: Page = { id: this.newId(), slot, rows: [] };
    this.pages.set(slot, page);
    return page;
  }

  private spill(): void {
    this.spilled.push(...[...this.pages.values()].sort(byAge));
    for (const slot of this.pages.keys()) this.touched.add(slot);
    this.pages.clear();
  }

  private fold(): void {
    const oldest = [...this.pages.values()].sort(byAge).slice(0, PAGE_SLOTS / 2);
    for (const page of oldest) {
      this.pages.delete(page.slot);
      this.touched.add(page.slot);
    }
    this.appendSummary(oldest.flatMap((page) => page.rows));
  }

  private appendSummary(rows: readonly Purchase[]): void {
    let summary = summarize(rows, false);
    // Rows already one a day and operation fold further, to one a day and source.
    if (summary.reduce((sum, row) => sum + rowBytes(row), 0) > PAGE_BYTES) summary = summarize(rows, true);
    this.append(summary);
  }
}

/**
 * One row per day, source, operation and outcome (or, `byDay`, per day and source, operation and
 * outcome blank), counting the purchases it stands for. Each day's total stays exact.
 */
export function summarize(rows: readonly Purchase[], byDay: boolean): Purchase[] {
  const groups = new Map<string, Purchase>();
  for (const row of rows) {
    const id = JSON.stringify(byDay ? [row.day, row.source] : [row.day, row.source, row.type, row.outcome]);
    const group = groups.get(id);
    if (!group) {
      const { key: _key, served: _served, job: _job, ...rest } = row;
      groups.set(id, { ...rest, input: '' });
      continue;
    }
    group.cents += row.cents;
    group.twice += row.twice;
    group.count += row.count;
    group.at = Math.min(group.at, row.at);
    if (group.type !== row.type) group.type = MIXED;
    if (group.outcome !== row.outcome) group.outcome = 'paid';
  }
  return [...groups.values()];
}
