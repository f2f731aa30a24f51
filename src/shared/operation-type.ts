// The API's operation names (docs/api-spec.md, Operations): the sidebar sends them, the server
// checks them against the operations table (core/operations/table.ts), which prices each one.

export type OperationType =
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
