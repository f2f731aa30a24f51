// Inputs that name nothing (issue 30): a cell that only looks blank because it holds invisible or
// filler characters, and text without a letter or digit. Each is refused before any call, in every
// argument, with a literal message saying why; the same characters inside real text are folded
// (canonical.ts), so they never make a second purchase.
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { normalizeText } from '../../../src/core/formulas/canonical';
import { formulaRows } from '../../../src/core/formulas/formula-rows';
import { type Prepared, prepareRequest } from '../../../src/core/formulas/request';
import { operationByFunction } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';

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

function refusal(functionName: string, args: RawArguments): string {
  const prepared: Prepared = prepareRequest(op(functionName), args);
  if (prepared.kind !== 'invalid') throw new Error(`expected a refusal, got ${JSON.stringify(prepared)}`);
  return prepared.message;
}

function sent(functionName: string, args: RawArguments): string {
  const prepared: Prepared = prepareRequest(op(functionName), args);
  if (prepared.kind !== 'request') throw new Error(`expected a request, got ${JSON.stringify(prepared)}`);
  return prepared.request.input_data;
}

const LOOKS_BLANK = 'which costs nothing: clear the cell';
const NOTHING = 'which has no letter or digit to look up and costs nothing';

describe('a cell that only looks blank is refused, naming the characters it holds', () => {
  it.each([
    ['\u3164', 'U+3164'],
    ['\u115F', 'U+115F'],
    ['\u1160', 'U+1160'],
    ['\uFFA0', 'U+FFA0'],
    ['\u2800', 'U+2800'],
    ['\u034F', 'U+034F'],
    ['\u200B', 'U+200B'],
    [' \u3164 \u3164\t', 'U+3164'],
    ['\u3164\u2800\u034F', 'U+3164, U+2800, U+034F'],
    ['\u3164\u115F\u1160\uFFA0\u2800\u034F', 'U+3164, U+115F, U+1160, U+FFA0 and others'],
  ])('COMPANY_WEBSITE refuses %j', (input, codes) => {
    expect(refusal('COMPANY_WEBSITE', { input })).toBe(
      `This is text that looks blank but holds only invisible characters (${codes}), ${LOOKS_BLANK}; COMPANY_WEBSITE needs a company name.`,
    );
  });

  it.each([
    ['EMAIL_FROM_NAME', "EMAIL_FROM_NAME needs a person's full name."],
    ['PRONET_URL_FROM_EMAIL', 'PRONET_URL_FROM_EMAIL needs an email address such as ada@acme.com.'],
    ['PRONET_EMAIL', 'PRONET_EMAIL needs a person profile URL (pronet.com/in/...).'],
    ['DOMAIN_EMPLOYEES', 'DOMAIN_EMPLOYEES needs a company domain such as acme.com.'],
    ['B2B_LOOKUP', 'B2B_LOOKUP needs a company or person identifier.'],
    ['PHOTONET_PROFILE', 'PHOTONET_PROFILE needs a photonet handle (@name) or profile URL.'],
  ])('%s refuses a Hangul filler', (functionName, needs) => {
    expect(refusal(functionName, { input: '\u3164' })).toBe(
      `This is text that looks blank but holds only invisible characters (U+3164), ${LOOKS_BLANK}; ${needs}`,
    );
  });

  it('says so in ENRICH, naming the type', () => {
    const prepared = prepareByType('company_name_to_website', { input: '\u2800' });
    expect(prepared).toEqual({
      kind: 'invalid',
      message: `This is text that looks blank but holds only invisible characters (U+2800), ${LOOKS_BLANK}; ENRICH("company_name_to_website") needs a company name.`,
    });
  });

  // A byte-order mark is whitespace to JavaScript (and to a CSV import, the start of the file).
  it('keeps whitespace alone blank and free, as before', () => {
    for (const input of ['', ' ', ' \t\n ', '\u00A0', '\u3000', '\uFEFF'])
      expect(prepareRequest(op('COMPANY_WEBSITE'), { input })).toEqual({ kind: 'empty' });
  });
});

