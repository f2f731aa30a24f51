import type { RawArguments } from '../../../src/core/formulas/arguments';
import { normalizeText } from '../../../src/core/formulas/canonical';
import { resolveType } from '../../../src/core/formulas/enrich-type';
import { formulaRows } from '../../../src/core/formulas/formula-rows';
import {
  normalizeDomain,
  normalizeEmail,
  normalizePersonName,
  normalizePhotonetHandle,
  parseEmployeeCount,
  parsePronetUrl,
} from '../../../src/core/formulas/input-normalizers';
import { MAX_FILTER_LENGTH, MAX_INPUT_LENGTH } from '../../../src/core/formulas/limits';
import { type Prepared, prepareRequest } from '../../../src/core/formulas/request';
import { GENERIC_FUNCTION, OPERATIONS, operationByFunction } from '../../../src/core/operations/table';
import type { InputKind, Operation } from '../../../src/core/operations/types';

const PERSON_URL = 'https://www.pronet.com/in/ada-lovelace';
const COMPANY_URL = 'https://www.pronet.com/company/acme';
const POST_URL = 'https://www.pronet.com/posts/ada-lovelace_engines-activity-123';

/** ENRICH(type, input): the row its formula prepares. */
function prepareByType(type: unknown, { input }: RawArguments): Prepared {
  const rows = formulaRows('ENRICH', [type, input]);
  if (!rows.ok) throw new Error(rows.message);
  return rows.rows[0]!.prepared;
}

const op = (functionName: string): Operation => {
  const found = operationByFunction(functionName);
  if (!found) throw new Error(`no operation ${functionName} in the table`);
  return found;
};

function sent(prepared: Prepared): Record<string, unknown> {
  if (prepared.kind !== 'request') throw new Error(`expected a request, got ${JSON.stringify(prepared)}`);
  return { ...prepared.request };
}

function message(prepared: Prepared): string {
  if (prepared.kind !== 'invalid') throw new Error(`expected a refusal, got ${JSON.stringify(prepared)}`);
  return prepared.message;
}

