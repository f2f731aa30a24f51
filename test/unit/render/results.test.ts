import { OPERATIONS, operationByType } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';
import { toText } from '../../../src/core/render/readable-text';
import { renderForCell } from '../../../src/core/render/results';
import { primaryAliases, recordRow, resultItems, toTable } from '../../../src/core/render/tables';
import { type CellValue, fieldValue, primaryValue } from '../../../src/core/render/values';
import { fitCell, MAX_CELL_CHARS } from '../../../src/core/text/fit-cell';
import { asLiteralForSheet } from '../../../src/core/text/sheet-literal';

const op = (type: string): Operation => {
  const found = operationByType(type);
  if (!found) throw new Error(`no operation ${type}`);
  return found;
};
const ofShape = (shape: Operation['shape']) => OPERATIONS.filter((o) => o.shape === shape);
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const profile = {
  full_name: 'Ada Lovelace',
  headline: 'Mathematician at Analytical Engines',
  job_title: '',
  company: { name: 'Analytical Engines', website: 'engines.example' },
  location: 'London',
  connections: '500+',
  experience: [
    { title: 'Engineer', company: 'Acme' },
    { title: 'CTO', company: { name: 'Foo' } },
  ],
  skills: ['math', 'poetry'],
};

const company = {
  name: 'Acme Corporation',
  industry: 'Anvils',
  website: 'acme.com',
  employeeCount: '1,234',
  follower_count: 5678,
  company_phone: '+1 555 0100',
  headquarters: { city: 'Phoenix', country: 'US' },
  about: 'We make anvils.',
  specialties: [],
};

const reactions = [
  {
    full_name: 'Ada Lovelace',
    headline: 'Mathematician',
    reaction: 'LIKE',
    pronet_url: 'https://www.pronet.com/in/ada',
    about: 'x'.repeat(500),
  },
  { name: 'Charles Babbage', reaction: 'CELEBRATE', profile: { followers: 10 }, city: 'London' },
];

const employees = [
  {
    full_name: 'Ada Lovelace',
    job_title: 'CTO',
    department: 'Engineering',
    seniority: 'Senior',
    location: 'London',
    pronet_url: 'https://www.pronet.com/in/ada',
    skills: ['math'],
  },
  {
    fullName: 'Grace Hopper',
    jobTitle: 'Engineer',
    department: '',
    Seniority: 'Mid',
    email: 'grace@acme.com',
  },
];

describe('fieldValue', () => {
  it.each(['employee_count', 'employeeCount', 'Employee Count', 'EMPLOYEECOUNT', 'employee-count'])(
    'finds %s whatever style the API used',
    (field) => {
      expect(fieldValue({ employeeCount: 12 }, field)).toBe(12);
      expect(fieldValue({ employee_count: 12 }, field)).toBe(12);
    },
  );

  it('follows dotted paths into nested objects and arrays', () => {
    expect(fieldValue(profile, 'company.name')).toBe('Analytical Engines');
    expect(fieldValue(profile, 'experience.0.title')).toBe('Engineer');
    expect(fieldValue(profile, 'experience.1.company.name')).toBe('Foo');
    expect(fieldValue(profile, 'experience.title')).toBe('Engineer, CTO');
    expect(fieldValue({ 'company.name': 'Literal' }, 'company.name')).toBe('Literal');
    expect(fieldValue({ company_name: 'Other', company: { name: 'Nested' } }, 'company.name')).toBe('Nested');
  });

  it('treats "", null, [] and {} as absent', () => {
    for (const empty of ['', '   ', null, undefined, [], {}, [''], { a: '' }]) {
      expect(fieldValue({ email: empty }, 'email')).toBeNull();
    }
    expect(fieldValue(profile, 'missing')).toBeNull();
    expect(fieldValue('acme.com', 'website')).toBeNull();
  });

  it('prefers a filled field over a blank one spelled another way', () => {
    expect(fieldValue({ employee_count: '', employeeCount: 40 }, 'employee_count')).toBe(40);
  });

  it('joins lists and summarizes objects instead of showing [object Object]', () => {
    expect(fieldValue(profile, 'skills')).toBe('math, poetry');
    expect(fieldValue(profile, 'experience')).toBe('Engineer at Acme; CTO at Foo');
    expect(fieldValue(company, 'headquarters')).toBe('city: Phoenix; country: US');
  });

  it('turns counts sent as text into numbers, and leaves other numeric text alone', () => {
    expect(fieldValue(company, 'employeeCount')).toBe(1234);
    expect(fieldValue({ followers: '2,500' }, 'followers')).toBe(2500);
    expect(fieldValue(profile, 'connections')).toBe('500+');
    expect(fieldValue({ employeeCount: '51-200' }, 'employeeCount')).toBe('51-200');
    expect(fieldValue({ phone: '0612345678' }, 'phone')).toBe('0612345678');
    expect(fieldValue({ zip: '02134' }, 'zip')).toBe('02134');
  });

  it('keeps booleans and numbers as they are', () => {
    expect(fieldValue({ verified: false }, 'verified')).toBe(false);
    expect(fieldValue({ score: 0 }, 'score')).toBe(0);
    expect(fieldValue({ score: Number.NaN }, 'score')).toBeNull();
  });
});

