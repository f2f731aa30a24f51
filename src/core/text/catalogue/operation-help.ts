// What each operation does, in one or two sentences: the custom functions' JSDoc, the help page
// and the sidebar's operation picker show them (operations/docs.ts). Written here so that the
// matcher of our own words (marks.ts) knows them: copied into a cell, one was bought (issue 40).
import type { OperationType } from '../../../shared/operation-type';

export const OPERATION_HELP: Readonly<Record<OperationType, string>> = {
  lead_full_name_to_pronet_url: "Finds a person's pronet profile URL from their full name and company.",
  email_to_pronet_url: "Finds a person's pronet profile URL from their professional email address.",
  pronet_profile_to_email: "Finds a person's professional email from their pronet profile URL.",
  pronet_profile_to_phone: "Finds a person's phone number from their pronet profile URL.",
  pronet_profile_to_pronet_info:
    'Full pronet profile of a person (name, headline, current job, location...). Takes about a minute.',
  lead_full_name_to_email: "Finds a person's professional email from their full name and company.",
  company_name_to_website: "Finds a company's website from its name.",
  company_name_to_email: "Finds a company's contact email from its name.",
  company_name_to_phone: "Finds a company's phone number from its name.",
  company_name_to_pronet_url: "Finds a company's pronet page URL from its name.",
  company_name_to_employee_count: 'Number of employees of a company, from its name.',
  company_name_to_employees: 'Lists the employees of a company into a new sheet.',
  company_domain_to_employees: 'Lists the employees of a company, found by its domain, into a new sheet.',
  pronet_company_to_pronet_info:
    'Facts from a company pronet page: name, industry, size, followers, About section...',
  pronet_company_to_employee_count: 'Number of employees of a company, from its pronet page URL.',
  pronet_company_to_employees:
    'Lists the employees of a company, found by its pronet page, into a new sheet.',
  pronet_post_to_reactions: 'People who reacted to a pronet post, spilled as a table with a header row.',
  b2b_data_lookup:
    'General lookup for a company or person identifier of unknown kind. Less reliable than a specific function.',
  photonet_lookup: 'Public facts of a photonet profile from a handle or profile URL.',
};

export const OPERATION_HELP_GENERIC =
  'Runs any enrichment operation by its type, e.g. ENRICH("company_name_to_website", A2).';

/** A row-of-fields answer's reach, `width` cells holding `fields` (operations/docs.ts rowOfFieldsDoc). */
export const ROW_OF_FIELDS_HELP = (width: number, fields: string) =>
  `Without a field it fills ${width} cells of its row (${fields}): keep the ${width - 1} to its right empty, or it shows #REF!.`;
