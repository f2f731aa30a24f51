// What an operation is: the kinds of input, result shape, options and pricing every row of the
// operations table (table.ts) is made of.

import type { OperationType } from '../../shared/operation-type';

/** What `input_data` must hold. Validation in request.ts is chosen by this. */
export type InputKind =
  | 'person_name' // full name + company (+ location, job title), space-joined
  | 'email'
  | 'person_url' // pronet /in/<slug>
  | 'company_name'
  | 'company_domain'
  | 'company_url' // pronet /company/<slug>
  | 'post_url' // pronet /posts/... or /feed/update/...
  | 'any_identifier'
  | 'photonet_handle';

/** Optional request fields; only the employee-list operations take them. */
export type OptionName = 'department' | 'seniority' | 'employee_count';

/**
 * How a result is shown.
 * - scalar: one value in the cell (an email, a URL, a count).
 * - record: one object; `[field]` picks a field, otherwise a row of `fields`.
 * - list: an array of objects, spilled as a table with a header row.
 * - employees: too big for a cell; delivered to a new sheet by the job collector.
 */
export type ResultShape = 'scalar' | 'record' | 'list' | 'employees';

export type Group = 'people' | 'companies' | 'social';

export type Pricing = { kind: 'flat'; credits: number } | { kind: 'per_employee'; credits: number };

/** A custom function argument after the main input. */
export type ExtraParam = 'company' | 'field' | 'department' | 'seniority' | 'max';

export interface Operation {
  readonly type: OperationType;
  readonly functionName: string;
  readonly label: string;
  readonly group: Group;
  readonly pricing: Pricing;
  /** `async` answers 202 always; any operation may still answer 202 under load. */
  readonly mode: 'sync' | 'async';
  readonly input: InputKind;
  /** Name of the first custom-function argument, shown by Sheets' argument help. */
  readonly inputParam: string;
  readonly extraParams: readonly ExtraParam[];
  readonly options: readonly OptionName[];
  readonly shape: ResultShape;
  /** Field names that may hold the primary value, most likely first (the API mixes naming styles). */
  readonly primary: readonly string[];
  /** The main fields shown in a row (record) or as columns (list, employees). */
  readonly fields: readonly string[];
}