describe('primaryValue', () => {
  it.each(ofShape('scalar').map((o) => [o.type, o]))('%s shows a bare answer as it came', (_type, o) => {
    expect(primaryValue(o, 'https://www.pronet.com/in/ada')).toBe('https://www.pronet.com/in/ada');
    expect(primaryValue(o, 1234)).toBe(1234);
  });

  it.each(ofShape('scalar').map((o) => [o.type, o]))(
    '%s falls back through its candidates when the first is "" or missing',
    (_type, o) => {
      const last = o.primary[o.primary.length - 1]!;
      expect(primaryValue(o, { [o.primary[0]!]: '', [last]: 'found-it' })).toBe('found-it');
      expect(primaryValue(o, { [camel(last)]: 'camel' })).toBe('camel');
      expect(primaryValue(o, { [last.toUpperCase()]: 'upper' })).toBe('upper');
    },
  );

  it('turns a count sent as text into a number for count operations only', () => {
    for (const o of OPERATIONS.filter((x) => x.type.endsWith('employee_count'))) {
      expect(primaryValue(o, '1,234')).toBe(1234);
      expect(primaryValue(o, { employee_count: '87' })).toBe(87);
      expect(primaryValue(o, { employeeCount: '10,001+' })).toBe('10,001+');
    }
    expect(primaryValue(op('company_name_to_phone'), '5550100')).toBe('5550100');
  });

  it('shows the first of several emails or phones', () => {
    expect(primaryValue(op('pronet_profile_to_email'), { emails: ['a@x.com', 'b@x.com'] })).toBe('a@x.com');
    expect(primaryValue(op('company_name_to_email'), ['', 'first@acme.com', 'second@acme.com'])).toBe(
      'first@acme.com',
    );
    expect(
      primaryValue(op('pronet_profile_to_phone'), { phones: [{ number: '+1 555 0100', type: 'mobile' }] }),
    ).toBe('+1 555 0100');
  });

  it('shows the primary value of the first object of a list', () => {
    expect(primaryValue(op('pronet_post_to_reactions'), reactions)).toBe('Ada Lovelace');
    expect(primaryValue(op('pronet_post_to_reactions'), [{}, { name: 'Charles Babbage' }])).toBe(
      'Charles Babbage',
    );
    expect(
      primaryValue(op('company_name_to_phone'), { company_phone: '+1 555 0100', employeeCount: 3 }),
    ).toBe('+1 555 0100');
  });

  it('looks inside a wrapper object', () => {
    expect(primaryValue(op('company_name_to_website'), { data: { website: 'acme.com' }, id: 7 })).toBe(
      'acme.com',
    );
  });

  it('falls back to the first short value when no candidate field exists', () => {
    const o = op('pronet_profile_to_pronet_info');
    expect(primaryValue(o, { about: 'long '.repeat(100), city: 'Paris', tags: ['a'] })).toBe('Paris');
    expect(primaryValue(op('company_name_to_email'), { address: { contact: 'hi@acme.com' } })).toBe(
      'contact: hi@acme.com',
    );
  });

  it('is null when nothing usable came back', () => {
    for (const o of OPERATIONS) {
      for (const empty of [null, undefined, '', '  ', [], {}, [null, ''], { email: '', phone: null }]) {
        expect(primaryValue(o, empty)).toBeNull();
      }
    }
  });
});

