// What each operation does, in words (operations/docs.ts gives them to the custom functions' JSDoc,
// the help page and the sidebar's operation picker). Written here so that the matcher of our own
// words (marks.ts) knows them: a help sentence copied into a cell was bought (issue 40). Plain
// literals, so that Code.js, which never reads them, leaves them out.
import type { OperationType } from '../../../shared/operation-type';

export interface OperationDoc {
  /** One or two sentences: what the function finds, from what. */
  readonly help: string;
  /** A formula showing typical arguments, without the "=". */
  readonly example: string;
}

export const OPERATION_DOCS: Readonly<Record<OperationType, OperationDoc>> = {
  lead_full_name_to_pronet_url: {
    help: "Finds a person's pronet profile URL from their full name and company.",
    example: 'PRONET_URL_FROM_NAME("Ada Lovelace", "Analytical Engines")',
  },
  email_to_pronet_url: {
    help: "Finds a person's pronet profile URL from their professional email address.",
    example: 'PRONET_URL_FROM_EMAIL("ada@example.com")',
  },
  pronet_profile_to_email: {
    help: "Finds a person's professional email from their pronet profile URL.",
    example: 'PRONET_EMAIL("https://www.pronet.com/in/ada-lovelace")',
  },
  pronet_profile_to_phone: {
    help: "Finds a person's phone number from their pronet profile URL.",
    example: 'PRONET_PHONE("https://www.pronet.com/in/ada-lovelace")',
  },
  pronet_profile_to_pronet_info: {
    help: 'Full pronet profile of a person (name, headline, current job, location...). Takes about a minute.',
    example: 'PRONET_PROFILE("https://www.pronet.com/in/ada-lovelace", "headline")',
  },
  lead_full_name_to_email: {
    help: "Finds a person's professional email from their full name and company.",
    example: 'EMAIL_FROM_NAME("Ada Lovelace", "Analytical Engines")',
  },
  company_name_to_website: {
    help: "Finds a company's website from its name.",
    example: 'COMPANY_WEBSITE("Acme Corporation")',
  },
  company_name_to_email: {
    help: "Finds a company's contact email from its name.",
    example: 'COMPANY_EMAIL("Acme Corporation")',
  },
  company_name_to_phone: {
    help: "Finds a company's phone number from its name.",
    example: 'COMPANY_PHONE("Acme Corporation")',
  },
  company_name_to_pronet_url: {
    help: "Finds a company's pronet page URL from its name.",
    example: 'COMPANY_PRONET_URL("Acme Corporation")',
  },
  company_name_to_employee_count: {
    help: 'Number of employees of a company, from its name.',
    example: 'COMPANY_EMPLOYEE_COUNT("Acme Corporation")',
  },
  company_name_to_employees: {
    help: 'Lists the employees of a company into a new sheet.',
    example: 'COMPANY_EMPLOYEES("Acme Corporation", "Sales", "Senior", 50)',
  },
  company_domain_to_employees: {
    help: 'Lists the employees of a company, found by its domain, into a new sheet.',
    example: 'DOMAIN_EMPLOYEES("acme.com", "Engineering", "", 25)',
  },
  pronet_company_to_pronet_info: {
    help: 'Facts from a company pronet page: name, industry, size, followers, About section...',
    example: 'PRONET_COMPANY("https://www.pronet.com/company/acme", "industry")',
  },
  pronet_company_to_employee_count: {
    help: 'Number of employees of a company, from its pronet page URL.',
    example: 'PRONET_COMPANY_EMPLOYEE_COUNT("https://www.pronet.com/company/acme")',
  },
  pronet_company_to_employees: {
    help: 'Lists the employees of a company, found by its pronet page, into a new sheet.',
    example: 'PRONET_COMPANY_EMPLOYEES("https://www.pronet.com/company/acme", "Sales", "", 100)',
  },
  pronet_post_to_reactions: {
    help: 'People who reacted to a pronet post, spilled as a table with a header row.',
    example: 'PRONET_POST_REACTIONS("https://www.pronet.com/posts/ada-lovelace_engines-activity-123")',
  },
  b2b_data_lookup: {
    help: 'General lookup for a company or person identifier of unknown kind. Less reliable than a specific function.',
    example: 'B2B_LOOKUP("acme.com", "phone")',
  },
  photonet_lookup: {
    help: 'Public facts of a photonet profile from a handle or profile URL.',
    example: 'PHOTONET_PROFILE("@ada.lovelace", "followers")',
  },
};

export const GENERIC_HELP =
  'Runs any enrichment operation by its type, e.g. ENRICH("company_name_to_website", A2).';

/** A row-of-fields answer's reach, `width` cells holding `fields` (operations/docs.ts rowOfFieldsDoc). */
export const ROW_OF_FIELDS_HELP = (width: number, fields: string) =>
  `Without a field it fills ${width} cells of its row (${fields}): keep the ${width - 1} to its right empty, or it shows #REF!.`;

/** An employee list's price, in its note, a cell, the picker and the help: "0.5 credit per employee". */
export const perEmployeePrice = (credits: number) => `${credits} credit per employee`;

/**
 * Each operation's name in the sidebar's picker, a status column's header ("Status (…)") and the
 * first line of a list's note ("…: Acme Corp"); the table of operations (operations/table.ts) reads it.
 */
export const OPERATION_LABELS: Readonly<Record<OperationType, string>> = {
  lead_full_name_to_pronet_url: 'Profile URL from name',
  email_to_pronet_url: 'Profile URL from email',
  pronet_profile_to_email: 'Email from profile',
  pronet_profile_to_phone: 'Phone from profile',
  pronet_profile_to_pronet_info: 'Full profile',
  lead_full_name_to_email: 'Email from name',
  company_name_to_website: 'Website from company name',
  company_name_to_email: 'Email from company name',
  company_name_to_phone: 'Phone from company name',
  company_name_to_pronet_url: 'Company page from name',
  company_name_to_employee_count: 'Employee count from company name',
  company_name_to_employees: 'Employees from company name',
  company_domain_to_employees: 'Employees from company domain',
  pronet_company_to_pronet_info: 'Company page info',
  pronet_company_to_employee_count: 'Employee count from company page',
  pronet_company_to_employees: 'Employees from company page',
  pronet_post_to_reactions: 'Reactions to a post',
  b2b_data_lookup: 'B2B lookup (any identifier)',
  photonet_lookup: 'Photonet profile',
};
