// The record of purchases as a whole: pages kept in the hidden ledger sheet (a row a page, named by
// the page's id), plus the pages still waiting in document properties, plus what the open
// reservations will be booked as. Pages move to the sheet from contexts that may write it (the
// sidebar, a bulk slice, a collector's driver finishing queued formulas; a booking that finds the
// slots full, ledger.ts), under the document lock, so that no booking appends to a page while
// it moves; a page written to the sheet twice (a kill before its slot was emptied) is one row, and
// the properties' copy, which may have grown since, wins on reading.
import { BUSY, tryWithLock } from '../platform/locked-section';
import type { SheetStorePort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import type { BudgetDeps } from './budget';
import { addDays } from './days';
import { LedgerChanges, readLedger } from './ledger';
import { KEEP_DAYS, type Page, pageSeq, pageText, readPage } from './purchase-pages';
import type { Purchase } from './purchases';
import type { OutcomeResolver } from './reservation';
import { settledView } from './summary';

/** The ledger's ports, with the hidden ledger sheet the pages move to. */
type PurchaseLogPorts = Pick<BudgetDeps, 'store' | 'lock'> & { sheet: SheetStorePort };

/** A move waits this long for the lock: the sidebar's call can try again next time. */
const MOVE_LOCK_WAIT_MS = 3_000;
/** About every this many pages moved, the sheet's pages older than the report needs are deleted. */
const PRUNE_EVERY_PAGES = 20;

const hasWaitingPages = (all: Record<string, string>) =>
  Object.entries(all).some(([key, value]) => key.startsWith(PROPERTY_PREFIX.spendRows) && value !== '');

/**
 * Moves the pages waiting in document properties into the hidden sheet; answers how many moved
 * (0 also when the lock was busy: they wait for the next call). `all` is a snapshot the caller
 * read already, when it has one: nothing waiting costs no lock.
 */
export function keepPurchases(ports: PurchaseLogPorts, today: string, all?: Record<string, string>): number {
  if (!ports.sheet.canWrite || !hasWaitingPages(all ?? ports.store.getAll())) return 0;
  const moved = tryWithLock(ports.lock, MOVE_LOCK_WAIT_MS, () => {
    const changes = new LedgerChanges(readLedger(ports.store.getAll()));
    const pages = changes.takePages();
    if (pages.length === 0) return pages;
    ports.sheet.writeMany(Object.fromEntries(pages.map((page) => [page.id, pageText(page)])));
    changes.commit(ports.store);
    return pages;
  });
  if (moved === BUSY) return 0;
  // Page numbers share their sequence with reservations: about one page in twenty lands on a
  // multiple of twenty, so the sheet is read whole that rarely, not at every move.
  if (moved.some((page) => pageSeq(page.id) % PRUNE_EVERY_PAGES === 0))
    prunePurchaseSheet(ports.sheet, ports.sheet.readAll(), today);
  return moved.length;
}

/** Deletes the sheet's pages whose every purchase is older than the report needs. */
export function prunePurchaseSheet(sheet: SheetStorePort, rows: Record<string, string>, today: string): void {
  if (!sheet.canWrite) return;
  const cutoff = addDays(today, -KEEP_DAYS);
  const old = Object.entries(rows)
    .filter(([, text]) => (readPage(-1, text)?.rows ?? []).every((row) => row.day < cutoff))
    .map(([id]) => id);
  if (old.length > 0) sheet.removeMany(old);
}

/**
 * Every purchase kept, oldest first: the sheet's pages (`sheetRows`, one read of it), the waiting
 * pages and the open reservations as they will be booked, from one snapshot of the properties.
 */
export function purchaseRecord(
  all: Record<string, string>,
  sheetRows: Record<string, string>,
  today: string,
  now: number,
  resolve?: OutcomeResolver,
): Purchase[] {
  const pages = new Map<string, Page>();
  for (const text of Object.values(sheetRows)) {
    const page = readPage(-1, text);
    if (page) pages.set(page.id, page);
  }
  for (const page of settledView(all, today, now, resolve).pages.values()) pages.set(page.id, page);
  // Pages in the order they were written, then rows by time: purchases at one instant keep their order.
  const ordered = [...pages.values()].sort((a, b) => pageSeq(a.id) - pageSeq(b.id));
  return ordered.flatMap((page) => page.rows).sort((a, b) => a.at - b.at);
}
