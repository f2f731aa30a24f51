// Deterministic, realistic data for the fake API. Every answer is derived from a hash of the input,
// so the same input always gives the same data and tests can assert values without fixtures. The
// shapes vary the way the real API's do (docs/api-behaviour.md): bare strings and numbers, objects
// with nested arrays, arrays of objects, `""` for missing fields and mixed field-naming styles.
// What an input designates is in subjects.ts, the records about it in profiles.ts; this file says
// what each operation answers.
import { type InputKind, type OperationType, operationOf } from './catalog';
import { companyInfo, type EmployeeFilters, employeesOf, personProfile } from './profiles';
import { Random } from './random';
import {
  alphaWords,
  type Company,
  capitalize,
  companyFor,
  companyFromDomain,
  companyFromName,
  companyFromPronetUrl,
  generatedCompany,
  type Person,
  personFor,
  personFrom,
  personFromEmail,
  personFromPronetUrl,
} from './subjects';
import { CITIES, FIRST_NAMES, LAST_NAMES, PHOTONET_CATEGORIES, REACTIONS } from './vocabulary';

const PHOTONET_HOST = 'www.photonet.com';

function postReactions(input: string): Record<string, unknown>[] | null {
  const match = /pronet\.com\/(?:posts|feed\/update)\/([^?#\s]+)/i.exec(input);
  if (!match) return null;
  const random = new Random(`post:${match[1]!.toLowerCase().replace(/\/+$/, '')}`);
  const count = random.chance(0.05) ? 0 : random.logInt(1, 40);
  return Array.from({ length: count }, () => {
    const person = personFrom(
      random.hex(8),
      random.pick(FIRST_NAMES),
      random.pick(LAST_NAMES),
      generatedCompany(random),
    );
    return {
      full_name: person.fullName,
      headline: random.chance(0.85) ? `${person.title} at ${person.company.name}` : '',
      reaction: random.pick(REACTIONS),
      pronet_url: person.pronetUrl,
      profileType: 'person',
    };
  });
}

function photonetProfile(input: string): Record<string, unknown> | null {
  const trimmed = input.trim();
  const fromUrl = /photonet\.com\/([^/?#\s]+)/i.exec(trimmed)?.[1];
  const username = (fromUrl ?? trimmed.replace(/^@/, '')).toLowerCase();
  if (!/^[a-z0-9._]{1,30}$/.test(username)) return null;
  const random = new Random(`photonet:${username}`);
  const parts = alphaWords(username);
  const fullName =
    parts.length >= 2
      ? `${capitalize(parts[0]!)} ${capitalize(parts[1]!)}`
      : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const followers = random.logInt(20, 2_000_000);
  return {
    username,
    full_name: fullName,
    followers,
    following: random.logInt(10, 3000),
    posts: random.logInt(1, 4000),
    bio: random.chance(0.7)
      ? `${random.pick(PHOTONET_CATEGORIES) || 'Photos'} | ${random.pick(CITIES).name}`
      : '',
    external_url: random.chance(0.5) ? `https://${generatedCompany(random).domain}` : '',
    category: random.pick(PHOTONET_CATEGORIES),
    is_verified: followers > 500_000,
    isPrivate: random.chance(0.15),
    profile_url: `https://${PHOTONET_HOST}/${username}`,
  };
}

/** The general lookup guesses what the identifier is, as the real fallback does. */
function b2bRecord(input: string): Record<string, unknown> | null {
  const identifier = input.trim();
  if (identifier.includes('@')) return b2bPerson(personFromEmail(identifier));
  if (/pronet\.com\/in\//i.test(identifier)) return b2bPerson(personFromPronetUrl(identifier));
  if (/pronet\.com\/company\//i.test(identifier)) return b2bCompany(companyFromPronetUrl(identifier));
  if (/^\S+\.\S+$/.test(identifier)) return b2bCompany(companyFromDomain(identifier));
  return b2bCompany(companyFromName(identifier));
}

function b2bPerson(person: Person | null): Record<string, unknown> | null {
  if (person === null) return null;
  return {
    type: 'person',
    name: person.fullName,
    email: person.email,
    phone: '',
    website: '',
    pronet_url: person.pronetUrl,
    company_name: person.company.name,
    jobTitle: person.title,
  };
}

function b2bCompany(company: Company | null): Record<string, unknown> | null {
  if (company === null) return null;
  return {
    type: 'company',
    name: company.name,
    email: `info@${company.domain}`,
    phone: company.phone,
    website: `https://www.${company.domain}`,
    pronet_url: company.pronetUrl,
    industry: company.industry.name,
    employeeCount: company.size,
  };
}

/** Makes an operation's answer from its input, read as the kind of input the operation takes. */
type Generator = (kind: InputKind, input: string, filters: EmployeeFilters) => unknown;

const withPerson =
  (render: (person: Person) => unknown): Generator =>
  (kind, input) => {
    const person = personFor(kind, input);
    return person === null ? null : render(person);
  };

const withCompany =
  (render: (company: Company, filters: EmployeeFilters) => unknown): Generator =>
  (kind, input, filters) => {
    const company = companyFor(kind, input);
    return company === null ? null : render(company, filters);
  };

/** One generator per operation: adding an operation to the catalog without one fails to compile. */
const GENERATORS: Record<OperationType, Generator> = {
  lead_full_name_to_pronet_url: withPerson((p) => p.pronetUrl),
  email_to_pronet_url: withPerson((p) => ({
    pronet_url: p.pronetUrl,
    full_name: p.fullName,
    matchScore: 0.93,
  })),
  pronet_profile_to_email: withPerson((p) => ({ email: p.email, email_type: 'work', verified: true })),
  pronet_profile_to_phone: withPerson((p) => ({ phone: p.phone, phones: [p.phone], phoneType: 'mobile' })),
  pronet_profile_to_pronet_info: withPerson(personProfile),
  lead_full_name_to_email: withPerson((p) => p.email),
  company_name_to_website: withCompany((c) => c.domain),
  company_name_to_email: withCompany((c) => ({
    email: `info@${c.domain}`,
    emails: [`info@${c.domain}`, `sales@${c.domain}`],
  })),
  company_name_to_phone: withCompany((c) => ({ company_phone: c.phone, phone_type: 'main' })),
  company_name_to_pronet_url: withCompany((c) => c.pronetUrl),
  company_name_to_employee_count: withCompany((c) => c.size),
  company_name_to_employees: withCompany(employeesOf),
  company_domain_to_employees: withCompany(employeesOf),
  pronet_company_to_pronet_info: withCompany(companyInfo),
  pronet_company_to_employee_count: withCompany((c) => c.size),
  pronet_company_to_employees: withCompany(employeesOf),
  pronet_post_to_reactions: (_kind, input) => postReactions(input),
  b2b_data_lookup: (_kind, input) => b2bRecord(input),
  photonet_lookup: (_kind, input) => photonetProfile(input),
};

/**
 * What the API finds for `input`: a string, number, object or array depending on the operation,
 * or null when the input designates nothing (a one-word name, a role mailbox, a URL of the wrong
 * kind). Employee lists honour the filters; charging and capping are the handler's business.
 */
export function lookup(type: OperationType, input: string, filters: EmployeeFilters = {}): unknown {
  const op = operationOf(type);
  if (op === undefined) throw new Error(`Unknown operation ${type}`);
  return GENERATORS[type](op.input, input, filters);
}