describe('recordRow', () => {
  it('gives the fields of the operation in table order, "" where this result lacks one', () => {
    const o = op('pronet_company_to_pronet_info');
    const { header, row } = recordRow(o, company);
    expect(header).toEqual([...o.fields]);
    expect(row).toEqual([
      'Acme Corporation',
      'Anvils',
      'acme.com',
      1234,
      5678,
      'city: Phoenix; country: US',
      'We make anvils.',
    ]);
  });

  it('reads results written in another naming style', () => {
    const o = op('pronet_profile_to_pronet_info');
    const camelCased = Object.fromEntries(Object.entries(profile).map(([k, v]) => [camel(k), v]));
    expect(recordRow(o, camelCased).row).toEqual(recordRow(o, profile).row);
    expect(recordRow(o, profile).row).toEqual([
      'Ada Lovelace',
      'Mathematician at Analytical Engines',
      '',
      'Analytical Engines',
      'London',
      '500+',
    ]);
  });

  it('fills the primary column from any of the primary names', () => {
    const o = op('b2b_data_lookup');
    expect(recordRow(o, { full_name: 'Ada Lovelace', type: 'person' }).row.slice(0, 2)).toEqual([
      'Ada Lovelace',
      'person',
    ]);
    expect(renderForCell(op('pronet_post_to_reactions'), reactions, 'full_name')).toEqual([
      ['Ada Lovelace'],
      ['Charles Babbage'],
    ]);
  });

  it('ignores properties every object inherits', () => {
    expect(fieldValue({ name: 'x' }, 'constructor')).toBeNull();
    expect(fieldValue({ name: 'x' }, 'toString')).toBeNull();
    expect(() => renderForCell(op('photonet_lookup'), { username: 'x' }, 'constructor')).toThrow(
      /Unknown field/,
    );
  });

  it('takes chosen fields, the first item of a list, and places a bare answer in the primary column', () => {
    const o = op('b2b_data_lookup');
    expect(recordRow(o, [{}, company], ['website', 'company_phone']).row).toEqual([
      'acme.com',
      '+1 555 0100',
    ]);
    expect(recordRow(o, 'Acme', ['email', 'name']).row).toEqual(['', 'Acme']);
    expect(recordRow(o, null).row).toEqual(o.fields.map(() => ''));
  });
});

