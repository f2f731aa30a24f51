// What each custom function costs, written from the API spec's operations table (the function's
// API type in brackets), and the label the sidebar shows for it: the tests' oracle for credits,
// never the add-on's own table.
export interface Priced {
  /** Credits a call, whatever the answer (a miss included). */
  readonly price: number;
  readonly label: string;
}

export const SPEC: Readonly<Record<string, Priced>> = {
  PRONET_URL_FROM_NAME: { price: 1, label: 'Profile URL from name' }, // lead_full_name_to_pronet_url
  PRONET_URL_FROM_EMAIL: { price: 5, label: 'Profile URL from email' }, // email_to_pronet_url
  PRONET_EMAIL: { price: 10, label: 'Email from profile' }, // pronet_profile_to_email
  PRONET_PHONE: { price: 50, label: 'Phone from profile' }, // pronet_profile_to_phone
  PRONET_PROFILE: { price: 10, label: 'Full profile' }, // pronet_profile_to_pronet_info
  EMAIL_FROM_NAME: { price: 7, label: 'Email from name' }, // lead_full_name_to_email
  COMPANY_WEBSITE: { price: 1, label: 'Website from company name' }, // company_name_to_website
  COMPANY_EMAIL: { price: 1, label: 'Email from company name' }, // company_name_to_email
  COMPANY_PHONE: { price: 1, label: 'Phone from company name' }, // company_name_to_phone
  COMPANY_PRONET_URL: { price: 1, label: 'Company page from name' }, // company_name_to_pronet_url
  COMPANY_EMPLOYEE_COUNT: { price: 1, label: 'Employee count from company name' },
  PRONET_COMPANY: { price: 6, label: 'Company page info' }, // pronet_company_to_pronet_info
  PRONET_COMPANY_EMPLOYEE_COUNT: { price: 1, label: 'Employee count from company page' },
  PRONET_POST_REACTIONS: { price: 1, label: 'Reactions to a post' }, // pronet_post_to_reactions
  B2B_LOOKUP: { price: 1, label: 'B2B lookup (any identifier)' }, // b2b_data_lookup
  PHOTONET_PROFILE: { price: 1, label: 'Photonet profile' }, // photonet_lookup
};

/** The spec's price and the sidebar's label of a flat-priced function. */
export function spec(functionName: string): Priced {
  const found = SPEC[functionName];
  if (!found) throw new Error(`${functionName} has no flat price in the spec`);
  return found;
}
