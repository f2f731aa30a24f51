import { OPERATIONS } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';
import { type Answer, FAKE_OPERATIONS } from '../catalog';
import { DEFAULT_EMPLOYEE_LIMIT } from '../profiles';
import { DEPARTMENTS, SENIORITIES } from '../vocabulary';
import { type Harness, harness, SAMPLE_INPUT, sampleRequest } from './helpers';

const PHONE = /^\+1 \d{3} 555 01\d{2}$/;
type Json = Record<string, unknown>;

function resultOf(h: Harness, body: Json): unknown {
  const answer = h.lookup(body);
  expect(answer.status).toBe(200);
  return answer.json.result;
}

function primaryValue(op: Operation, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Json;
  return op.primary
    .map((field) => record[field])
    .find((candidate) => candidate !== undefined && candidate !== '');
}

describe('fake API data: every operation answers a plausible shape', () => {
  it.each(OPERATIONS.filter((op) => op.shape === 'scalar'))(
    '$type: a value the primary fields find',
    (op) => {
      const value = primaryValue(op, resultOf(harness(), sampleRequest(op)));
      if (op.primary.some((field) => /count/i.test(field))) {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThan(0);
      } else {
        expect(typeof value === 'string' || Array.isArray(value)).toBe(true);
        expect(String(value)).not.toBe('');
      }
    },
  );

  it.each(OPERATIONS.filter((op) => op.shape === 'record'))(
    '$type: an object with its table fields',
    (op) => {
      const record = resultOf(harness(), sampleRequest(op)) as Json;
      expect(typeof record).toBe('object');
      expect(Array.isArray(record)).toBe(false);
      for (const field of op.fields) expect(record).toHaveProperty(field);
      expect(typeof primaryValue(op, record)).toBe('string');
    },
  );

  it.each(OPERATIONS.filter((op) => op.shape === 'list' || op.shape === 'employees'))(
    '$type: an array of objects with its table fields',
    (op) => {
      const rows = resultOf(harness(), sampleRequest(op)) as Json[];
      expect(Array.isArray(rows)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const field of op.fields) expect(row).toHaveProperty(field);
        expect(typeof primaryValue(op, row)).toBe('string');
      }
    },
  );

  it.each(FAKE_OPERATIONS)('$type answers what its catalog row says: $answers', (op) => {
    const result = resultOf(harness(), sampleRequest(op));
    const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    const shapeOf = (value: unknown): Answer | 'other' => {
      if (typeof value === 'string') return 'text';
      if (typeof value === 'number') return 'number';
      if (isObject(value)) return 'record';
      if (!Array.isArray(value) || value.length === 0 || !value.every(isObject)) return 'other';
      return 'reaction' in (value[0] as Json) ? 'reactions' : 'employees';
    };
    expect(shapeOf(result)).toBe(op.answers);
  });

  it('answers bare strings and numbers for simple lookups', () => {
    const h = harness();
    expect(resultOf(h, { type: 'company_name_to_website', input_data: 'Acme Corporation' })).toBe('acme.com');
    expect(typeof resultOf(h, { type: 'company_name_to_employee_count', input_data: 'Acme' })).toBe('number');
    expect(resultOf(h, { type: 'company_name_to_pronet_url', input_data: 'Acme Inc.' })).toBe(
      'https://www.pronet.com/company/acme',
    );
  });

  it('nests arrays in profile and company info', () => {
    const h = harness();
    const profile = resultOf(h, {
      type: 'pronet_profile_to_pronet_info',
      input_data: SAMPLE_INPUT.person_url,
    }) as Json;
    expect(profile.experience).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: profile.job_title, company: profile.company }),
      ]),
    );
    const company = resultOf(h, {
      type: 'pronet_company_to_pronet_info',
      input_data: SAMPLE_INPUT.company_url,
    }) as Json;
    expect(Array.isArray(company.specialties)).toBe(true);
    expect((company.specialties as string[]).length).toBeGreaterThan(0);
    expect(typeof company.followerCount).toBe('number');
    expect(company.about).toEqual(expect.stringContaining(String(company.name)));
  });

  it('mixes field naming styles and uses "" for missing fields', () => {
    const h = harness({ rateLimitPerSecond: Infinity });
    const keys = new Set<string>();
    const blanks: string[] = [];
    for (const op of OPERATIONS) {
      const result = resultOf(h, sampleRequest(op));
      const objects = Array.isArray(result) ? result : [result];
      for (const object of objects) {
        if (typeof object !== 'object' || object === null) continue;
        for (const [name, value] of Object.entries(object)) {
          keys.add(name);
          if (value === '') blanks.push(`${op.type}.${name}`);
        }
      }
    }
    expect([...keys].some((name) => /^[a-z]+[A-Z]/.test(name))).toBe(true);
    expect([...keys].some((name) => name.includes('_'))).toBe(true);
    expect(keys).toContain('employeeCount');
    expect(keys).toContain('company_phone');
    expect(blanks.length).toBeGreaterThan(0);
  });

  it('answers null when the input designates nothing of the right kind', () => {
    const h = harness();
    expect(resultOf(h, { type: 'lead_full_name_to_email', input_data: 'Cher' })).toBeNull();
    expect(resultOf(h, { type: 'email_to_pronet_url', input_data: 'info@acme.com' })).toBeNull();
    expect(
      resultOf(h, { type: 'pronet_profile_to_email', input_data: 'https://www.pronet.com/company/acme' }),
    ).toBeNull();
    expect(resultOf(h, { type: 'photonet_lookup', input_data: 'not a handle!' })).toBeNull();
  });
});