describe('toTable', () => {
  it('puts preferred fields first, then other short fields, one row per item', () => {
    const o = op('pronet_post_to_reactions');
    expect(toTable(reactions, o.fields, primaryAliases(o))).toEqual([
      ['full_name', 'headline', 'reaction', 'pronet_url', 'city'],
      ['Ada Lovelace', 'Mathematician', 'LIKE', 'https://www.pronet.com/in/ada', ''],
      ['Charles Babbage', '', 'CELEBRATE', '', 'London'],
    ]);
  });

  it('leaves out preferred fields no item has, and long text or nested lists found elsewhere', () => {
    const table = toTable(employees, op('company_name_to_employees').fields);
    expect(table[0]).toEqual([
      'full_name',
      'job_title',
      'department',
      'seniority',
      'location',
      'pronet_url',
      'email',
    ]);
    expect(table[2]).toEqual(['Grace Hopper', 'Engineer', '', 'Mid', '', '', 'grace@acme.com']);
  });

  it('keeps differently named fields apart unless told they are the same column', () => {
    expect(toTable(reactions, ['full_name', 'reaction'])[0]).toEqual([
      'full_name',
      'reaction',
      'headline',
      'pronet_url',
      'name',
      'city',
    ]);
  });

  it('unwraps a list inside an object and handles lists of plain values', () => {
    expect(toTable({ total: 2, reactions }, ['reaction'])).toEqual([
      ['reaction', 'full_name', 'headline', 'pronet_url', 'name', 'city'],
      expect.any(Array),
      expect.any(Array),
    ]);
    expect(toTable(['a@x.com', 'b@x.com'], ['email'])).toEqual([['email'], ['a@x.com'], ['b@x.com']]);
    expect(toTable([], ['email'])).toEqual([]);
    expect(toTable(null)).toEqual([]);
  });

  it('counts only the items worth a row', () => {
    expect(resultItems([employees[0], null, {}, employees[1]])).toHaveLength(2);
    expect(resultItems({ employees })).toHaveLength(2);
    expect(resultItems(company)).toEqual([company]);
  });
});

describe('renderForCell', () => {
  it.each(ofShape('scalar').map((o) => [o.type, o]))('%s shows one value', (_type, o) => {
    expect(renderForCell(o, { [o.primary[0]!]: 'value-1', other: 'x' })).toBe('value-1');
  });

  it.each(ofShape('record').map((o) => [o.type, o]))('%s with a field shows that field', (_type, o) => {
    const keys = o.fields.map((f, i) => (i % 2 ? camel(f) : snake(f)));
    const result = Object.fromEntries(o.fields.map((f, i) => [keys[i], `v-${f}`]));
    for (const f of o.fields) expect(renderForCell(o, result, f)).toBe(`v-${f}`);
    expect(renderForCell(o, { ...result, [keys[2]!]: '' }, o.fields[2])).toBeNull();
  });

  it.each(ofShape('record').map((o) => [o.type, o]))(
    '%s names the available fields for an unknown one',
    (_type, o) => {
      const result = { [o.fields[0]!]: 'x', extra_fact: 'y', empty_fact: '' };
      expect(() => renderForCell(o, result, 'foo')).toThrow(
        `Unknown field "foo". Available: ${[...o.fields, 'extra_fact'].join(', ')}`,
      );
    },
  );

  it('shows a documented field the result lacks as empty, not as an error', () => {
    expect(renderForCell(op('photonet_lookup'), { username: 'ada' }, 'bio')).toBeNull();
  });

  it('reads a field in any style and from nested paths', () => {
    const o = op('pronet_company_to_pronet_info');
    expect(renderForCell(o, company, 'Employee Count')).toBe(1234);
    expect(renderForCell(o, company, 'headquarters.city')).toBe('Phoenix');
    expect(() => renderForCell(o, company, 'phone')).toThrow(/Available: .*company_phone/);
    expect(() => renderForCell(o, company, 'headquarters.zip')).toThrow(/Unknown field "headquarters.zip"/);
  });

  it('shows a record without a field as one row of its fields, without a header', () => {
    const o = op('photonet_lookup');
    const output = renderForCell(o, { followers: '1,200', username: 'ada.l', bio: '', posts: 12 });
    expect(output).toEqual([['ada.l', '', 1200, '', 12, '', '']]);
  });

  it('shows a record with none of its fields by its best short value', () => {
    expect(renderForCell(op('b2b_data_lookup'), { domain: 'acme.com' })).toBe('acme.com');
    expect(renderForCell(op('pronet_company_to_pronet_info'), 'Acme Corporation')).toBe('Acme Corporation');
  });

  it('spills lists and employees as a table with a header row', () => {
    for (const o of [...ofShape('list'), ...ofShape('employees')]) {
      const output = renderForCell(o, employees) as CellValue[][];
      const present = o.fields.filter((f) => f !== 'headline' && f !== 'reaction');
      expect(output[0]?.slice(0, present.length)).toEqual(present);
      expect(output.map((row) => row[0])).toEqual(['full_name', 'Ada Lovelace', 'Grace Hopper']);
      expect(output).toHaveLength(3);
    }
  });

  it('narrows a list to one column when a field is given', () => {
    const o = op('pronet_post_to_reactions');
    expect(renderForCell(o, reactions, 'reaction')).toEqual([['LIKE'], ['CELEBRATE']]);
    expect(renderForCell(o, reactions, 'city')).toEqual([[''], ['London']]);
    expect(() => renderForCell(o, reactions, 'shoe_size')).toThrow(/Available: full_name, headline/);
  });

  it('answers a bare scalar with a field only for the primary field', () => {
    const o = op('company_name_to_website');
    expect(renderForCell(o, 'acme.com', 'website')).toBe('acme.com');
    expect(renderForCell(o, 'acme.com', 'domain')).toBe('acme.com');
    expect(() => renderForCell(o, 'acme.com', 'industry')).toThrow(
      'Unknown field "industry". Available: website',
    );
    const companyPage = op('pronet_company_to_pronet_info');
    expect(renderForCell(companyPage, 'Acme Corporation', 'name')).toBe('Acme Corporation');
    expect(renderForCell(companyPage, 'Acme Corporation', 'industry')).toBeNull();
  });

  it('ignores a blank field argument, as an empty cell passes one', () => {
    expect(renderForCell(op('photonet_lookup'), { username: 'ada' }, '  ')).toEqual([
      ['ada', '', '', '', '', '', ''],
    ]);
  });

  it('is null for nothing found, for every operation', () => {
    for (const o of OPERATIONS) {
      for (const empty of [null, '', [], {}, [{}], { name: '' }]) expect(renderForCell(o, empty)).toBeNull();
    }
  });
});

