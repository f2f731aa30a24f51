// The Bulk run panel's column pickers: each lists the sheet's headers by letter, and a guess from
// the header words picks a likely column for each input, never one already taken.

import type { Operation } from '../../../core/operations/types';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { el } from '../../dom';

/** Header words that suggest which column holds an input, by the operation's input kind. */
const INPUT_HINTS: Record<Operation['input'], RegExp> = {
  person_name: /name/i,
  email: /e-?mail/i,
  person_url: /profile|pronet|url|link/i,
  company_name: /company|organi[sz]ation|account|firm|employer/i,
  company_domain: /domain|website|site/i,
  company_url: /company.*(url|page)|pronet|url/i,
  post_url: /post/i,
  any_identifier: /company|name|domain|identifier/i,
  photonet_handle: /photonet|handle|instagram|user/i,
};

export const NAME_COLUMNS = [
  {
    key: 'company',
    label: BULK_TEXTS.companyColumn.text,
    hint: /company|organi[sz]ation|employer|account/i,
    required: true,
  },
  {
    key: 'location',
    label: BULK_TEXTS.locationColumn.text,
    hint: /location|city|country|region/i,
    required: false,
  },
  { key: 'jobTitle', label: BULK_TEXTS.jobTitleColumn.text, hint: /title|role|position/i, required: false },
] as const;

export type NameColumn = (typeof NAME_COLUMNS)[number];
export type NameSelects = Record<NameColumn['key'], HTMLSelectElement>;

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Lists the headers as options, keeping the choice made when that column is still there. */
export function columnOptions(
  select: HTMLSelectElement,
  headers: readonly string[],
  optional: boolean,
): void {
  const chosen = select.value;
  select.replaceChildren(
    ...(optional ? [el('option', { value: '' }, '(none)')] : []),
    ...headers.map((header, i) =>
      el('option', { value: String(i + 1) }, `${columnLetters(i + 1)}: ${header || '(no header)'}`),
    ),
  );
  if (chosen && [...select.options].some((o) => o.value === chosen)) select.value = chosen;
}

function guess(
  select: HTMLSelectElement,
  headers: readonly string[],
  hint: RegExp,
  taken: ReadonlySet<string>,
): void {
  const index = headers.findIndex((header, i) => hint.test(header) && !taken.has(String(i + 1)));
  if (index >= 0) select.value = String(index + 1);
}

/** Guesses the input column and, for a name lookup, the company, location and job title columns. */
export function guessColumns(
  op: Operation,
  headers: readonly string[],
  input: HTMLSelectElement,
  nameSelects: NameSelects,
): void {
  guess(input, headers, INPUT_HINTS[op.input], new Set());
  if (op.input !== 'person_name') return;
  const taken = new Set([input.value]);
  for (const column of NAME_COLUMNS) {
    const select = nameSelects[column.key];
    guessNameColumn(select, column, headers, taken);
    if (select.value) taken.add(select.value);
  }
}

function guessNameColumn(
  select: HTMLSelectElement,
  column: NameColumn,
  headers: readonly string[],
  taken: ReadonlySet<string>,
): void {
  if (select.value === '' || taken.has(select.value)) guess(select, headers, column.hint, taken);
  // Never a column already used: the company (required) takes the first free one instead.
  if (taken.has(select.value)) {
    const free = column.required
      ? [...select.options].find((option) => option.value !== '' && !taken.has(option.value))
      : undefined;
    select.value = free?.value ?? '';
  }
}
