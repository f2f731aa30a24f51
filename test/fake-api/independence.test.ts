// The fake API is the tests' oracle for prices and answers: it must not borrow them from the code
// it checks. Every module under fake-api/ imports only from fake-api/ and Node.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FAKE_API = join(__dirname, '../../fake-api');

describe('the fake API', () => {
  const files = readdirSync(FAKE_API).filter((name) => name.endsWith('.ts'));

  it.each(files)('%s imports nothing from src/', (name) => {
    const text = readFileSync(join(FAKE_API, name), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
      (m) => m[1]!,
    );
    expect(
      specifiers.filter((specifier) => !specifier.startsWith('./') && !specifier.startsWith('node:')),
    ).toEqual([]);
  });

  it("charges the spec's prices", () => {
    // Literals from the spec's operations table and Limits.
    const { FAKE_OPERATIONS } = jest.requireActual(
      '../../fake-api/catalog',
    ) as typeof import('../../fake-api/catalog');
    const prices = Object.fromEntries(
      FAKE_OPERATIONS.map((op) => [op.type, op.perEmployee ? `${op.credits}/employee` : op.credits]),
    );
    expect(prices).toEqual({
      lead_full_name_to_pronet_url: 1,
      email_to_pronet_url: 5,
      pronet_profile_to_email: 10,
      pronet_profile_to_phone: 50,
      pronet_profile_to_pronet_info: 10,
      lead_full_name_to_email: 7,
      company_name_to_website: 1,
      company_name_to_email: 1,
      company_name_to_phone: 1,
      company_name_to_pronet_url: 1,
      company_name_to_employee_count: 1,
      company_name_to_employees: '0.5/employee',
      company_domain_to_employees: '0.5/employee',
      pronet_company_to_pronet_info: 6,
      pronet_company_to_employee_count: 1,
      pronet_company_to_employees: '0.5/employee',
      pronet_post_to_reactions: 1,
      b2b_data_lookup: 1,
      photonet_lookup: 1,
    });
  });
});