describe('toText', () => {
  it('writes values, lists and objects as a person would read them', () => {
    expect(toText(['a', 'b', '', null, 3])).toBe('a, b, 3');
    expect(toText(profile.experience)).toBe('Engineer at Acme; CTO at Foo');
    expect(toText({ a: 1, b: true, c: '', d: ['x', 'y'] })).toBe('a: 1; b: TRUE; d: x, y');
    expect(
      toText([
        { degree: 'BSc', year: 1835 },
        { year: 1840, note: 'hon' },
      ]),
    ).toBe('BSc; year: 1840, note: hon');
    expect(toText(null)).toBe('');
  });

  it('never writes [object Object], however deep', () => {
    let deep: unknown = { leaf: { value: { x: 1 } } };
    for (let i = 0; i < 20; i += 1) deep = { nested: [deep, { inner: deep }] };
    for (const value of [deep, [[{}]], [{ a: { b: { c: [{ d: {} }] } } }], { o: { p: {} } }]) {
      expect(toText(value)).not.toContain('[object');
    }
  });
});

describe('cell size', () => {
  const huge = 'é'.repeat(MAX_CELL_CHARS + 10);

  it('cuts text beyond what a Sheets cell holds, with an ellipsis', () => {
    const shown = fieldValue({ about: huge }, 'about') as string;
    expect(shown).toHaveLength(MAX_CELL_CHARS);
    expect(shown.endsWith('…')).toBe(true);
    const row = renderForCell(op('pronet_company_to_pronet_info'), {
      ...company,
      about: huge,
    }) as CellValue[][];
    expect(String(row[0]?.[6])).toHaveLength(MAX_CELL_CHARS);
    expect(String(renderForCell(op('company_name_to_website'), huge))).toHaveLength(MAX_CELL_CHARS);
  });

  it('does not cut an emoji in half', () => {
    const text = `${'a'.repeat(MAX_CELL_CHARS - 2)}😀tail`;
    const shown = String(fieldValue({ bio: text }, 'bio'));
    expect(shown.endsWith('a…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
  });

  it('leaves text that fits alone', () => {
    const fits = 'x'.repeat(MAX_CELL_CHARS);
    expect(fieldValue({ bio: fits }, 'bio')).toBe(fits);
  });
});

describe('asLiteralForSheet', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
    ['+1 555 0100', "'+1 555 0100"],
    ['-5', "'-5"],
    ['@ada.lovelace', "'@ada.lovelace"],
    ["'quoted'", "''quoted'"],
    ['0612345678', "'0612345678"],
    ['(555) 555-0100', "'(555) 555-0100"],
    ['2024-01-05', "'2024-01-05"],
    ['50%', "'50%"],
    ['1e5', "'1e5"],
    ['TRUE', "'TRUE"],
  ])('keeps %s as the text it is', (input, written) => {
    expect(asLiteralForSheet(input)).toBe(written);
  });

  it.each([
    'acme.com',
    'Ada Lovelace',
    'a@x.com',
    'https://www.pronet.com/in/ada',
    'Series B',
    '500+ connections',
    '',
  ])('writes ordinary text %s unchanged', (text) => expect(asLiteralForSheet(text)).toBe(text));

  it('writes numbers and booleans unchanged, negative numbers included', () => {
    expect(asLiteralForSheet(-5)).toBe(-5);
    expect(asLiteralForSheet(1234)).toBe(1234);
    expect(asLiteralForSheet(false)).toBe(false);
  });
});

