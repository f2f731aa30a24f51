// The company or person an input designates. Inputs that name the same company ("Acme Corp",
// "acme.com", its pronet page) share one key, so they get the same data.

import type { InputKind } from './catalog';
import { Random } from './random';
import {
  CITIES,
  type City,
  COMPANY_KINDS,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  DEPARTMENTS,
  type Department,
  FIRST_NAMES,
  INDUSTRIES,
  type Industry,
  jobTitle,
  LAST_NAMES,
  phoneNumber,
  SENIORITIES,
  type SeniorityName,
} from './vocabulary';

export const PRONET_HOST = 'www.pronet.com';
const LEGAL_SUFFIXES = new Set(
  'inc incorporated corp corporation co company llc ltd limited gmbh plc sa ag bv the'.split(' '),
);
const ROLE_MAILBOXES = new Set(['info', 'contact', 'sales', 'support', 'hello', 'admin', 'office', 'team']);

export interface Company {
  /** Shared by every input that names this company: "Acme Corp", "acme.com", /company/acme. */
  readonly key: string;
  readonly name: string;
  readonly domain: string;
  readonly pronetUrl: string;
  readonly industry: Industry;
  readonly size: number;
  readonly founded: number;
  readonly headquarters: City;
  readonly phone: string;
  readonly followerCount: number;
}

export interface Person {
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly pronetUrl: string;
  readonly company: Company;
  readonly department: Department;
  readonly seniority: SeniorityName;
  readonly title: string;
  readonly city: City;
  /** Seeds everything else about this person (experience, education, counts). */
  readonly seed: string;
}

export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

export function alphaWords(text: string): string[] {
  return text.split(/[^\p{L}]+/u).filter((word) => word !== '');
}

function companyFromKey(key: string, name: string, domain: string): Company {
  const random = new Random(`company:${key}`);
  const size = random.logInt(4, 40_000);
  const headquarters = random.pick(CITIES);
  return {
    key,
    name,
    domain,
    pronetUrl: `https://${PRONET_HOST}/company/${key}`,
    industry: random.pick(INDUSTRIES),
    size,
    founded: random.int(1950, 2021),
    headquarters,
    phone: phoneNumber(random, headquarters),
    followerCount: size * random.int(3, 45) + random.int(0, 999),
  };
}

/** "Acme Corporation" -> key "acme", domain "acme.com". */
export function companyFromName(input: string): Company | null {
  const words = input
    .trim()
    .split(/[\s,]+/)
    .filter((word) => word !== '');
  const meaningful = words.filter((word) => !LEGAL_SUFFIXES.has(asciiSlug(word)));
  const key = asciiSlug(meaningful.join(' ')).replace(/-/g, '');
  if (key === '') return null;
  return companyFromKey(key, words.join(' '), `${key}.com`);
}

/** "acme.com", "https://www.acme.com/about" -> the company "Acme" on acme.com. */
export function companyFromDomain(input: string): Company | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  const label = host.split('.')[0]!;
  const key = label.replace(/-/g, '');
  return companyFromKey(key, label.split('-').map(capitalize).join(' '), host);
}

/** "https://www.pronet.com/company/acme-corp/" -> the company "Acme Corp" on acme.com. */
export function companyFromPronetUrl(input: string): Company | null {
  const match = /pronet\.com\/company\/([^/?#\s]+)/i.exec(input);
  if (!match) return null;
  const words = safeDecode(match[1]!)
    .split('-')
    .filter((word) => word !== '');
  return companyFromName(words.map(capitalize).join(' '));
}

export function generatedCompany(random: Random): Company {
  const name = `${random.pick(COMPANY_PREFIXES)}${random.pick(COMPANY_SUFFIXES)}${random.pick(COMPANY_KINDS)}`;
  return companyFromName(name)!;
}

export function personFrom(
  seed: string,
  first: string,
  last: string,
  company: Company,
  pronetUrl?: string,
): Person {
  const random = new Random(`person:${seed}`);
  const department = random.pickWeighted(DEPARTMENTS);
  const seniority = random.pickWeighted(SENIORITIES).name;
  const city = random.chance(0.7) ? company.headquarters : random.pick(CITIES);
  const firstName = capitalize(first);
  const lastName = capitalize(last);
  const slug = asciiSlug(`${firstName} ${lastName}`) || 'member';
  const emailName = asciiSlug(`${firstName}.${lastName}`).replace(/-/g, '.') || 'member';
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: `${emailName}@${company.domain}`,
    phone: phoneNumber(random, city),
    pronetUrl: pronetUrl ?? `https://${PRONET_HOST}/in/${slug}-${random.hex(6)}`,
    company,
    department,
    seniority,
    title: jobTitle(department, seniority),
    city,
    seed,
  };
}

function personKey(first: string, last: string, company: Company): string {
  return `${first.toLowerCase()}|${last.toLowerCase()}|${company.key}`;
}

/** "Ada Lovelace Analytical Engines": the first two words are the name, the rest the company. */
export function personFromName(input: string): Person | null {
  const words = input.trim().split(/\s+/);
  const [first, last] = words;
  if (first === undefined || last === undefined) return null;
  const rest = words.slice(2).join(' ');
  const company =
    companyFromName(rest) ?? generatedCompany(new Random(`company-of:${input.trim().toLowerCase()}`));
  return personFrom(personKey(first, last, company), first, last, company);
}

/** "ada.lovelace@acme.com" is the same person as "Ada Lovelace Acme"; role mailboxes are nobody. */
export function personFromEmail(input: string): Person | null {
  const match = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(input.trim());
  if (!match) return null;
  const local = match[1]!.toLowerCase();
  const company = companyFromDomain(match[2]!);
  if (company === null || ROLE_MAILBOXES.has(local)) return null;
  const parts = alphaWords(local);
  const first = parts[0];
  if (first === undefined) return null;
  const last = parts[1] ?? new Random(`last-of:${local}`).pick(LAST_NAMES);
  return personFrom(personKey(first, last, company), first, last, company);
}

/** "https://www.pronet.com/in/ada-lovelace-1a2b3c": the name from the slug, the rest from its hash. */
export function personFromPronetUrl(input: string): Person | null {
  const match = /pronet\.com\/in\/([^/?#\s]+)/i.exec(input);
  if (!match) return null;
  const slug = safeDecode(match[1]!).toLowerCase();
  const random = new Random(`slug:${slug}`);
  const words = slug.split('-').filter((word) => /^\p{L}+$/u.test(word));
  const first = words[0] ?? random.pick(FIRST_NAMES);
  const last = words[1] ?? random.pick(LAST_NAMES);
  const canonicalUrl = `https://${PRONET_HOST}/in/${encodeURIComponent(slug)}`;
  return personFrom(`slug:${slug}`, first, last, generatedCompany(random), canonicalUrl);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function companyFor(kind: InputKind, input: string): Company | null {
  switch (kind) {
    case 'company_name':
      return companyFromName(input);
    case 'company_domain':
      return companyFromDomain(input);
    case 'company_url':
      return companyFromPronetUrl(input);
    default:
      return null;
  }
}

export function personFor(kind: InputKind, input: string): Person | null {
  switch (kind) {
    case 'person_name':
      return personFromName(input);
    case 'email':
      return personFromEmail(input);
    case 'person_url':
      return personFromPronetUrl(input);
    default:
      return null;
  }
}
