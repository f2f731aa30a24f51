// Buy again as a refresh within a budget (issue 41): the selection's formulas' lookups, bought again
// oldest saved answer first (one never saved counts oldest) while the budget pays, and what the new
// answers changed. The formulas show them free once entered again (server/receipt-api.ts).
import type { RefreshCounts } from '../../shared/bulk-rpc';
import type { CachedAnswer } from '../cache/entries';
import type { LookupResult } from '../lookup/items';
import { withWasLine } from '../text/catalogue/refresh';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { type CellAt, parseCellRef } from '../text/cell-refs';
import { priceOf, type SelectedLookup } from './selection';

/** The lookups `budget` pays for, the oldest saved answers first; throws when it pays for none. */
export function oldestWithin(
  lookups: readonly SelectedLookup[],
  saved: ReadonlyMap<string, CachedAnswer>,
  budget: number,
): SelectedLookup[] {
  const at = (lookup: SelectedLookup) => saved.get(lookup.key)?.at ?? Number.NEGATIVE_INFINITY;
  const ordered = [...lookups].sort((a, b) => at(a) - at(b));
  let left = budget;
  const taken = ordered.filter((lookup) => {
    const { credits } = priceOf([lookup]);
    if (credits > left + 1e-9) return false;
    left -= credits;
    return true;
  });
  if (taken.length === 0)
    throw refuse('receipt', 'budgetBuysNothing', budget, priceOf(ordered.slice(0, 1)).credits);
  return taken;
}

/** Whether each answer bought again changed, stayed the same, or is now not found, by key. */
export function refreshChanges(
  saved: ReadonlyMap<string, CachedAnswer>,
  results: ReadonlyMap<string, LookupResult>,
): Map<string, keyof RefreshCounts> {
  const changes = new Map<string, keyof RefreshCounts>();
  for (const [key, result] of results) {
    if ((result.kind !== 'found' && result.kind !== 'miss') || result.cached) continue;
    const before = saved.get(key);
    const now = result.kind === 'found' ? JSON.stringify(result.result) : null;
    const was = before?.kind === 'found' ? JSON.stringify(before.result) : null;
    changes.set(key, now === was ? 'same' : now === null ? 'notFound' : 'changed');
  }
  return changes;
}

export function countChanges(changes: ReadonlyMap<string, keyof RefreshCounts>): RefreshCounts {
  const counts: RefreshCounts = { changed: 0, same: 0, notFound: 0 };
  for (const change of changes.values()) counts[change]++;
  return counts;
}

/** The selection as it was before the refresh: where it starts, what its cells showed, their notes. */
export interface ShownArea {
  sheet: string;
  from: CellAt;
  shown: string[][];
  notes: string[][];
}

/**
 * The selection's notes once each cell showing an answer that changed (or is now not found) says
 * what it showed until `day` (text/catalogue/refresh.ts); null when no cell changed.
 */
export function notedChanges(
  lookups: readonly SelectedLookup[],
  changes: ReadonlyMap<string, keyof RefreshCounts>,
  area: ShownArea,
  day: string,
): string[][] | null {
  const notes = area.notes.map((row) => [...row]);
  let noted = false;
  for (const lookup of lookups) {
    const at = parseCellRef(lookup.served);
    const change = changes.get(lookup.key);
    if (!at || at.sheet !== area.sheet || change === undefined || change === 'same') continue;
    const row = at.cell.row - area.from.row;
    const column = at.cell.column - area.from.column;
    const shown = area.shown[row]?.[column];
    if (shown === undefined) continue;
    notes[row]![column] = withWasLine(notes[row]![column] ?? '', shown, day);
    noted = true;
  }
  return noted ? notes : null;
}