describe('a broad sweep of operations and result shapes', () => {
  const shapes: unknown[] = [
    null,
    '',
    'acme.com',
    '=1+1',
    1234,
    '1,234',
    true,
    [],
    {},
    ['a@x.com', 'b@x.com'],
    [{}],
    [[{ deep: { deeper: {} } }]],
    profile,
    company,
    reactions,
    employees,
    { data: [{ a: { b: { c: {} } } }] },
    { nested: { only: { objects: { here: [{ x: { y: 'z' } }] } } } },
    { weird: [{ a: [{}] }, { b: [[{ c: 1 }]] }] },
  ];

  it('always returns plain cell values and never [object Object]', () => {
    const outputs: unknown[] = [];
    for (const o of OPERATIONS) {
      for (const result of shapes) {
        outputs.push(
          primaryValue(o, result),
          recordRow(o, result),
          toTable(result, o.fields),
          toText(result),
        );
        for (const field of [undefined, ...o.fields, 'company.name', 'experience', 'nested', 'weird']) {
          try {
            outputs.push(renderForCell(o, result, field));
          } catch (error) {
            outputs.push((error as Error).message);
          }
        }
        for (const field of ['experience', 'headquarters', 'weird', 'nested.only']) {
          outputs.push(fieldValue(result, field));
        }
      }
    }
    const cells = outputs.flatMap(function flatten(value: unknown): unknown[] {
      if (Array.isArray(value)) return value.flatMap(flatten);
      if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
      return [value];
    });
    expect(cells.length).toBeGreaterThan(1000);
    for (const cell of cells) expect(['string', 'number', 'boolean', 'object']).toContain(typeof cell);
    expect(cells.filter((cell) => typeof cell === 'object' && cell !== null)).toEqual([]);
    expect(JSON.stringify(outputs)).not.toContain('[object');
  });
});

describe('fitCell', () => {
  it('keeps a cell within 50,000 characters without splitting an emoji in two', () => {
    const text = `${'a'.repeat(49_998)}😀${'b'.repeat(10)}`;
    const fitted = fitCell(text);
    expect(fitted.length).toBeLessThanOrEqual(50_000);
    expect(fitted.endsWith('…')).toBe(true);
    // No lone high surrogate before the ellipsis: the emoji is kept whole or left out.
    expect(/[\uD800-\uDBFF]…$/.test(fitted)).toBe(false);
    expect(fitCell('short')).toBe('short');
  });
});
