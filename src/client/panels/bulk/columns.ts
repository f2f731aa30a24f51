// The Bulk run panel's column pickers: each lists the sheet's headers by letter, and defaults to
// the column whose header names its input (core/bulk/column-guess.ts), never one already taken;
// a choice the user made stays while its column is free.

import { type ColumnRole, guessColumn } from '../../../core/bulk/column-guess';
import type { Operation } from '../../../core/operations/types';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { columnLetters } from '../../../core/text/cell-refs';
import { el } from '../../dom';

/** A name lookup's other columns; `word` is what "Choose the … column." names while it is not chosen. */
export const NAME_COLUMNS = [
  { key: 'company', word: 'Company', label: BULK_TEXTS.companyColumn.text, required: true },
  { key: 'location', label: BULK_TEXTS.locationColumn.text, required: false },
  { key: 'jobTitle', label: BULK_TEXTS.jobTitleColumn.text, required: false },
] as const;

export type NameColumn = (typeof NAME_COLUMNS)[number];
export type NameSelects = Record<NameColumn['key'], HTMLSelectElement>;

/**
 * Lists the headers as options, keeping the choice made when that column is still there. Before
 * them, "(none)" for an optional input, or a required one's "(choose a column)", its value while
 * no header names its input.
 */
export function columnOptions(
  select: HTMLSelectElement,
  headers: readonly string[],
  optional: boolean,
): void {
  const chosen = select.value;
  select.replaceChildren(
    el('option', { value: '' }, optional ? '(none)' : BULK_TEXTS.noColumnYet.text),
    ...headers.map((header, i) =>
      el('option', { value: String(i + 1) }, `${columnLetters(i + 1)}: ${header || '(no header)'}`),
    ),
  );
  if (chosen && [...select.options].some((o) => o.value === chosen)) select.value = chosen;
}

/** The user's own choice while its column is free, else the header's guess, else no column. */
function pick(
  select: HTMLSelectElement,
  headers: readonly string[],
  role: ColumnRole,
  taken: Set<number>,
): void {
  const own = select.dataset.chosen === 'user' && select.value !== '' ? Number(select.value) : null;
  const column = own !== null && !taken.has(own) ? own : guessColumn(headers, role, taken);
  select.value = column === null ? '' : String(column);
  if (column !== null) taken.add(column);
}

/** Defaults the input column and, for a name lookup, the company, location and job title columns. */
export function guessColumns(
  op: Operation,
  headers: readonly string[],
  input: HTMLSelectElement,
  nameSelects: NameSelects,
): void {
  const taken = new Set<number>();
  pick(input, headers, op.input, taken);
  if (op.input !== 'person_name') return;
  for (const column of NAME_COLUMNS) pick(nameSelects[column.key], headers, column.key, taken);
}

/** A column picker the user changed keeps their choice (`guessColumns`). */
export function markChosen(target: EventTarget | null): void {
  if (target instanceof HTMLSelectElement) target.dataset.chosen = 'user';
}