describe('fake API data: realistic values', () => {
  it('builds emails as first.last@company-domain and phones in the 555-01xx block', () => {
    const h = harness();
    expect(
      resultOf(h, { type: 'lead_full_name_to_email', input_data: 'Grace Hopper Acme Corporation' }),
    ).toBe('grace.hopper@acme.com');
    const phone = resultOf(h, {
      type: 'pronet_profile_to_phone',
      input_data: SAMPLE_INPUT.person_url,
    }) as Json;
    expect(phone.phone).toMatch(PHONE);
    const company = resultOf(h, { type: 'company_name_to_phone', input_data: 'Acme' }) as Json;
    expect(company.company_phone).toMatch(PHONE);
  });

  it('puts profile and company URLs on www.pronet.com', () => {
    const h = harness();
    const url = resultOf(h, { type: 'lead_full_name_to_pronet_url', input_data: 'Grace Hopper Acme' });
    expect(url).toMatch(/^https:\/\/www\.pronet\.com\/in\/grace-hopper-[0-9a-f]{6}$/);
    const profile = resultOf(h, {
      type: 'pronet_profile_to_pronet_info',
      input_data: SAMPLE_INPUT.person_url,
    }) as Json;
    expect(profile.pronet_url).toBe(SAMPLE_INPUT.person_url);
  });

  it('agrees with itself across operations: the same person, the same company', () => {
    const h = harness();
    const email = resultOf(h, {
      type: 'lead_full_name_to_email',
      input_data: 'Alan Turing Bletchley Park',
    }) as string;
    const byName = resultOf(h, {
      type: 'lead_full_name_to_pronet_url',
      input_data: 'Alan Turing Bletchley Park',
    });
    const byEmail = resultOf(h, { type: 'email_to_pronet_url', input_data: email }) as Json;
    expect(byEmail.pronet_url).toBe(byName);
    const counts = [
      resultOf(h, { type: 'company_name_to_employee_count', input_data: 'Bletchley Park Ltd' }),
      resultOf(h, {
        type: 'pronet_company_to_employee_count',
        input_data: 'https://www.pronet.com/company/bletchley-park',
      }),
      (resultOf(h, { type: 'b2b_data_lookup', input_data: 'bletchleypark.com' }) as Json).employeeCount,
    ];
    expect(new Set(counts).size).toBe(1);
  });

  it('is deterministic: two fakes give identical answers to every operation', () => {
    const answers = () => {
      const h = harness({ rateLimitPerSecond: Infinity });
      return OPERATIONS.map((op) => h.lookup(sampleRequest(op)).text);
    };
    expect(answers()).toEqual(answers());
  });

  it('varies with the input', () => {
    const h = harness();
    const a = resultOf(h, {
      type: 'pronet_company_to_pronet_info',
      input_data: 'https://www.pronet.com/company/acme',
    });
    const b = resultOf(h, {
      type: 'pronet_company_to_pronet_info',
      input_data: 'https://www.pronet.com/company/globex',
    });
    expect(a).not.toEqual(b);
    const reactionsA = resultOf(h, { type: 'pronet_post_to_reactions', input_data: SAMPLE_INPUT.post_url });
    const reactionsB = resultOf(h, {
      type: 'pronet_post_to_reactions',
      input_data: 'https://www.pronet.com/feed/update/urn:li:activity:42',
    });
    expect(reactionsA).not.toEqual(reactionsB);
  });
});