/** Per input kind: inputs accepted with the `input_data` sent, and inputs refused with what the message says. */
const SAMPLES: Record<InputKind, { accepts: [unknown, string][]; refuses: [unknown, RegExp][] }> = {
  person_name: {
    accepts: [
      ['Ada Lovelace', 'Ada Lovelace'],
      ['  Ada \n Lovelace\t', 'Ada Lovelace'],
      ['Lovelace, Ada', 'Ada Lovelace'],
      ['Ada Lovelace, PhD', 'Ada Lovelace PhD'],
      ['José\u00A0García', 'José García'],
    ],
    refuses: [
      [PERSON_URL, /^This is a person profile URL; \S+ needs a person's full name\./],
      [COMPANY_URL, /^This is a company page URL/],
      [POST_URL, /^This is a post URL/],
      ['ada@acme.com', /^This is an email address/],
      ['https://www.acme.com/team', /^This is a web address/],
      ['@ada.lovelace', /^This is a photonet handle/],
      [1815, /^This is a number/],
      ['1815', /got "1815"/],
    ],
  },
  email: {
    accepts: [
      ['ada@acme.com', 'ada@acme.com'],
      ['Ada.Lovelace@ACME.Com', 'ada.lovelace@acme.com'],
      [' mailto:ada@acme.com ', 'ada@acme.com'],
      ['Ada Lovelace <ada@Acme.com>', 'ada@acme.com'],
      ['ada+crm@mail.acme.co.uk', 'ada+crm@mail.acme.co.uk'],
      ['ada@acme.com.', 'ada@acme.com'],
    ],
    refuses: [
      ['ada@acme', /got "ada@acme"\.$/],
      ['ada@', /got "ada@"/],
      ['ada@@acme.com', /got/],
      ['.ada@acme.com', /got/],
      ['ada..lovelace@acme.com', /got/],
      ['ada@10.0.0.1', /got/],
      ['ada at acme.com', /got/],
      ['Ada Lovelace', /needs an email address such as ada@acme\.com; got "Ada Lovelace"\. For names, use/],
      [PERSON_URL, /^This is a person profile URL/],
      [42, /^This is a number/],
    ],
  },
  person_url: {
    accepts: [
      [PERSON_URL, PERSON_URL],
      ['www.pronet.com/in/ada-lovelace/', PERSON_URL],
      ['HTTP://WWW.Pronet.COM/in/ada-lovelace/details/experience/?trk=x#top', PERSON_URL],
    ],
    refuses: [
      [
        COMPANY_URL,
        /^This is a company page URL; \S+ needs a person profile URL \(pronet\.com\/in\/\.\.\.\)\./,
      ],
      [POST_URL, /^This is a post URL/],
      ['ada@acme.com', /^This is an email address/],
      ['Ada Lovelace', /got "Ada Lovelace"/],
      ['https://www.pronet.com/in/', /got "https:\/\/www\.pronet\.com\/in\/"/],
      ['https://www.acme.com/about', /got/],
      [7, /^This is a number/],
    ],
  },
  company_name: {
    accepts: [
      ['Acme Corporation', 'Acme Corporation'],
      ['  Acme,   Inc. ', 'Acme, Inc.'],
      ['3M', '3M'],
      [1800, '1800'],
      ['Booking.com', 'Booking.com'],
      ['@Home Network', '@Home Network'],
    ],
    refuses: [
      [COMPANY_URL, /^This is a company page URL; \S+ needs a company name\./],
      [PERSON_URL, /^This is a person profile URL/],
      [POST_URL, /^This is a post URL/],
      ['ada@acme.com', /^This is an email address/],
      ['https://www.acme.com', /^This is a web address/],
      ['www.acme.com', /^This is a web address/],
    ],
  },
  company_domain: {
    accepts: [
      ['acme.com', 'acme.com'],
      ['ACME.com', 'acme.com'],
      ['www.acme.com', 'acme.com'],
      ['https://www.Acme.com/about?ref=x#top', 'acme.com'],
      ['http://acme.com:8080/', 'acme.com'],
      ['acme.com.', 'acme.com'],
      ['eu.acme.co.uk', 'eu.acme.co.uk'],
      ['bücher.de', 'bücher.de'],
    ],
    refuses: [
      ['Acme Corp', /needs a company domain such as acme\.com; got "Acme Corp"\. For names, use/],
      ['acme', /got "acme"/],
      ['10.0.0.1', /got/],
      ['-acme.com', /got/],
      [
        'ada@acme.com',
        /^This is an email address; \S+ needs a company domain, such as its domain acme\.com\.$/,
      ],
      [COMPANY_URL, /^This is a company page URL/],
      [PERSON_URL, /^This is a person profile URL/],
      [1800, /^This is a number/],
    ],
  },
  company_url: {
    accepts: [
      [COMPANY_URL, COMPANY_URL],
      ['pronet.com/company/acme', COMPANY_URL],
      ['https://www.pronet.com/company/acme/about/', COMPANY_URL],
      ['www.PRONET.com/company/acme?trk=nav', COMPANY_URL],
    ],
    refuses: [
      [
        PERSON_URL,
        /^This is a person profile URL; \S+ needs a company page URL \(pronet\.com\/company\/\.\.\.\)\./,
      ],
      [POST_URL, /^This is a post URL/],
      ['Acme Corporation', /got "Acme Corporation"/],
      ['https://www.pronet.com/company/', /got/],
      ['https://www.acme.com', /got/],
      [3, /^This is a number/],
    ],
  },
  post_url: {
    accepts: [
      [POST_URL, POST_URL],
      [`${POST_URL}/?utm_source=share#comments`, POST_URL],
      [
        'www.pronet.com/feed/update/urn:li:activity:7123/',
        'https://www.pronet.com/feed/update/urn:li:activity:7123',
      ],
    ],
    refuses: [
      [PERSON_URL, /^This is a person profile URL; \S+ needs a post URL/],
      [COMPANY_URL, /^This is a company page URL/],
      ['https://www.pronet.com/feed/', /got/],
      ['https://www.pronet.com/posts', /got/],
      ['great post', /got "great post"/],
    ],
  },
  any_identifier: {
    accepts: [
      ['acme.com', 'acme.com'],
      [' Ada   Lovelace ', 'Ada Lovelace'],
      [4155550100, '4155550100'],
      ['https://WWW.pronet.com/in/ada-lovelace/', PERSON_URL],
    ],
    refuses: [],
  },
  photonet_handle: {
    accepts: [
      ['@ada.lovelace', 'ada.lovelace'],
      ['ada.lovelace', 'ada.lovelace'],
      ['@Ada_Lovelace', 'ada_lovelace'],
      ['https://www.photonet.com/ada.lovelace/', 'ada.lovelace'],
      ['photonet.com/Ada.Lovelace?igsh=abc', 'ada.lovelace'],
      [1815, '1815'],
    ],
    refuses: [
      [
        'ada lovelace',
        /^"ada lovelace" cannot be a photonet handle; \S+ needs letters, digits, periods and underscores only \(at most 30\)\.$/,
      ],
      ['ada-lovelace', /cannot be a photonet handle/],
      ['@@ada', /cannot be a photonet handle/],
      ['a'.repeat(31), /cannot be a photonet handle/],
      ['https://www.photonet.com/p/Cx123/', /^This web address is not a photonet profile/],
      ['https://www.photonet.com/', /^This web address is not a photonet profile/],
      [PERSON_URL, /^This is a person profile URL/],
      ['ada@acme.com', /^This is an email address/],
      [1.5, /^This is a number/],
    ],
  },
};

/** One input of every kind: thrown at every operation to check refusals and suggestions. */
const EVERY_KIND: readonly unknown[] = [
  'Ada Lovelace',
  'Acme Corporation',
  'ada@acme.com',
  'acme.com',
  'https://www.acme.com/',
  '@ada.lovelace',
  PERSON_URL,
  COMPANY_URL,
  POST_URL,
];

const FUNCTION_NAMES = /\b[A-Z][A-Z0-9_]*[A-Z]\b/g;

describe.each(OPERATIONS.map((o) => [o.functionName, o] as const))('%s', (functionName, operation) => {
  const samples = SAMPLES[operation.input];

  it.each(samples.accepts)('sends %j as %j and nothing else', (input, inputData) => {
    expect(sent(prepareRequest(operation, { input }))).toEqual({
      type: operation.type,
      input_data: inputData,
    });
  });

  if (samples.refuses.length > 0) {
    it.each(samples.refuses)('refuses %j before spending a credit', (input, says) => {
      const text = message(prepareRequest(operation, { input }));
      expect(text).toMatch(says);
      expect(text).toContain(functionName);
    });
  }

  it.each([[''], ['   '], ['\n\t'], [null], [undefined]])('leaves the cell empty for %j', (input) => {
    expect(prepareRequest(operation, { input })).toEqual({ kind: 'empty' });
  });

  it.each([
    [true, /^This is a TRUE\/FALSE value; /],
    [false, /^This is a TRUE\/FALSE value; /],
    [new Date(2024, 0, 15), /^This is a date; /],
    [
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      /^This is a range of several cells; /,
    ],
    [{ name: 'Ada' }, /^This is a value of an unsupported kind; /],
    [Number.NaN, /^This is not a usable number; /],
  ])('refuses %p, saying what it is and what is needed', (input, says) => {
    const text = message(prepareRequest(operation, { input }));
    expect(text).toMatch(says);
    expect(text).toContain(`${functionName} needs`);
  });

  it(`refuses an input longer than ${MAX_INPUT_LENGTH} characters, never sending it`, () => {
    const exactly = longInput(operation.input, MAX_INPUT_LENGTH);
    if (exactly === null) {
      // The kind's own limits (a domain, an email, a handle) refuse a huge input first.
      const huge = hugeInput(operation.input);
      expect(message(prepareRequest(operation, { input: huge }))).toContain(functionName);
      return;
    }
    expect(sent(prepareRequest(operation, { input: exactly })).input_data).toHaveLength(MAX_INPUT_LENGTH);
    const tooLong = longInput(operation.input, MAX_INPUT_LENGTH + 1);
    expect(message(prepareRequest(operation, { input: tooLong }))).toBe(
      `This input is ${MAX_INPUT_LENGTH + 1} characters long; ${functionName} takes at most ${MAX_INPUT_LENGTH}.`,
    );
  });

  it('keeps every refusal short enough for a cell tooltip, ending as a sentence', () => {
    const refused = [...samples.refuses.map(([input]) => input), ...EVERY_KIND, true, new Date(0)];
    for (const input of refused) {
      const prepared = prepareRequest(operation, { input });
      if (prepared.kind !== 'invalid') continue;
      expect(prepared.message.length).toBeLessThanOrEqual(260);
      expect(prepared.message).toMatch(/[.?]$/);
    }
  });

  it('only suggests functions that accept the input it refused', () => {
    for (const input of EVERY_KIND) {
      const prepared = prepareRequest(operation, { input });
      if (prepared.kind !== 'invalid') continue;
      const suggested = (prepared.message.match(FUNCTION_NAMES) ?? [])
        .map((name) => operationByFunction(name))
        .filter((o): o is Operation => o !== undefined && o !== operation);
      for (const other of suggested) {
        expect([other.functionName, prepareRequest(other, { input }).kind]).toEqual([
          other.functionName,
          'request',
        ]);
      }
    }
  });

  if (operation.input !== 'person_name') {
    it.each([['company'], ['location'], ['jobTitle']] as const)('refuses a %s it cannot use', (arg) => {
      const input = samples.accepts[0]?.[0];
      const text = message(prepareRequest(operation, { input, [arg]: 'Acme' }));
      const nameFunctions = OPERATIONS.filter((o) => o.input === 'person_name').map((o) => o.functionName);
      expect(text).toMatch(new RegExp(`^${functionName} does not take a `));
      for (const name of nameFunctions) expect(text).toContain(name);
      expect(sent(prepareRequest(operation, { input, [arg]: '  ' })).type).toBe(operation.type);
    });
  }

  if (operation.options.length === 0) {
    it.each([
      ['department', 'Sales'],
      ['seniority', 'Senior'],
      ['max', 50],
    ] as const)('refuses a %s it cannot use, naming the functions that take one', (arg, value) => {
      const input = samples.accepts[0]?.[0];
      const text = message(prepareRequest(operation, { input, [arg]: value }));
      expect(text).toMatch(new RegExp(`^${functionName} does not take `));
      for (const lister of OPERATIONS.filter((o) => o.options.length > 0))
        expect(text).toContain(lister.functionName);
    });

    it('ignores options left blank', () => {
      const input = samples.accepts[0]?.[0];
      const request = sent(prepareRequest(operation, { input, department: '', seniority: ' ', max: null }));
      expect(Object.keys(request).sort()).toEqual(['input_data', 'type']);
    });
  }
});

/** A valid input of the kind, `length` characters once normalized; null where the kind caps it lower. */
function longInput(kind: InputKind, length: number): string | null {
  const pad = (prefix: string) => prefix + 'a'.repeat(length - prefix.length);
  switch (kind) {
    case 'person_name':
    case 'company_name':
    case 'any_identifier':
      return pad('Ada ');
    case 'person_url':
      return pad('https://www.pronet.com/in/');
    case 'company_url':
      return pad('https://www.pronet.com/company/');
    case 'post_url':
      return pad('https://www.pronet.com/posts/');
    case 'email':
    case 'company_domain':
    case 'photonet_handle':
      return null;
  }
}

function hugeInput(kind: InputKind): string {
  const filler = 'a'.repeat(MAX_INPUT_LENGTH * 2);
  if (kind === 'email') return `${filler}@acme.com`;
  if (kind === 'company_domain') return `${filler}.com`;
  return `@${filler}`;
}

describe("pronet URLs are recognized by their path, on the network's own hosts", () => {
  it.each([
    ['https://www.pronet.com/in/ada-lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['http://www.pronet.com/in/ada-lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['www.pronet.com/in/ada-lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['pronet.com/in/ada-lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['https://www.pronet.com/in/ada-lovelace/', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['https://www.pronet.com/in/ada-lovelace?trk=people', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['https://www.pronet.com/in/ada-lovelace#about', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['HTTPS://WWW.PRONET.COM/in/ada-lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['https://www.pronet.com/in/ada/details/', 'person', 'https://www.pronet.com/in/ada'],
    ['https://www.pronet.com/IN/Ada-Lovelace', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    [
      'https://uk.pronet.com/in/jos%C3%A9-garc%C3%ADa',
      'person',
      'https://www.pronet.com/in/jos%C3%A9-garc%C3%ADa',
    ],
    ['  https://www.pronet.com/in/ada-lovelace  ', 'person', 'https://www.pronet.com/in/ada-lovelace'],
    ['https://www.pronet.com/company/acme', 'company', 'https://www.pronet.com/company/acme'],
    ['www.pronet.com/company/acme/', 'company', 'https://www.pronet.com/company/acme'],
    ['https://www.pronet.com/company/acme/about/', 'company', 'https://www.pronet.com/company/acme'],
    [
      'https://www.Pronet.com/company/acme/people/?keywords=x',
      'company',
      'https://www.pronet.com/company/acme',
    ],
    ['https://www.pronet.com/company/1035', 'company', 'https://www.pronet.com/company/1035'],
    [
      'https://www.pronet.com/posts/ada_engines-activity-123?utm=x#c',
      'post',
      'https://www.pronet.com/posts/ada_engines-activity-123',
    ],
    [
      'https://www.pronet.com/feed/update/urn:li:activity:7123/',
      'post',
      'https://www.pronet.com/feed/update/urn:li:activity:7123',
    ],
    ['www.pronet.com/posts/ada_x-1/', 'post', 'https://www.pronet.com/posts/ada_x-1'],
  ])('%s is a %s: %s', (text, kind, url) => {
    expect(parsePronetUrl(text)).toEqual({ kind, url });
  });

  it.each([
    ['https://www.pronet.com/'],
    ['https://www.pronet.com/in/'],
    ['https://www.pronet.com/company'],
    ['https://www.pronet.com/feed/'],
    ['https://www.pronet.com/feed/update/'],
    ['https://www.pronet.com/jobs/view/123'],
    ['/in/ada-lovelace'],
    ['in/ada-lovelace'],
    ['ftp://www.pronet.com/in/ada'],
    ['https://pronet.example.org/in/ada'],
    ['https://www.pronet.com/in/ada lovelace'],
    ['ada@pronet.com'],
    ['Ada Lovelace'],
    [''],
  ])('%j is not a pronet URL', (text) => {
    expect(parsePronetUrl(text)).toBeNull();
  });
});

describe('wrong kinds of input point to the function that takes them', () => {
  it('names the kind given and the kind needed', () => {
    expect(message(prepareRequest(op('PRONET_EMAIL'), { input: COMPANY_URL }))).toBe(
      'This is a company page URL; PRONET_EMAIL needs a person profile URL (pronet.com/in/...). ' +
        'For a company page URL, use PRONET_COMPANY, PRONET_COMPANY_EMPLOYEE_COUNT or PRONET_COMPANY_EMPLOYEES.',
    );
  });

  it.each([
    ['COMPANY_EMPLOYEES', COMPANY_URL, 'Use PRONET_COMPANY_EMPLOYEES instead.'],
    ['COMPANY_EMPLOYEE_COUNT', COMPANY_URL, 'Use PRONET_COMPANY_EMPLOYEE_COUNT instead.'],
    ['DOMAIN_EMPLOYEES', 'Acme Corp', 'For names, use COMPANY_EMPLOYEES.'],
    ['DOMAIN_EMPLOYEES', COMPANY_URL, 'Use PRONET_COMPANY_EMPLOYEES instead.'],
    ['PRONET_COMPANY_EMPLOYEES', 'Acme Corp', 'For names, use COMPANY_EMPLOYEES.'],
    ['PRONET_URL_FROM_NAME', 'ada@acme.com', 'Use PRONET_URL_FROM_EMAIL instead.'],
    ['EMAIL_FROM_NAME', PERSON_URL, 'Use PRONET_EMAIL instead.'],
    ['PRONET_EMAIL', 'Ada Lovelace', 'For names, use EMAIL_FROM_NAME.'],
    ['PRONET_URL_FROM_EMAIL', 'Ada Lovelace', 'For names, use PRONET_URL_FROM_NAME.'],
    ['COMPANY_WEBSITE', POST_URL, 'For a post URL, use PRONET_POST_REACTIONS.'],
    ['PRONET_EMAIL', '@ada.lovelace', 'For a photonet handle, use PHOTONET_PROFILE.'],
  ])('%s given %j suggests: %s', (functionName, input, suggestion) => {
    expect(message(prepareRequest(op(functionName), { input }))).toMatch(
      new RegExp(`${escapeRegExp(suggestion)}$`),
    );
  });

  it.each([
    [
      'PRONET_PHONE',
      'Ada Lovelace',
      'PRONET_PHONE needs a person profile URL (pronet.com/in/...); got "Ada Lovelace".',
    ],
    [
      'COMPANY_EMAIL',
      PERSON_URL,
      'This is a person profile URL; COMPANY_EMAIL needs a company name. ' +
        'For a person profile URL, use PRONET_EMAIL, PRONET_PHONE or PRONET_PROFILE.',
    ],
  ])(
    '%s given %j never passes a company function off as a person one (or back)',
    (functionName, input, text) => {
      expect(message(prepareRequest(op(functionName), { input }))).toBe(text);
    },
  );

  it('offers the domain of an email address to DOMAIN_EMPLOYEES instead of guessing it', () => {
    expect(message(prepareRequest(op('DOMAIN_EMPLOYEES'), { input: 'Ada@Analytical-Engines.co.uk' }))).toBe(
      'This is an email address; DOMAIN_EMPLOYEES needs a company domain, such as its domain analytical-engines.co.uk.',
    );
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('name lookups', () => {
  it.each([
    ['Lovelace, Ada', 'Ada Lovelace'],
    ['Lovelace,Ada', 'Ada Lovelace'],
    ['  Lovelace ,   Ada  ', 'Ada Lovelace'],
    ['de la Cruz, María José', 'María José de la Cruz'],
    ['Lovelace, A.', 'A. Lovelace'],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['Ada Lovelace, PhD', 'Ada Lovelace PhD'],
    ['Ada Lovelace, Ph.D.', 'Ada Lovelace Ph.D.'],
    ['Lovelace, Ada, PhD', 'Ada Lovelace PhD'],
    ['Lovelace, Ada PhD', 'Ada Lovelace PhD'],
    ['Lovelace Jr., Ada', 'Ada Lovelace Jr.'],
    ['Babbage, Charles, Jr., MBA', 'Charles Babbage Jr. MBA'],
    ['King, Jr.', 'King Jr.'],
    ['Ada Lovelace,', 'Ada Lovelace'],
    [', Ada Lovelace', 'Ada Lovelace'],
    ['Lovelace, Ada, Byron', 'Lovelace, Ada, Byron'],
    ['Lovelace,, Ada', 'Ada Lovelace'],
  ])('normalizePersonName(%j) is %j', (raw, name) => {
    expect(normalizePersonName(raw)).toBe(name);
  });

  const byName = op('EMAIL_FROM_NAME');

  it('turns only the name around, never the company', () => {
    expect(sent(prepareRequest(byName, { input: 'Lovelace, Ada', company: 'Acme, Inc.' })).input_data).toBe(
      'Ada Lovelace Acme, Inc.',
    );
  });

  it.each<[RawArguments, string]>([
    [{ input: 'Ada Lovelace', company: 'Acme' }, 'Ada Lovelace Acme'],
    [
      { input: 'Ada Lovelace', company: 'Acme', location: 'London', jobTitle: 'Engineer' },
      'Ada Lovelace Acme London Engineer',
    ],
    [{ input: 'Ada Lovelace', company: '', location: 'London', jobTitle: '  ' }, 'Ada Lovelace London'],
    [
      { input: 'Ada Lovelace', company: null, location: undefined, jobTitle: 'Chief  \n Engineer' },
      'Ada Lovelace Chief Engineer',
    ],
    [{ input: ' Ada ', company: 1800, location: 10115 }, 'Ada 1800 10115'],
    [{ input: 'Ada Lovelace' }, 'Ada Lovelace'],
  ])('joins %j into %j', (args, inputData) => {
    expect(sent(prepareRequest(byName, args))).toEqual({ type: byName.type, input_data: inputData });
  });

  it('leaves the cell empty when the name is, even with a company', () => {
    expect(prepareRequest(byName, { input: '', company: 'Acme' })).toEqual({ kind: 'empty' });
  });

  it.each([
    ['company', new Date(0), 'The company argument is a date; give text or leave it blank.'],
    ['location', true, 'The location argument is a TRUE/FALSE value; give text or leave it blank.'],
    [
      'jobTitle',
      [['a'], ['b']],
      'The job title argument is a range of several cells; give text or leave it blank.',
    ],
  ] as const)('refuses a %s that is not text', (arg, value, text) => {
    expect(message(prepareRequest(byName, { input: 'Ada Lovelace', [arg]: value }))).toBe(text);
  });

  it('refuses a name and company that are too long together', () => {
    const half = 'a'.repeat(MAX_INPUT_LENGTH / 2);
    expect(message(prepareRequest(byName, { input: half, company: half }))).toBe(
      `This input is ${MAX_INPUT_LENGTH + 1} characters long; EMAIL_FROM_NAME takes at most ${MAX_INPUT_LENGTH}.`,
    );
  });
});

describe('employee lists', () => {
  const listers = OPERATIONS.filter((o) => o.options.length > 0);

  it('are the operations that take department, seniority and employee_count', () => {
    expect(listers.length).toBeGreaterThan(0);
  });

  describe.each(listers.map((o) => [o.functionName, o] as const))('%s', (_name, lister) => {
    const input = SAMPLES[lister.input].accepts[0]?.[0];
    const inputData = SAMPLES[lister.input].accepts[0]?.[1];

    it('sends trimmed filters and the cap as a number', () => {
      expect(
        sent(prepareRequest(lister, { input, department: '  Sales \n', seniority: 'Senior  VP', max: '50' })),
      ).toEqual({
        type: lister.type,
        input_data: inputData,
        department: 'Sales',
        seniority: 'Senior VP',
        employee_count: 50,
      });
    });

    it.each<[Partial<RawArguments>, string[]]>([
      [{}, []],
      [{ department: '', seniority: '   ', max: '' }, []],
      [{ department: null, seniority: undefined, max: null }, []],
      [{ department: 'Sales', seniority: '', max: '' }, ['department']],
      [{ department: '', seniority: 'Senior', max: '' }, ['seniority']],
      [{ department: ' ', seniority: '', max: 25 }, ['employee_count']],
    ])('leaves blank options out of the request entirely: %j', (options, present) => {
      const request = sent(prepareRequest(lister, { input, ...options }));
      expect(Object.keys(request).sort()).toEqual(['input_data', 'type', ...present].sort());
    });

    it.each([
      [50, 50],
      ['50', 50],
      [' 7 ', 7],
      [1, 1],
    ])('accepts max %j as %j employees', (max, count) => {
      expect(sent(prepareRequest(lister, { input, max })).employee_count).toBe(count);
    });

    it.each([
      [0, '0'],
      [-3, '-3'],
      [2.5, '2.5'],
      ['abc', '"abc"'],
      ['2.5', '"2.5"'],
      ['1e2', '"1e2"'],
      ['0x10', '"0x10"'],
      [true, 'a TRUE/FALSE value'],
      [new Date(0), 'a date'],
    ])('refuses max %j', (max, shown) => {
      expect(message(prepareRequest(lister, { input, max }))).toBe(
        `max must be a whole number of at least 1, such as 50; got ${shown}.`,
      );
    });

    it('accepts a number as a filter and refuses non-text filters', () => {
      expect(sent(prepareRequest(lister, { input, seniority: 3 })).seniority).toBe('3');
      expect(message(prepareRequest(lister, { input, department: false }))).toBe(
        'The department argument is a TRUE/FALSE value; give text or leave it blank.',
      );
    });

    it(`refuses a filter longer than ${MAX_FILTER_LENGTH} characters`, () => {
      expect(
        sent(prepareRequest(lister, { input, department: 'd'.repeat(MAX_FILTER_LENGTH) })).department,
      ).toHaveLength(MAX_FILTER_LENGTH);
      expect(message(prepareRequest(lister, { input, department: 'd'.repeat(MAX_FILTER_LENGTH + 1) }))).toBe(
        `The department is ${MAX_FILTER_LENGTH + 1} characters long; the limit is ${MAX_FILTER_LENGTH}.`,
      );
    });
  });
});

describe('ENRICH(type, input)', () => {
  it.each(OPERATIONS.map((o) => [o.type, o] as const))(
    'runs %s with the same rules as its function',
    (type, o) => {
      const [input, inputData] = SAMPLES[o.input].accepts[0]!;
      expect(sent(prepareByType(type, { input }))).toEqual({ type, input_data: inputData });
      expect(prepareByType(type, { input: '' })).toEqual({ kind: 'empty' });
    },
  );

  it.each([
    ['  Company_Name_To_Website ', 'company_name_to_website'],
    ['company name to website', 'company_name_to_website'],
    ['company-name-to-website', 'company_name_to_website'],
    ['COMPANY_WEBSITE', 'company_name_to_website'],
    ['pronet_email', 'pronet_profile_to_email'],
  ])('reads the type %j as %s', (type, expected) => {
    expect(resolveType(type)).toEqual({ op: OPERATIONS.find((o) => o.type === expected) });
  });

  it('names the type it ran in its messages, and suggests calls of ENRICH', () => {
    expect(message(prepareByType('email_to_pronet_url', { input: 'Ada Lovelace' }))).toBe(
      'ENRICH("email_to_pronet_url") needs an email address such as ada@acme.com; got "Ada Lovelace". ' +
        'For names, use ENRICH("lead_full_name_to_pronet_url", ...).',
    );
  });

  it('suggests the type a typo most likely meant', () => {
    expect(message(prepareByType('company_name_to_websit', { input: 'Acme' }))).toBe(
      'Unknown type "company_name_to_websit". Did you mean company_name_to_website?',
    );
    expect(message(prepareByType('pronet_profile_to_emails', { input: PERSON_URL }))).toMatch(
      /Did you mean pronet_profile_to_email\?$/,
    );
  });

  it('refuses an unknown type even for an empty input, pointing to the help', () => {
    const text = message(prepareByType('weather_forecast', { input: '' }));
    expect(text).toBe(
      'Unknown type "weather_forecast". ENRICH takes one of the 19 types listed under "ENRICH types" in ' +
        'Extensions > Enrich for Sheets > Help: functions and prices, e.g. ENRICH("company_name_to_website", "Acme Corporation").',
    );
  });

  it.each([[''], ['  '], [null], [undefined], [42], [true]])(
    'refuses a missing or non-text type %j',
    (type) => {
      expect(message(prepareByType(type, { input: 'Acme' }))).toBe(
        `ENRICH needs an operation type first, e.g. ${GENERIC_FUNCTION.example}.`,
      );
    },
  );
});

describe('helpers the bulk run reuses', () => {
  it('normalizeText trims, collapses whitespace and drops invisible characters', () => {
    expect(normalizeText('\u200B Ada\u00A0\u00A0 Love\u00ADlace \r\n\t Acme\uFEFF ')).toBe(
      'Ada Lovelace Acme',
    );
  });

  it.each([
    ['https://www.acme.com/about', 'acme.com'],
    ['WWW2.Acme.COM', 'acme.com'],
    ['acme.com/', 'acme.com'],
    ['Acme Corp', null],
    ['ada@acme.com', null],
    ['localhost', null],
    ['192.168.0.1', null],
    ['acme..com', null],
    ['mailto:ada@acme.com', null],
  ])('normalizeDomain(%j) is %j', (text, domain) => {
    expect(normalizeDomain(text)).toBe(domain);
  });

  it.each([
    ['Ada@Acme.COM', 'ada@acme.com'],
    ['acme.com', null],
    ['ada@acme', null],
  ])('normalizeEmail(%j) is %j', (text, email) => {
    expect(normalizeEmail(text)).toBe(email);
  });

  it.each([
    ['@Ada.Lovelace', 'ada.lovelace'],
    ['https://www.photonet.com/ada.lovelace/', 'ada.lovelace'],
    ['https://www.photonet.com/reel/xyz/', null],
    ['ada lovelace', null],
    ['...', null],
  ])('normalizePhotonetHandle(%j) is %j', (text, handle) => {
    expect(normalizePhotonetHandle(text)).toBe(handle);
  });

  it.each([
    [50, 50],
    ['50', 50],
    [0, null],
    ['', null],
    [Number.POSITIVE_INFINITY, null],
    [2 ** 60, null],
  ])('parseEmployeeCount(%j) is %j', (value, count) => {
    expect(parseEmployeeCount(value)).toBe(count);
  });
});
