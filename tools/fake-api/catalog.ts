// The fake API's own list of the 19 operations, written from the operation table and the Limits of
// docs/api-spec.md. It shares nothing with the add-on's table
// (src/core/operations/table.ts) on purpose: the fake is the tests' independent oracle, so a wrong price
// or mode in the add-on must meet a fake that disagrees with it, not one that copies it.

/** What `input_data` holds, per the spec's "input_data holds" column. */
export type InputKind =
  | 'person_name' // full name and company, space-joined
  | 'email'
  | 'person_url' // a person profile URL on pronet
  | 'company_name'
  | 'company_domain' // a domain, not a name
  | 'company_url' // a company page URL on pronet
  | 'post_url' // a post URL on pronet
  | 'any_identifier'
  | 'photonet_handle'; // a handle or profile URL

/** The optional request fields; the spec allows them on employee-list operations only. */
export type OptionName = 'department' | 'seniority' | 'employee_count';

/** Flat credits per answered call, or 0.5 per employee returned (spec, Limits). */
export type Price =
  | { readonly per: 'call'; readonly credits: number }
  | { readonly per: 'employee'; readonly credits: number };

/**
 * What this fake answers in `result` (the spec leaves the shapes unshown; docs/api-behaviour.md says
 * the real API mixes them): a bare string, a bare number, one object, or an array of objects.
 */
export type Answer = 'text' | 'number' | 'record' | 'reactions' | 'employees';

interface Row {
  readonly price: Price;
  readonly input: InputKind;
  /** `async` always answers 202; a `sync` one answers 202 only under load. */
  readonly mode: 'sync' | 'async';
  readonly options: readonly OptionName[];
  readonly answers: Answer;
}

const sync = (credits: number, input: InputKind, answers: Answer): Row => ({
  price: { per: 'call', credits },
  input,
  mode: 'sync',
  options: [],
  answers,
});

const employeeList = (input: InputKind): Row => ({
  price: { per: 'employee', credits: 0.5 },
  input,
  mode: 'async',
  options: ['department', 'seniority', 'employee_count'],
  answers: 'employees',
});

/** In the spec's order. */
const ROWS = {
  lead_full_name_to_pronet_url: sync(1, 'person_name', 'text'),
  email_to_pronet_url: sync(5, 'email', 'record'),
  pronet_profile_to_email: sync(10, 'person_url', 'record'),
  pronet_profile_to_phone: sync(50, 'person_url', 'record'),
  pronet_profile_to_pronet_info: { ...sync(10, 'person_url', 'record'), mode: 'async' },
  lead_full_name_to_email: sync(7, 'person_name', 'text'),
  company_name_to_website: sync(1, 'company_name', 'text'),
  company_name_to_email: sync(1, 'company_name', 'record'),
  company_name_to_phone: sync(1, 'company_name', 'record'),
  company_name_to_pronet_url: sync(1, 'company_name', 'text'),
  company_name_to_employee_count: sync(1, 'company_name', 'number'),
  company_name_to_employees: employeeList('company_name'),
  company_domain_to_employees: employeeList('company_domain'),
  pronet_company_to_pronet_info: sync(6, 'company_url', 'record'),
  pronet_company_to_employee_count: sync(1, 'company_url', 'number'),
  pronet_company_to_employees: employeeList('company_url'),
  pronet_post_to_reactions: sync(1, 'post_url', 'reactions'),
  b2b_data_lookup: sync(1, 'any_identifier', 'record'),
  photonet_lookup: sync(1, 'photonet_handle', 'record'),
} satisfies Record<string, Row>;

export type OperationType = keyof typeof ROWS;

export interface FakeOperation extends Row {
  readonly type: OperationType;
}

export const FAKE_OPERATIONS: readonly FakeOperation[] = Object.entries(ROWS).map(([type, row]) => ({
  type: type as OperationType,
  ...row,
}));

const BY_TYPE = new Map<string, FakeOperation>(FAKE_OPERATIONS.map((op) => [op.type, op]));

/** The operation a request's `type` names, or undefined for an unknown one (a 422). */
export function operationOf(type: string): FakeOperation | undefined {
  return BY_TYPE.get(type);
}

/** What an answered call costs: the flat price whatever the answer, or per employee returned. */
export function creditsFor(op: FakeOperation, result: unknown): number {
  if (op.price.per === 'call') return op.price.credits;
  return (Array.isArray(result) ? result.length : 0) * op.price.credits;
}