describe('fake API data: employee lists honour the filters', () => {
  const employees = (h: Harness, options: Json, input = 'Acme Corporation') =>
    resultOf(h, { type: 'company_name_to_employees', input_data: input, ...options }) as Json[];

  it('filters by department and seniority, case-insensitively', () => {
    const h = harness({ rateLimitPerSecond: Infinity });
    const sales = employees(h, { department: 'sales' });
    expect(sales.length).toBeGreaterThan(0);
    expect(new Set(sales.map((e) => e.department))).toEqual(new Set(['Sales']));
    const senior = employees(h, { seniority: 'SENIOR' });
    expect(new Set(senior.map((e) => e.seniority))).toEqual(new Set(['Senior']));
    const both = employees(h, { department: 'Engineering', seniority: 'senior' }, 'Initech');
    expect(both).toHaveLength(DEFAULT_EMPLOYEE_LIMIT);
    for (const e of both) expect([e.department, e.seniority]).toEqual(['Engineering', 'Senior']);
  });

  it('returns exactly employee_count employees when the company has them', () => {
    const h = harness();
    expect(employees(h, { employee_count: 7 })).toHaveLength(7);
    expect(employees(h, { employee_count: 1 })).toHaveLength(1);
  });

  it('returns min(company size, 25) without employee_count, and never more than the company has', () => {
    const h = harness({ rateLimitPerSecond: Infinity });
    const size = (name: string) =>
      resultOf(h, { type: 'company_name_to_employee_count', input_data: name }) as number;
    const names = Array.from({ length: 40 }, (_, i) => `Startup ${i}`);
    const small = names.find((name) => size(name) < DEFAULT_EMPLOYEE_LIMIT);
    const big = names.find((name) => size(name) > 100);
    if (small === undefined || big === undefined)
      throw new Error('no small or no big company among the names');
    expect(employees(h, {}, small)).toHaveLength(size(small));
    expect(employees(h, { employee_count: 1000 }, small)).toHaveLength(size(small));
    expect(employees(h, {}, big)).toHaveLength(DEFAULT_EMPLOYEE_LIMIT);
  });

  it('gives the same roster whether the company is named by name, domain or page', () => {
    const h = harness();
    const byName = employees(h, { employee_count: 5 });
    const byDomain = resultOf(h, {
      type: 'company_domain_to_employees',
      input_data: 'acme.com',
      employee_count: 5,
    });
    const byPage = resultOf(h, {
      type: 'pronet_company_to_employees',
      input_data: 'https://www.pronet.com/company/acme/',
      employee_count: 5,
    });
    expect(byDomain).toEqual(byName);
    expect(byPage).toEqual(byName);
  });

  it('uses only known departments and seniorities, with emails on the company domain', () => {
    const h = harness();
    const departmentNames = DEPARTMENTS.map((d) => d.name);
    const levels = SENIORITIES.map((s) => s.name as string);
    for (const e of employees(h, { employee_count: 50 })) {
      expect(departmentNames).toContain(e.department);
      expect(levels).toContain(e.seniority);
      expect(e.email === '' || /^[a-z]+\.[a-z]+@acme\.com$/.test(String(e.email))).toBe(true);
      expect(e.pronet_url).toMatch(/^https:\/\/www\.pronet\.com\/in\//);
    }
  });

  it('answers a domain list lookup given a name with null (a domain is required)', () => {
    const h = harness();
    expect(resultOf(h, { type: 'company_domain_to_employees', input_data: 'Acme Corporation' })).toBeNull();
  });
});

describe('fake API data: reactions', () => {
  it('answers an array of people with a reaction type', () => {
    const reactions = resultOf(harness(), {
      type: 'pronet_post_to_reactions',
      input_data: SAMPLE_INPUT.post_url,
    }) as Json[];
    expect(reactions.length).toBeGreaterThan(0);
    for (const reaction of reactions) {
      expect(String(reaction.reaction)).toMatch(/^[A-Z]+$/);
      expect(String(reaction.full_name)).toMatch(/^\S+ \S+$/);
    }
  });
});
