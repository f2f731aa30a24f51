// Deterministic, realistic data for the fake API. Every answer is derived from a hash of the input,
// so the same input always gives the same data and tests can assert values without fixtures. The
// shapes vary the way the real API's do (docs/api-behaviour.md): bare strings and numbers, objects
// with nested arrays, arrays of objects, `""` for missing fields and mixed field-naming styles.
import { type InputKind, type OperationType, operationOf } from './catalog';

// ---------------------------------------------------------------------------------------------
// Hashing and a seeded PRNG (never Math.random: the fake must be reproducible).

/** FNV-1a over UTF-16 code units, finished with a murmur3 mix so close inputs spread apart. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A hash as a fraction in [0, 1), for deterministic "x % of inputs" decisions. */
export function hashFraction(text: string): number {
  return hashString(text) / 2 ** 32;
}

/** mulberry32: small, fast and good enough to make fake people look varied. */
export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** An integer spread on a log scale, so small companies are as common as big ones. */
  logInt(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  pickWeighted<T extends { readonly weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let point = this.next() * total;
    for (const item of items) {
      point -= item.weight;
      if (point < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    }
    return chosen;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary.

const FIRST_NAMES: readonly string[] = (
  'Ada Alan Grace Linus Margaret Katherine Dennis Barbara Ken Frances Edsger Radia Donald ' +
  'Hedy John Sophie Tim Shafi Claude Joan Niklaus Anita Bjarne Lynn Guido Mary James Elena ' +
  'Marco Priya Wei Fatima Diego Aisha Noah Olivia Liam Emma Mateo Yuki'
).split(' ');

const LAST_NAMES: readonly string[] = (
  'Lovelace Turing Hopper Torvalds Hamilton Johnson Ritchie Liskov Thompson Allen Dijkstra ' +
  'Perlman Knuth Lamarr Backus Wilson Berners Goldwasser Shannon Clarke Wirth Borg Stroustrup ' +
  'Conway Rossum Keller Garcia Rossi Patel Chen Haddad Lopez Okafor Smith Brown Martin Silva ' +
  'Tanaka Novak Muller'
).split(' ');

interface City {
  readonly name: string;
  readonly areaCode: string;
}

const CITIES: readonly City[] = [
  { name: 'San Francisco, CA', areaCode: '415' },
  { name: 'New York, NY', areaCode: '212' },
  { name: 'Austin, TX', areaCode: '512' },
  { name: 'Seattle, WA', areaCode: '206' },
  { name: 'Boston, MA', areaCode: '617' },
  { name: 'Chicago, IL', areaCode: '312' },
  { name: 'Denver, CO', areaCode: '303' },
  { name: 'Atlanta, GA', areaCode: '404' },
  { name: 'Los Angeles, CA', areaCode: '213' },
  { name: 'Miami, FL', areaCode: '305' },
  { name: 'Portland, OR', areaCode: '503' },
  { name: 'San Diego, CA', areaCode: '619' },
];

interface Industry {
  readonly name: string;
  readonly specialties: readonly string[];
  readonly customers: string;
}

const INDUSTRIES: readonly Industry[] = [
  {
    name: 'Software Development',
    specialties: ['SaaS', 'Cloud Computing', 'APIs', 'Data Analytics', 'Machine Learning', 'DevOps'],
    customers: 'engineering teams',
  },
  {
    name: 'Financial Services',
    specialties: ['Payments', 'Lending', 'Risk Management', 'Wealth Management', 'Compliance'],
    customers: 'banks and fintechs',
  },
  {
    name: 'Hospitals and Health Care',
    specialties: ['Telemedicine', 'Clinical Research', 'Patient Care', 'Health IT', 'Diagnostics'],
    customers: 'clinics and hospitals',
  },
  {
    name: 'Retail',
    specialties: ['E-commerce', 'Supply Chain', 'Merchandising', 'Omnichannel', 'Loyalty Programs'],
    customers: 'shoppers across the country',
  },
  {
    name: 'Manufacturing',
    specialties: ['Industrial Automation', 'Lean Manufacturing', 'Robotics', 'Quality Control'],
    customers: 'industrial buyers',
  },
  {
    name: 'Marketing Services',
    specialties: ['Brand Strategy', 'Content Marketing', 'SEO', 'Social Media', 'Analytics'],
    customers: 'growing brands',
  },
  {
    name: 'Transportation and Logistics',
    specialties: ['Freight', 'Warehousing', 'Last-Mile Delivery', 'Fleet Management'],
    customers: 'shippers and carriers',
  },
  {
    name: 'Education',
    specialties: ['E-learning', 'Curriculum Design', 'Tutoring', 'EdTech', 'Assessment'],
    customers: 'schools and learners',
  },
];

const COMPANY_PREFIXES = ['North', 'Blue', 'Bright', 'Silver', 'Green', 'Iron', 'Cloud', 'Quantum', 'Cedar'];
const COMPANY_SUFFIXES = ['wind', 'stone', 'path', 'field', 'works', 'forge', 'bridge', 'point', 'line'];
const COMPANY_KINDS = ['', ' Labs', ' Systems', ' Group', ' Analytics', ' Partners'];
const SCHOOLS = ['State University', 'Institute of Technology', 'College of Engineering', 'Business School'];
const DEGREES = ['BSc', 'BA', 'MSc', 'MBA', 'PhD'];
const REACTIONS = ['LIKE', 'LIKE', 'LIKE', 'CELEBRATE', 'SUPPORT', 'LOVE', 'INSIGHTFUL', 'FUNNY'];
const PHOTONET_CATEGORIES = ['', '', 'Artist', 'Photographer', 'Entrepreneur', 'Digital creator'];

interface Department {
  readonly name: string;
  readonly role: string;
  readonly chief: string;
  readonly weight: number;
}

/** Department names an employee list can be filtered by (case-insensitive exact match). */
export const DEPARTMENTS: readonly Department[] = [
  { name: 'Engineering', role: 'Software Engineer', chief: 'Chief Technology Officer', weight: 25 },
  { name: 'Sales', role: 'Account Executive', chief: 'Chief Revenue Officer', weight: 18 },
  { name: 'Marketing', role: 'Marketing Specialist', chief: 'Chief Marketing Officer', weight: 10 },
  { name: 'Operations', role: 'Operations Analyst', chief: 'Chief Operating Officer', weight: 10 },
  {
    name: 'Customer Success',
    role: 'Customer Success Manager',
    chief: 'Chief Customer Officer',
    weight: 9,
  },
  { name: 'Product', role: 'Product Manager', chief: 'Chief Product Officer', weight: 7 },
  { name: 'Finance', role: 'Financial Analyst', chief: 'Chief Financial Officer', weight: 6 },
  { name: 'Design', role: 'Product Designer', chief: 'Chief Design Officer', weight: 5 },
  { name: 'Human Resources', role: 'Recruiter', chief: 'Chief People Officer', weight: 5 },
  { name: 'Legal', role: 'Legal Counsel', chief: 'General Counsel', weight: 3 },
];

/** Seniority levels an employee list can be filtered by (case-insensitive exact match). */
export const SENIORITIES = [
  { name: 'Entry', weight: 30 },
  { name: 'Senior', weight: 32 },
  { name: 'Manager', weight: 20 },
  { name: 'Director', weight: 11 },
  { name: 'VP', weight: 5 },
  { name: 'CXO', weight: 2 },
] as const;

type SeniorityName = (typeof SENIORITIES)[number]['name'];

function jobTitle(department: Department, seniority: SeniorityName): string {
  switch (seniority) {
    case 'Entry':
      return department.role;
    case 'Senior':
      return `Senior ${department.role}`;
    case 'Manager':
      return `${department.name} Manager`;
    case 'Director':
      return `Director of ${department.name}`;
    case 'VP':
      return `VP of ${department.name}`;
    case 'CXO':
      return department.chief;
  }
}

/** Phone numbers in the 555-01xx block, which is reserved for fiction. */
function phoneNumber(random: Random, city: City): string {
  return `+1 ${city.areaCode} 555 01${String(random.int(0, 99)).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Subjects: the company, person, post or photonet account an input designates.

export const PRONET_HOST = 'www.pronet.com';
const PHOTONET_HOST = 'www.photonet.com';
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

function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function alphaWords(text: string): string[] {
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

function generatedCompany(random: Random): Company {
  const name = `${random.pick(COMPANY_PREFIXES)}${random.pick(COMPANY_SUFFIXES)}${random.pick(COMPANY_KINDS)}`;
  return companyFromName(name)!;
}

function personFrom(seed: string, first: string, last: string, company: Company, pronetUrl?: string): Person {
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

function companyFor(kind: InputKind, input: string): Company | null {
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

function personFor(kind: InputKind, input: string): Person | null {
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

// ---------------------------------------------------------------------------------------------
// Results.

const SIZE_RANGES: readonly [number, string][] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1,000'],
  [5000, '1,001-5,000'],
  [10_000, '5,001-10,000'],
];

function sizeRange(size: number): string {
  return SIZE_RANGES.find(([max]) => size <= max)?.[1] ?? '10,001+';
}

function companyInfo(company: Company): Record<string, unknown> {
  const random = new Random(`company-info:${company.key}`);
  const specialties = random.sample(company.industry.specialties, random.int(2, 4));
  return {
    name: company.name,
    industry: company.industry.name,
    website: `https://www.${company.domain}`,
    employeeCount: company.size,
    employee_count_range: sizeRange(company.size),
    followerCount: company.followerCount,
    headquarters: company.headquarters.name,
    founded: random.chance(0.85) ? company.founded : '',
    company_type: random.chance(0.8) ? random.pick(['Privately Held', 'Public Company']) : '',
    company_phone: random.chance(0.75) ? company.phone : '',
    about:
      `${company.name} helps ${company.industry.customers} with ` +
      `${specialties.map((s) => s.toLowerCase()).join(', ')}. Founded in ${company.founded}, ` +
      `headquartered in ${company.headquarters.name}.`,
    specialties,
    locations: [{ city: company.headquarters.name, is_headquarters: true }],
    pronet_url: company.pronetUrl,
  };
}

function personProfile(person: Person): Record<string, unknown> {
  const random = new Random(`profile:${person.seed}`);
  const currentStart = random.int(2012, 2023);
  const previous = generatedCompany(random);
  const previousStart = currentStart - random.int(2, 6);
  const graduation = previousStart - random.int(0, 2);
  return {
    full_name: person.fullName,
    first_name: person.firstName,
    last_name: person.lastName,
    headline: `${person.title} at ${person.company.name}`,
    job_title: person.title,
    company: person.company.name,
    company_pronet_url: person.company.pronetUrl,
    location: person.city.name,
    connections: Math.min(500, random.logInt(40, 900)),
    followerCount: random.logInt(40, 20_000),
    about: random.chance(0.6)
      ? `${person.title} focused on ${person.company.industry.name.toLowerCase()}.`
      : '',
    profilePicture: '',
    pronet_url: person.pronetUrl,
    experience: [
      {
        title: person.title,
        company: person.company.name,
        location: person.city.name,
        start_date: `${currentStart}-${String(random.int(1, 12)).padStart(2, '0')}`,
        end_date: '',
      },
      {
        title: person.department.role,
        company: previous.name,
        location: previous.headquarters.name,
        start_date: `${previousStart}-${String(random.int(1, 12)).padStart(2, '0')}`,
        end_date: `${currentStart}-01`,
      },
    ],
    education: [
      {
        school: `${random.pick(CITIES).name.split(',')[0]} ${random.pick(SCHOOLS)}`,
        degree: random.pick(DEGREES),
        endYear: graduation,
      },
    ],
    skills: random.sample(person.company.industry.specialties, 3),
  };
}

export interface EmployeeFilters {
  readonly department?: string;
  readonly seniority?: string;
  /** Most employees to return; undefined means the default, min(company size, 25). */
  readonly limit?: number;
}

export const DEFAULT_EMPLOYEE_LIMIT = 25;

/**
 * The company's roster is generated employee by employee (each from a hash of company and index),
 * filtered, and cut at the limit: a filter never invents people, it only skips the others.
 */
export function employeesOf(company: Company, filters: EmployeeFilters): Record<string, unknown>[] {
  const limit = filters.limit ?? Math.min(company.size, DEFAULT_EMPLOYEE_LIMIT);
  const department = filters.department?.trim().toLowerCase();
  const seniority = filters.seniority?.trim().toLowerCase();
  const employees: Record<string, unknown>[] = [];
  for (let index = 0; index < company.size && employees.length < limit; index++) {
    const random = new Random(`employee:${company.key}#${index}`);
    const dept = random.pickWeighted(DEPARTMENTS);
    const level = random.pickWeighted(SENIORITIES).name;
    if (department !== undefined && dept.name.toLowerCase() !== department) continue;
    if (seniority !== undefined && level.toLowerCase() !== seniority) continue;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const slug = asciiSlug(`${first} ${last}`);
    employees.push({
      full_name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      job_title: jobTitle(dept, level),
      department: dept.name,
      seniority: level,
      location: random.chance(0.75) ? company.headquarters.name : random.pick(CITIES).name,
      pronet_url: `https://${PRONET_HOST}/in/${slug}-${random.hex(6)}`,
      email: random.chance(0.6) ? `${slug.replace(/-/g, '.')}@${company.domain}` : '',
      yearsAtCompany: random.int(0, 12),
    });
  }
  return employees;
}

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
