// THE table of operations. Custom function names, validation, cost previews and sidebar menus
// all derive from it: adding an operation is one row here and its words in docs.ts
// (which the compiler asks for). The fake API keeps its own list, written from the spec, so that
// tests check this table instead of repeating it (fake-api/catalog.ts).
import { OPERATION_LABELS } from '../text/catalogue/operation-docs';
import type { Group, InputKind, Operation, Pricing } from './types';

/** What the three employee-list operations share; they differ only in what finds the company. */
const EMPLOYEE_LIST = {
  pricing: { kind: 'per_employee', credits: 0.5 },
  mode: 'async',
  extraParams: ['department', 'seniority', 'max'],
  options: ['department', 'seniority', 'employee_count'],
  shape: 'employees',
  primary: ['full_name', 'name'],
  fields: ['full_name', 'job_title', 'department', 'seniority', 'location', 'pronet_url'],
} as const satisfies Partial<Operation>;

const flat = (credits: number): Pricing => ({ kind: 'flat', credits });

/** The first argument's name, which Sheets' argument help shows: the same for every operation of a kind. */
const INPUT_PARAMS: Readonly<Record<InputKind, string>> = {
  person_name: 'full_name',
  email: 'email',
  person_url: 'profile_url',
  company_name: 'name',
  company_domain: 'domain',
  company_url: 'company_url',
  post_url: 'post_url',
  any_identifier: 'identifier',
  photonet_handle: 'handle_or_url',
};

type Defaulted = 'mode' | 'extraParams' | 'options' | 'shape' | 'pricing' | 'fields';

/** A row of the table as written: what the group and the defaults below do not say. */
type Row = Omit<Operation, Defaulted | 'label' | 'inputParam' | 'group'> &
  Partial<Pick<Operation, Defaulted>>;

/**
 * The rows of one group, in the sidebar's order. Most operations answer at once with one value from
 * one input for 1 credit: a row says only how it differs. A one-value answer shows its first primary
 * field. Its label is its type's, in the catalogue's words, and its first argument is named by its
 * input kind.
 */
const inGroup = (group: Group, rows: readonly Row[]): Operation[] =>
  rows.map((op) => ({
    mode: 'sync',
    extraParams: [],
    options: [],
    shape: 'scalar',
    pricing: flat(1),
    fields: op.primary.slice(0, 1),
    ...op,
    group,
    label: OPERATION_LABELS[op.type],
    inputParam: INPUT_PARAMS[op.input],
  }));

