// The words the fake API's people and companies are made of: names, cities, industries, departments
// and seniorities, and the titles and phone numbers built from them.

import type { Random } from './random';

export const FIRST_NAMES: readonly string[] = (
  'Ada Alan Grace Linus Margaret Katherine Dennis Barbara Ken Frances Edsger Radia Donald ' +
  'Hedy John Sophie Tim Shafi Claude Joan Niklaus Anita Bjarne Lynn Guido Mary James Elena ' +
  'Marco Priya Wei Fatima Diego Aisha Noah Olivia Liam Emma Mateo Yuki'
).split(' ');

export const LAST_NAMES: readonly string[] = (
  'Lovelace Turing Hopper Torvalds Hamilton Johnson Ritchie Liskov Thompson Allen Dijkstra ' +
  'Perlman Knuth Lamarr Backus Wilson Berners Goldwasser Shannon Clarke Wirth Borg Stroustrup ' +
  'Conway Rossum Keller Garcia Rossi Patel Chen Haddad Lopez Okafor Smith Brown Martin Silva ' +
  'Tanaka Novak Muller'
).split(' ');

export interface City {
  readonly name: string;
  readonly areaCode: string;
}

export const CITIES: readonly City[] = [
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

export interface Industry {
  readonly name: string;
  readonly specialties: readonly string[];
  readonly customers: string;
}

export const INDUSTRIES: readonly Industry[] = [
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

export const COMPANY_PREFIXES = [
  'North',
  'Blue',
  'Bright',
  'Silver',
  'Green',
  'Iron',
  'Cloud',
  'Quantum',
  'Cedar',
];
export const COMPANY_SUFFIXES = [
  'wind',
  'stone',
  'path',
  'field',
  'works',
  'forge',
  'bridge',
  'point',
  'line',
];
export const COMPANY_KINDS = ['', ' Labs', ' Systems', ' Group', ' Analytics', ' Partners'];
export const SCHOOLS = [
  'State University',
  'Institute of Technology',
  'College of Engineering',
  'Business School',
];
export const DEGREES = ['BSc', 'BA', 'MSc', 'MBA', 'PhD'];
export const REACTIONS = ['LIKE', 'LIKE', 'LIKE', 'CELEBRATE', 'SUPPORT', 'LOVE', 'INSIGHTFUL', 'FUNNY'];
export const PHOTONET_CATEGORIES = ['', '', 'Artist', 'Photographer', 'Entrepreneur', 'Digital creator'];

export interface Department {
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

export type SeniorityName = (typeof SENIORITIES)[number]['name'];

export function jobTitle(department: Department, seniority: SeniorityName): string {
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
export function phoneNumber(random: Random, city: City): string {
  return `+1 ${city.areaCode} 555 01${String(random.int(0, 99)).padStart(2, '0')}`;
}
