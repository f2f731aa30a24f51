// The API's operations as the spec states them (../shared/spec/enrichment-api-spec.md: the
// operations table and Limits), written here on their own. The fake charges from this list and
// never from the add-on's table, so a wrong price in the add-on is caught by the tests instead of
// being charged, budgeted and asserted consistently.

export type FakeOperationType =
  | 'lead_full_name_to_pronet_url'
  | 'email_to_pronet_url'
  | 'pronet_profile_to_email'
  | 'pronet_profile_to_phone'
  | 'pronet_profile_to_pronet_info'
  | 'lead_full_name_to_email'
  | 'company_name_to_website'
  | 'company_name_to_email'
  | 'company_name_to_phone'
  | 'company_name_to_pronet_url'
  | 'company_name_to_employee_count'
  | 'company_name_to_employees'
  | 'company_domain_to_employees'
  | 'pronet_company_to_pronet_info'
  | 'pronet_company_to_employee_count'
  | 'pronet_company_to_employees'
  | 'pronet_post_to_reactions'
  | 'b2b_data_lookup'
  | 'photonet_lookup';

/** What `input_data` holds, per the spec's "input_data holds" column. */
export type FakeInputKind =
  | 'person_name'
  | 'email'
  | 'person_url'
  | 'company_name'
  | 'company_domain'
  | 'company_url'
  | 'post_url'
  | 'any_identifier'
  | 'photonet_handle';

export type FakeOptionName = 'department' | 'seniority' | 'employee_count';

export interface FakeOperation {
  readonly type: FakeOperationType;
  readonly input: FakeInputKind;
  /** 'async' always answers 202 (the spec's Mode column); any operation may under load. */
  readonly mode: 'sync' | 'async';
  /** Flat credits a call, or, for the employee lists, credits per employee returned. */
  readonly credits: number;
  readonly perEmployee: boolean;
}

const flat = (type: FakeOperationType, input: FakeInputKind, credits: number): FakeOperation => ({
  type,
  input,
  mode: 'sync',
  credits,
  perEmployee: false,
});
const employees = (type: FakeOperationType, input: FakeInputKind): FakeOperation => ({
  type,
  input,
  mode: 'async',
  credits: 0.5,
  perEmployee: true,
});

export const FAKE_OPERATIONS: readonly FakeOperation[] = [
  flat('lead_full_name_to_pronet_url', 'person_name', 1),
  flat('email_to_pronet_url', 'email', 5),
  flat('pronet_profile_to_email', 'person_url', 10),
  flat('pronet_profile_to_phone', 'person_url', 50),
  { ...flat('pronet_profile_to_pronet_info', 'person_url', 10), mode: 'async' },
  flat('lead_full_name_to_email', 'person_name', 7),
  flat('company_name_to_website', 'company_name', 1),
  flat('company_name_to_email', 'company_name', 1),
  flat('company_name_to_phone', 'company_name', 1),
  flat('company_name_to_pronet_url', 'company_name', 1),
  flat('company_name_to_employee_count', 'company_name', 1),
  employees('company_name_to_employees', 'company_name'),
  employees('company_domain_to_employees', 'company_domain'),
  flat('pronet_company_to_pronet_info', 'company_url', 6),
  flat('pronet_company_to_employee_count', 'company_url', 1),
  employees('pronet_company_to_employees', 'company_url'),
  flat('pronet_post_to_reactions', 'post_url', 1),
  flat('b2b_data_lookup', 'any_identifier', 1),
  flat('photonet_lookup', 'photonet_handle', 1),
];

const BY_TYPE = new Map(FAKE_OPERATIONS.map((op) => [op.type as string, op]));

export function fakeOperation(type: string): FakeOperation | undefined {
  return BY_TYPE.get(type);
}

/** The optional request fields only the employee-list operations accept. */
export const OPTION_NAMES: readonly FakeOptionName[] = ['department', 'seniority', 'employee_count'];

/** What a call costs: flat whatever the answer (a miss included), or per employee returned. */
export function fakeCharge(op: FakeOperation, employeesReturned: number): number {
  return op.perEmployee ? op.credits * employeesReturned : op.credits;
}