describe('text without a letter or digit is refused', () => {
  it.each([['...'], ['—'], ['()'], ['???'], ['-'], ['…'], ['"'], ['*'], ['\u0301']])(
    'COMPANY_WEBSITE refuses %j',
    (input) => {
      const shown = normalizeText(input);
      expect(refusal('COMPANY_WEBSITE', { input })).toBe(
        `This is "${shown}", ${NOTHING}; COMPANY_WEBSITE needs a company name.`,
      );
    },
  );

  it.each([
    ['B2B_LOOKUP', '—', `This is "—", ${NOTHING}; B2B_LOOKUP needs a company or person identifier.`],
    ['EMAIL_FROM_NAME', '()', `This is "()", ${NOTHING}; EMAIL_FROM_NAME needs a person's full name.`],
    ['COMPANY_EMPLOYEES', '???', `This is "???", ${NOTHING}; COMPANY_EMPLOYEES needs a company name.`],
  ])('%s refuses %j', (functionName, input, message) => {
    expect(refusal(functionName, { input })).toBe(message);
  });
});

describe('the other arguments are read the same way', () => {
  it.each<[string, RawArguments, string]>([
    [
      'EMAIL_FROM_NAME',
      { input: 'Ada Lovelace', company: '\u3164' },
      `The company argument is text that looks blank but holds only invisible characters (U+3164), ${LOOKS_BLANK}; give text or leave it blank.`,
    ],
    [
      'EMAIL_FROM_NAME',
      { input: 'Ada Lovelace', company: '—' },
      `The company argument is "—", ${NOTHING}; give text or leave it blank.`,
    ],
    [
      'PRONET_URL_FROM_NAME',
      { input: 'Ada Lovelace', location: '...' },
      `The location argument is "...", ${NOTHING}; give text or leave it blank.`,
    ],
    [
      'COMPANY_EMPLOYEES',
      { input: 'Acme', department: '\u034F' },
      `The department argument is text that looks blank but holds only invisible characters (U+034F), ${LOOKS_BLANK}; give text or leave it blank.`,
    ],
    [
      'COMPANY_EMPLOYEES',
      { input: 'Acme', max: '\u2800' },
      `max must be a whole number of at least 1, such as 50; got text that looks blank but holds only invisible characters (U+2800), ${LOOKS_BLANK}.`,
    ],
  ])('%s refuses %j', (functionName, args, message) => {
    expect(refusal(functionName, args)).toBe(message);
  });

  it('keeps an input that is blank blank, whatever the company holds', () => {
    expect(prepareRequest(op('EMAIL_FROM_NAME'), { input: '', company: '\u3164' })).toEqual({
      kind: 'empty',
    });
  });
});

describe('real text keeps being sent, with the invisible characters folded out', () => {
  it.each<[string, RawArguments, string]>([
    ['COMPANY_WEBSITE', { input: 'Acme\u3164' }, 'Acme'],
    ['COMPANY_WEBSITE', { input: '\uFFA0Acme\u2800Corp\u034F' }, 'Acme Corp'],
    ['COMPANY_WEBSITE', { input: 'Acme\u115F\u1160' }, 'Acme'],
    ['COMPANY_WEBSITE', { input: '3M' }, '3M'],
    ['COMPANY_WEBSITE', { input: 'AT&T' }, 'AT&T'],
    ['COMPANY_WEBSITE', { input: '7-Eleven' }, '7-Eleven'],
    ['COMPANY_WEBSITE', { input: 1800 }, '1800'],
    ['COMPANY_WEBSITE', { input: '東京' }, '東京'],
    ['COMPANY_WEBSITE', { input: '(Acme)' }, '(Acme)'],
    ['EMAIL_FROM_NAME', { input: 'Ada\u3164Lovelace', company: 'Acme\u034F' }, 'Ada Lovelace Acme'],
    ['B2B_LOOKUP', { input: 'Acme\uFE0F' }, 'Acme'],
  ])('%s sends %j as %j', (functionName, args, input) => {
    expect(sent(functionName, args)).toBe(input);
  });
});
