// The Bulk run panel's preview: what a run would do, row by row, and what it would cost, before
// anything is spent. Everything from the server is set as text.

import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { columnLetters } from '../../../core/text/cell-refs';
import { creditsText } from '../../../core/text/credits';
import type { BulkPreview } from '../../../shared/bulk-rpc';
import { el, figure, hint } from '../../dom';
import { count, plural } from './text';

/**
 * Where results and row statuses go, by column letter, saying which columns are new. Shared with
 * the recipe's preview, a line per step.
 */
export function destinations(where: Pick<BulkPreview, 'outputColumns' | 'statusColumn'>): string {
  const status = where.statusColumn;
  return BULK_TEXTS.destinations.say(outputsText(where), columnLetters(status.column), status.created);
}

/** The output columns by letter and header, saying which are new: "B (Website, new)". */
export function outputsText(where: Pick<BulkPreview, 'outputColumns'>): string {
  return where.outputColumns
    .map((o) => `${columnLetters(o.column)} (${o.header}${o.created ? ', new' : ''})`)
    .join(', ');
}

/** The rows refused before sending, the first few listed, the rest counted. */
function invalidRows(preview: BulkPreview): HTMLElement | null {
  const list = preview.invalid.map((item) => el('li', {}, BULK_TEXTS.invalidRow.say(item.row, item.message)));
  if (list.length === 0) return null;
  const more = preview.invalidCount - preview.invalid.length;
  return el(
    'details',
    { class: 'bulk-invalid' },
    el('summary', {}, BULK_TEXTS.invalidRows.say(preview.invalidCount)),
    el('ul', {}, ...list),
    more > 0 ? hint(BULK_TEXTS.moreRows.say(plural(more, BULK_TEXTS.moreRow))) : null,
  );
}

/** Rows whose answer is saved (outputs cleared since, or paid by a formula) fill in for free. */
function savedText(cached: number): string {
  return BULK_TEXTS.saved.say(plural(cached, BULK_TEXTS.savedResult), cached);
}

/** What a refresh asked for buys again: its rows, lookups and credits (in the estimate below). */
function refreshText(preview: BulkPreview, ids: string): HTMLElement | null {
  const refresh = preview.refresh;
  if (!refresh) return null;
  const rows = plural(refresh.rows, 'row');
  const what = `${plural(refresh.lookups, 'lookup')} bought again, ${creditsText(refresh.credits)}`;
  return el(
    'div',
    { class: 'figure', id: `${ids}-refresh-figure` },
    el(
      'span',
      {},
      BULK_TEXTS.olderThan.say(plural(refresh.days, 'day'), rows),
      refresh.budget === undefined ? '' : BULK_TEXTS.withinBudget.say(refresh.budget),
    ),
    el('strong', {}, what),
  );
}

/**
 * Columns found by their headers that hold another input's answers: the run writes new ones,
 * and says so before anything is spent. Shared with the recipe's preview.
 */
export function conflictNotes(conflicts: readonly string[]): HTMLElement[] {
  return conflicts.map((text) => el('p', { class: 'warning bulk-conflict' }, text));
}

/**
 * `ids` starts its elements' ids: the Bulk run panel's are `bulk-…`, and the watch offer shows the
 * same view beside it under its own, so no id is in the sidebar twice.
 */
export function previewView(preview: BulkPreview, ids = 'bulk'): HTMLElement {
  const cost = `${preview.estimateIsBound ? BULK_TEXTS.upTo.text : ''}${creditsText(preview.estimatedCredits)}`;
  return el(
    'div',
    { class: 'bulk-numbers' },
    figure(
      'Rows',
      `${count(preview.rows)}${preview.selected ? BULK_TEXTS.selectedRows.say(preview.selected.first, preview.selected.last) : ''}`,
    ),
    figure(BULK_TEXTS.alreadyFilled.text, count(preview.alreadyFilled)),
    preview.notFoundBefore > 0 ? figure(BULK_TEXTS.notFoundBefore.text, count(preview.notFoundBefore)) : null,
    figure(BULK_TEXTS.duplicates.text, count(preview.duplicates)),
    figure(BULK_TEXTS.savedFree.text, count(preview.cached)),
    figure(BULK_TEXTS.invalidInput.text, count(preview.invalidCount)),
    figure('Blank', count(preview.blank)),
    preview.lostResults
      ? el('p', { id: `${ids}-lost`, class: 'warning', role: 'alert' }, preview.lostResults)
      : null,
    figure(BULK_TEXTS.newLookups.text, count(preview.toLookUp)),
    refreshText(preview, ids),
    el(
      'div',
      { class: 'figure bulk-cost' },
      el('span', {}, BULK_TEXTS.estimatedCost.text),
      el('strong', { id: `${ids}-estimate` }, cost),
    ),
    preview.sendingTime
      ? hint(BULK_TEXTS.sendingTakes.say(preview.sendingTime), { id: `${ids}-time` })
      : null,
    preview.cached > 0 ? hint(savedText(preview.cached), { id: `${ids}-saved` }) : null,
    hint(destinations(preview)),
    ...conflictNotes(preview.columnConflicts),
    invalidRows(preview),
  );
}
