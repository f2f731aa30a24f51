// The records the fake API answers about a company or a person: a company's page, a person's full
// profile, and a company's employees, filtered.

import { Random } from './random';
import { asciiSlug, type Company, generatedCompany, type Person, PRONET_HOST } from './subjects';
import {
  CITIES,
  DEGREES,
  DEPARTMENTS,
  FIRST_NAMES,
  jobTitle,
  LAST_NAMES,
  SCHOOLS,
  SENIORITIES,
} from './vocabulary';

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

export function companyInfo(company: Company): Record<string, unknown> {
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

export function personProfile(person: Person): Record<string, unknown> {
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
