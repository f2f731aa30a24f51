// Column defaults from the headers (issue 40): each input's picker defaults to the column whose
// header names it; a column whose header names something else is never a default.
import { type ColumnRole, guessColumn, slotRole } from '../../../src/core/bulk/column-guess';
import { OPERATIONS } from '../../../src/core/operations/table';
import { SLOT_LABELS } from '../../../src/core/recipes/recipes';
import type { SlotName } from '../../../src/shared/recipe-rpc';

const HEADERS = ['Timestamp', 'Full name', 'Company', 'Company website', 'Email', 'City', 'Job title'];

/** A form's responses as people lay them out: one column for each thing it asks. */
const FORM = [
  'Timestamp',
  'Name',
  'Company',
  'Company email',
  'Profile URL',
  'Post URL',
  'Website',
  'Domain',
  'Email',
  'Phone',
];

/** What each input defaults to in FORM (1-based; null: no header names it). */
const IN_FORM: Readonly<Record<ColumnRole, number | null>> = {
  person_name: 2, // Name
  company: 3, // Company
  company_name: 3, // Company, not "Company email"
  email: 9, // Email, the header that names only an email, before "Company email"
  person_url: 5, // Profile URL, not "Post URL"
  company_url: null, // neither a person's profile nor a post is a company's page
  post_url: 6, // Post URL
  company_domain: 7, // Website
  any_identifier: 3, // Company: the first company or person identifier
  photonet_handle: null,
  location: null,
  jobTitle: null,
};

/** Another sheet, whose headers name the inputs FORM lacks and the things no input reads. */
const CRM = [
  'Company size',
  'Organisation',
  'Pronet company page',
  'Photonet handle',
  'Country',
  'Role',
  'Postcode',
  'Company phone',
  'Status',
];
const IN_CRM: Readonly<Record<ColumnRole, number | null>> = {
  person_name: null,
  company: 2,
  company_name: 2,
  email: null,
  person_url: null,
  company_url: 3,
  post_url: null, // a postcode is not a post
  company_domain: null,
  any_identifier: 2,
  photonet_handle: 4,
  location: 5,
  jobTitle: 6,
};

/** Every input the bulk panel, a recipe or a watch asks a column for. */
const ROLES: readonly ColumnRole[] = [
  ...new Set<ColumnRole>([
    ...OPERATIONS.map((op) => op.input),
    'company',
    'location',
    'jobTitle',
    ...(Object.keys(SLOT_LABELS) as SlotName[]).map(slotRole),
  ]),
];

describe('a column guessed from the headers', () => {
  it('is known for every input of every operation, the name lookup columns and the recipe slots', () => {
    expect([...ROLES].sort()).toEqual(Object.keys(IN_FORM).sort());
  });

  it.each(ROLES)('for %s, is the header that names it in a form, or none', (role) => {
    expect(guessColumn(FORM, role)).toBe(IN_FORM[role]);
  });

  it.each(ROLES)('for %s, is the header that names it in a CRM export, or none', (role) => {
    expect(guessColumn(CRM, role)).toBe(IN_CRM[role]);
  });

  it('is never column A when A names something else, for any input', () => {
    for (const first of ['Timestamp', 'Inputs', 'Phone', 'Company size', 'Notes'])
      for (const role of ROLES)
        expect([role, guessColumn([first, ...FORM.slice(1)], role)]).not.toEqual([role, 1]);
  });

  it('is the one whose header names the input, for every input of a name lookup', () => {
    expect(guessColumn(HEADERS, 'person_name')).toBe(2);
    expect(guessColumn(HEADERS, 'company')).toBe(3);
    expect(guessColumn(HEADERS, 'location')).toBe(6);
    expect(guessColumn(HEADERS, 'jobTitle')).toBe(7);
    expect(guessColumn(HEADERS, 'email')).toBe(5);
    expect(guessColumn(HEADERS, 'company_domain')).toBe(4);
  });

  it('is none when no header names the input: never column A for a header of something else', () => {
    expect(guessColumn(['Inputs', 'Full name', 'Notes'], 'company')).toBeNull();
    expect(guessColumn(['Timestamp', 'Notes'], 'person_name')).toBeNull();
    expect(guessColumn(['Company name'], 'person_name')).toBeNull();
    expect(guessColumn(['Company website'], 'company_name')).toBeNull();
    expect(guessColumn(['Company email', 'Profile URL', 'Post URL'], 'company_name')).toBeNull();
    expect(guessColumn(['Profile URL', 'Post URL'], 'company_url')).toBeNull();
    expect(guessColumn(['Post URL'], 'person_url')).toBeNull();
    expect(guessColumn(['Domain name', 'Username'], 'person_name')).toBeNull();
  });

  it('passes over a column another input took', () => {
    expect(guessColumn(['Company', 'Employer'], 'company', new Set([1]))).toBe(2);
    expect(guessColumn(['Company'], 'company', new Set([1]))).toBeNull();
  });

  it("is the same for a recipe's slot as for the input it reads", () => {
    expect(guessColumn(HEADERS, slotRole('fullName'))).toBe(2);
    expect(guessColumn(HEADERS, slotRole('company'))).toBe(3);
    expect(guessColumn(HEADERS, slotRole('email'))).toBe(5);
    expect(guessColumn(FORM, slotRole('companyName'))).toBe(3);
    expect(guessColumn(FORM, slotRole('profileUrl'))).toBe(5);
  });
});
