import { OPERATION_DOCS } from '../../../src/core/operations/docs';
import { chargedCredits, priceLabel } from '../../../src/core/operations/pricing';
import {
  GENERIC_FUNCTION,
  OPERATIONS,
  operationByFunction,
  operationByType,
} from '../../../src/core/operations/table';

describe('the operations table', () => {
  it('holds the 19 operations of the spec with their prices and modes', () => {
    const table = Object.fromEntries(
      OPERATIONS.map((op) => [
        op.type,
        `${op.pricing.kind === 'flat' ? op.pricing.credits : `${op.pricing.credits}/employee`} ${op.mode}`,
      ]),
    );
    expect(table).toEqual({
      lead_full_name_to_pronet_url: '1 sync',
      email_to_pronet_url: '5 sync',
      pronet_profile_to_email: '10 sync',
      pronet_profile_to_phone: '50 sync',
      pronet_profile_to_pronet_info: '10 async',
      lead_full_name_to_email: '7 sync',
      company_name_to_website: '1 sync',
      company_name_to_email: '1 sync',
      company_name_to_phone: '1 sync',
      company_name_to_pronet_url: '1 sync',
      company_name_to_employee_count: '1 sync',
      company_name_to_employees: '0.5/employee async',
      company_domain_to_employees: '0.5/employee async',
      pronet_company_to_pronet_info: '6 sync',
      pronet_company_to_employee_count: '1 sync',
      pronet_company_to_employees: '0.5/employee async',
      pronet_post_to_reactions: '1 sync',
      b2b_data_lookup: '1 sync',
      photonet_lookup: '1 sync',
    });
  });

  it('gives each operation the custom function name users rely on, with its arguments', () => {
    const signatures = OPERATIONS.map(
      (op) => `${op.functionName}(${[op.inputParam, ...op.extraParams].join(', ')})`,
    );
    expect(signatures).toEqual([
      'PRONET_URL_FROM_NAME(full_name, company)',
      'PRONET_URL_FROM_EMAIL(email)',
      'PRONET_EMAIL(profile_url)',
      'PRONET_PHONE(profile_url)',
      'PRONET_PROFILE(profile_url, field)',
      'EMAIL_FROM_NAME(full_name, company)',
      'COMPANY_WEBSITE(name)',
      'COMPANY_EMAIL(name)',
      'COMPANY_PHONE(name)',
      'COMPANY_PRONET_URL(name)',
      'COMPANY_EMPLOYEE_COUNT(name)',
      'COMPANY_EMPLOYEES(name, department, seniority, max)',
      'DOMAIN_EMPLOYEES(domain, department, seniority, max)',
      'PRONET_COMPANY(company_url, field)',
      'PRONET_COMPANY_EMPLOYEE_COUNT(company_url)',
      'PRONET_COMPANY_EMPLOYEES(company_url, department, seniority, max)',
      'PRONET_POST_REACTIONS(post_url)',
      'B2B_LOOKUP(identifier, field)',
      'PHOTONET_PROFILE(handle_or_url, field)',
    ]);
    expect(GENERIC_FUNCTION.functionName).toBe('ENRICH');
  });

  it('offers department, seniority and employee_count only to the three employee-list operations', () => {
    const withOptions = OPERATIONS.filter((op) => op.options.length > 0).map((op) => op.type);
    expect(withOptions).toEqual([
      'company_name_to_employees',
      'company_domain_to_employees',
      'pronet_company_to_employees',
    ]);
    expect(OPERATIONS.filter((op) => op.shape === 'employees').map((op) => op.type)).toEqual(withOptions);
  });

  it('never names a function so that Apps Script would hide it or a built-in would shadow it', () => {
    const builtIns = ['ENCODEURL', 'HYPERLINK', 'IMPORTXML', 'LOOKUP', 'FIND'];
    for (const op of OPERATIONS) {
      expect(op.functionName).toMatch(/^[A-Z][A-Z0-9_]*[A-Z]$/);
      expect(builtIns).not.toContain(op.functionName);
      expect(OPERATION_DOCS[op.type].help.length).toBeGreaterThan(10);
      expect(op.primary.length).toBeGreaterThan(0);
    }
    expect(new Set(OPERATIONS.map((op) => op.functionName)).size).toBe(19);
  });

  it('finds operations by type and by function name', () => {
    expect(operationByType('pronet_profile_to_phone')?.functionName).toBe('PRONET_PHONE');
    expect(operationByFunction('COMPANY_WEBSITE')?.type).toBe('company_name_to_website');
    expect(operationByType('nope')).toBeUndefined();
  });

  it('estimates and charges employee lists per employee, everything else flat', () => {
    const employees = operationByType('company_name_to_employees')!;
    const phone = operationByType('pronet_profile_to_phone')!;
    expect(chargedCredits(employees, 40)).toBe(20);
    expect(chargedCredits(employees, 7)).toBe(3.5);
    expect(chargedCredits(phone, 40)).toBe(50);
    expect(chargedCredits(phone, 0)).toBe(50);
    expect(priceLabel(phone)).toBe('50 credits');
    expect(priceLabel(operationByType('b2b_data_lookup')!)).toBe('1 credit');
    expect(priceLabel(employees)).toBe('0.5 credit per employee');
  });
});