export const OPERATIONS: readonly Operation[] = [
  ...inGroup('people', [
    {
      type: 'lead_full_name_to_pronet_url',
      functionName: 'PRONET_URL_FROM_NAME',
      input: 'person_name',
      extraParams: ['company'],
      primary: ['pronet_url', 'profile_url', 'url'],
    },
    {
      type: 'email_to_pronet_url',
      functionName: 'PRONET_URL_FROM_EMAIL',
      pricing: flat(5),
      input: 'email',
      primary: ['pronet_url', 'profile_url', 'url'],
    },
    {
      type: 'pronet_profile_to_email',
      functionName: 'PRONET_EMAIL',
      pricing: flat(10),
      input: 'person_url',
      primary: ['email', 'work_email', 'emails'],
    },
    {
      type: 'pronet_profile_to_phone',
      functionName: 'PRONET_PHONE',
      pricing: flat(50),
      input: 'person_url',
      primary: ['phone', 'mobile_phone', 'phones'],
    },
    {
      type: 'pronet_profile_to_pronet_info',
      functionName: 'PRONET_PROFILE',
      pricing: flat(10),
      mode: 'async',
      input: 'person_url',
      extraParams: ['field'],
      shape: 'record',
      primary: ['full_name', 'fullName', 'name'],
      fields: ['full_name', 'headline', 'job_title', 'company', 'location', 'connections'],
    },
    {
      type: 'lead_full_name_to_email',
      functionName: 'EMAIL_FROM_NAME',
      pricing: flat(7),
      input: 'person_name',
      extraParams: ['company'],
      primary: ['email', 'work_email'],
    },
  ]),
  ...inGroup('companies', [
    {
      type: 'company_name_to_website',
      functionName: 'COMPANY_WEBSITE',
      input: 'company_name',
      primary: ['website', 'domain', 'url'],
    },
    {
      type: 'company_name_to_email',
      functionName: 'COMPANY_EMAIL',
      input: 'company_name',
      primary: ['email', 'company_email', 'emails'],
    },
    {
      type: 'company_name_to_phone',
      functionName: 'COMPANY_PHONE',
      input: 'company_name',
      primary: ['phone', 'company_phone', 'phones'],
    },
    {
      type: 'company_name_to_pronet_url',
      functionName: 'COMPANY_PRONET_URL',
      input: 'company_name',
      primary: ['pronet_url', 'company_url', 'url'],
    },
    {
      type: 'company_name_to_employee_count',
      functionName: 'COMPANY_EMPLOYEE_COUNT',
      input: 'company_name',
      primary: ['employeeCount', 'employee_count', 'count'],
    },
    {
      type: 'company_name_to_employees',
      functionName: 'COMPANY_EMPLOYEES',
      input: 'company_name',
      ...EMPLOYEE_LIST,
    },
    {
      type: 'company_domain_to_employees',
      functionName: 'DOMAIN_EMPLOYEES',
      input: 'company_domain',
      ...EMPLOYEE_LIST,
    },
    {
      type: 'pronet_company_to_pronet_info',
      functionName: 'PRONET_COMPANY',
      pricing: flat(6),
      input: 'company_url',
      extraParams: ['field'],
      shape: 'record',
      primary: ['name', 'company_name'],
      fields: ['name', 'industry', 'website', 'employeeCount', 'followerCount', 'headquarters', 'about'],
    },
    {
      type: 'pronet_company_to_employee_count',
      functionName: 'PRONET_COMPANY_EMPLOYEE_COUNT',
      input: 'company_url',
      primary: ['employeeCount', 'employee_count', 'count'],
    },
    {
      type: 'pronet_company_to_employees',
      functionName: 'PRONET_COMPANY_EMPLOYEES',
      input: 'company_url',
      ...EMPLOYEE_LIST,
    },
  ]),
  ...inGroup('social', [
    {
      type: 'pronet_post_to_reactions',
      functionName: 'PRONET_POST_REACTIONS',
      input: 'post_url',
      shape: 'list',
      primary: ['full_name', 'name'],
      fields: ['full_name', 'headline', 'reaction', 'pronet_url'],
    },
    {
      type: 'b2b_data_lookup',
      functionName: 'B2B_LOOKUP',
      input: 'any_identifier',
      extraParams: ['field'],
      shape: 'record',
      primary: ['name', 'full_name', 'company_name'],
      fields: ['name', 'type', 'email', 'phone', 'website', 'pronet_url'],
    },
    {
      type: 'photonet_lookup',
      functionName: 'PHOTONET_PROFILE',
      input: 'photonet_handle',
      extraParams: ['field'],
      shape: 'record',
      primary: ['username', 'full_name'],
      fields: ['username', 'full_name', 'followers', 'following', 'posts', 'bio', 'external_url'],
    },
  ]),
];

/** The generic function: any operation by its `type`. */
export const GENERIC_FUNCTION = {
  functionName: 'ENRICH',
  params: ['type', 'input', 'field'] as const,
  example: 'ENRICH("company_name_to_website", "Acme Corporation")',
} as const;

/** Every custom function name, ENRICH included: to recognize the add-on's formulas. */
export const FUNCTION_NAMES: readonly string[] = [
  ...OPERATIONS.map((op) => op.functionName),
  GENERIC_FUNCTION.functionName,
];

const BY_TYPE = new Map<string, Operation>(OPERATIONS.map((op) => [op.type, op]));
const BY_FUNCTION = new Map<string, Operation>(OPERATIONS.map((op) => [op.functionName, op]));

export function operationByType(type: string): Operation | undefined {
  return BY_TYPE.get(type);
}

export function operationByFunction(name: string): Operation | undefined {
  return BY_FUNCTION.get(name);
}
