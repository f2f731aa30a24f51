// What each operation does, in words: the custom functions' JSDoc and the help page (both written
// by build.mjs) and the sidebar's operation picker read it. The server never does, so these words
// stay out of Code.js, which every formula execution loads. Prices are not repeated here: every
// reader appends priceLabel().
import type { OperationType } from '../../shared/operation-type';
import { OPERATION_HELP, OPERATION_HELP_GENERIC, ROW_OF_FIELDS_HELP } from '../text/catalogue/operation-help';
import type { Operation } from './types';

export interface OperationDoc {
  /** One or two sentences: what the function finds, from what. */
  readonly help: string;
  /** A formula showing typical arguments, without the "=". */
  readonly example: string;
}

export const OPERATION_DOCS: Readonly<Record<OperationType, OperationDoc>> = {
  lead_full_name_to_pronet_url: {
    help: OPERATION_HELP.lead_full_name_to_pronet_url,
    example: 'PRONET_URL_FROM_NAME("Ada Lovelace", "Analytical Engines")',
  },
  email_to_pronet_url: {
    help: OPERATION_HELP.email_to_pronet_url,
    example: 'PRONET_URL_FROM_EMAIL("ada@example.com")',
  },
  pronet_profile_to_email: {
    help: OPERATION_HELP.pronet_profile_to_email,
    example: 'PRONET_EMAIL("https://www.pronet.com/in/ada-lovelace")',
  },
  pronet_profile_to_phone: {
    help: OPERATION_HELP.pronet_profile_to_phone,
    example: 'PRONET_PHONE("https://www.pronet.com/in/ada-lovelace")',
  },
  pronet_profile_to_pronet_info: {
    help: OPERATION_HELP.pronet_profile_to_pronet_info,
    example: 'PRONET_PROFILE("https://www.pronet.com/in/ada-lovelace", "headline")',
  },
  lead_full_name_to_email: {
    help: OPERATION_HELP.lead_full_name_to_email,
    example: 'EMAIL_FROM_NAME("Ada Lovelace", "Analytical Engines")',
  },
  company_name_to_website: {
    help: OPERATION_HELP.company_name_to_website,
    example: 'COMPANY_WEBSITE("Acme Corporation")',
  },
  company_name_to_email: {
    help: OPERATION_HELP.company_name_to_email,
    example: 'COMPANY_EMAIL("Acme Corporation")',
  },
  company_name_to_phone: {
    help: OPERATION_HELP.company_name_to_phone,
    example: 'COMPANY_PHONE("Acme Corporation")',
  },
  company_name_to_pronet_url: {
    help: OPERATION_HELP.company_name_to_pronet_url,
    example: 'COMPANY_PRONET_URL("Acme Corporation")',
  },
  company_name_to_employee_count: {
    help: OPERATION_HELP.company_name_to_employee_count,
    example: 'COMPANY_EMPLOYEE_COUNT("Acme Corporation")',
  },
  company_name_to_employees: {
    help: OPERATION_HELP.company_name_to_employees,
    example: 'COMPANY_EMPLOYEES("Acme Corporation", "Sales", "Senior", 50)',
  },
  company_domain_to_employees: {
    help: OPERATION_HELP.company_domain_to_employees,
    example: 'DOMAIN_EMPLOYEES("acme.com", "Engineering", "", 25)',
  },
  pronet_company_to_pronet_info: {
    help: OPERATION_HELP.pronet_company_to_pronet_info,
    example: 'PRONET_COMPANY("https://www.pronet.com/company/acme", "industry")',
  },
  pronet_company_to_employee_count: {
    help: OPERATION_HELP.pronet_company_to_employee_count,
    example: 'PRONET_COMPANY_EMPLOYEE_COUNT("https://www.pronet.com/company/acme")',
  },
  pronet_company_to_employees: {
    help: OPERATION_HELP.pronet_company_to_employees,
    example: 'PRONET_COMPANY_EMPLOYEES("https://www.pronet.com/company/acme", "Sales", "", 100)',
  },
  pronet_post_to_reactions: {
    help: OPERATION_HELP.pronet_post_to_reactions,
    example: 'PRONET_POST_REACTIONS("https://www.pronet.com/posts/ada-lovelace_engines-activity-123")',
  },
  b2b_data_lookup: {
    help: OPERATION_HELP.b2b_data_lookup,
    example: 'B2B_LOOKUP("acme.com", "phone")',
  },
  photonet_lookup: {
    help: OPERATION_HELP.photonet_lookup,
    example: 'PHOTONET_PROFILE("@ada.lovelace", "followers")',
  },
};

export const GENERIC_HELP = OPERATION_HELP_GENERIC;

/**
 * Where the Help is: its item in the add-on's menu, and its section listing ENRICH's types, which
 * ENRICH's refusal of an unknown type points to.
 */
export const HELP_PLACES = {
  menuItem: 'Help: functions and prices',
  enrichTypes: 'ENRICH types',
} as const;

/**
 * How far a row-of-fields answer reaches, for the function's help and the playground's chip:
 * without a field it fills the formula's cell and the ones to its right, one a field, and shows
 * #REF! when one of them holds something (core/formulas/spill.ts). Empty for other shapes.
 */
export function rowOfFieldsDoc(op: Pick<Operation, 'shape' | 'fields'>): string {
  if (op.shape !== 'record') return '';
  const width = op.fields.length;
  return ROW_OF_FIELDS_HELP(width, op.fields.join(', '));
}
