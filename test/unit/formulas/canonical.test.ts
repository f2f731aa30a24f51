// One canonical form per thing (src/core/formulas/canonical.ts): each spelling a user may paste,
// with the literal text sent and the literal form the cache key is made of; the hosts refused, with
// the literal message; and the texts of cells without a value, refused in every argument.
import type { EnrichmentRequest } from '../../../src/core/api/wire';
import { accountScope, resultKey } from '../../../src/core/cache/keys';
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { keyForm } from '../../../src/core/formulas/canonical';
import { type Prepared, prepareRequest } from '../../../src/core/formulas/request';
import { operationByFunction } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';
import { sha256 } from '../helpers/platform';

const op = (functionName: string): Operation => {
  const found = operationByFunction(functionName);
  if (!found) throw new Error(`no operation ${functionName} in the table`);
  return found;
};

function sent(functionName: string, args: RawArguments): EnrichmentRequest {
  const prepared: Prepared = prepareRequest(op(functionName), args);
  if (prepared.kind !== 'request') throw new Error(`expected a request, got ${JSON.stringify(prepared)}`);
  return prepared.request;
}

function refusal(functionName: string, args: RawArguments): string {
  const prepared = prepareRequest(op(functionName), args);
  if (prepared.kind !== 'invalid') throw new Error(`expected a refusal, got ${JSON.stringify(prepared)}`);
  return prepared.message;
}

const scope = accountScope(sha256, 'test-account-key');
const keyOf = (request: EnrichmentRequest) => resultKey(sha256, scope, request);

describe('pronet URLs: one form, sent and keyed', () => {
  const ADA = 'https://www.pronet.com/in/ada-lovelace';
  const JOSE = 'https://www.pronet.com/in/jos%C3%A9-garc%C3%ADa';
  const ACME = 'https://www.pronet.com/company/acme-corp';
  const POST = 'https://www.pronet.com/posts/ada-lovelace_engines-activity-123';
  const FEED = 'https://www.pronet.com/feed/update/urn:li:activity:7123';

  it.each([
    ['PRONET_PHONE', 'https://UK.pronet.com/in/Ada%2DLovelace/?trk=x#top', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada-lovelace', ADA],
    ['PRONET_PHONE', 'pronet.com/in/ADA-LOVELACE', ADA],
    ['PRONET_PHONE', 'http://m.pronet.com/in/ada-lovelace/details/experience/', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com:443/in/ada-lovelace', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com./in/ada-lovelace', ADA],
    ['PRONET_PHONE', 'https://ada@www.pronet.com/in/ada-lovelace', ADA],
    ['PRONET_PHONE', 'ｈｔｔｐｓ://ｗｗｗ．ｐｒｏｎｅｔ．ｃｏｍ/in/ada-lovelace', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/\u200Fada-lovelace\u200E', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada\u200B-lovelace', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada-lovelace%20', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada-lovelace%E2%80%8B', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/%E2%80%8Bada-lovelace%C2%A0/', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada-lovelace%E3%85%A4%CD%8F', ADA],
    ['PRONET_PHONE', 'https://www.pronet.com/in/ada-lovelace\u3164', ADA],
    ['PRONET_EMAIL', 'https://www.pronet.com/in/jos%C3%A9-garc%C3%ADa', JOSE],
    ['PRONET_EMAIL', 'https://www.pronet.com/in/José-García/', JOSE],
    ['PRONET_EMAIL', 'https://www.pronet.com/in/jose\u0301-garci\u0301a', JOSE],
    ['PRONET_EMAIL', 'https://de.pronet.com/in/JOS%C3%89-GARC%C3%8DA', JOSE],
    ['PRONET_COMPANY', 'https://www.pronet.com/company/Acme-Corp/about/?trk=x', ACME],
    ['PRONET_COMPANY', 'uk.pronet.com/company/acme%2dcorp', ACME],
    ['PRONET_COMPANY', 'HTTP://PRONET.COM/COMPANY/ACME-CORP/people/#x', ACME],
    ['PRONET_COMPANY', 'https://www.pronet.com/company/acme-corp%20%20/', ACME],
    [
      'PRONET_POST_REACTIONS',
      'https://www.pronet.com/posts/Ada-Lovelace_Engines-activity-123/?utm=x#c',
      POST,
    ],
    ['PRONET_POST_REACTIONS', 'https://m.pronet.com/posts/ada-lovelace_engines-activity-123/comments/', POST],
    ['PRONET_POST_REACTIONS', 'HTTPS://M.PRONET.COM/feed/update/URN:LI:ACTIVITY:7123/', FEED],
    ['PRONET_POST_REACTIONS', 'https://www.pronet.com/feed/update/urn%3Ali%3Aactivity%3A7123', FEED],
    ['B2B_LOOKUP', 'https://uk.pronet.com/in/Ada-Lovelace/', ADA],
  ])('%s sends %j as %j', (functionName, input, url) => {
    expect(sent(functionName, { input }).input_data).toBe(url);
  });

  it('makes seven spellings of one profile one cache key', () => {
    const spellings = [
      'https://www.pronet.com/in/ada-lovelace',
      'https://www.pronet.com/in/Ada-Lovelace',
      'https://pronet.com/in/ada-lovelace',
      'https://uk.pronet.com/in/ada-lovelace',
      'https://www.pronet.com/in/ada%2Dlovelace',
      'https://www.pronet.com/in/ada-lovelace%20',
      'https://www.pronet.com/in/ada-lovelace%E2%80%8B',
    ];
    const keys = new Set(spellings.map((input) => keyOf(sent('PRONET_PHONE', { input }))));
    expect(keys.size).toBe(1);
  });
});

describe('names, company names, emails and filters', () => {
  it.each<[string, RawArguments, string, string]>([
    ['EMAIL_FROM_NAME', { input: 'Ada Lovelace', company: 'Acme' }, 'Ada Lovelace Acme', 'ada lovelace acme'],
    ['EMAIL_FROM_NAME', { input: 'ADA LOVELACE', company: 'ACME' }, 'ADA LOVELACE ACME', 'ada lovelace acme'],
    [
      'EMAIL_FROM_NAME',
      { input: 'Ada Lovelace', company: 'Acme\u200F' },
      'Ada Lovelace Acme',
      'ada lovelace acme',
    ],
    [
      'EMAIL_FROM_NAME',
      { input: '\u202AAda Lovelace\u202C', company: '\u2067Acme\u2069' },
      'Ada Lovelace Acme',
      'ada lovelace acme',
    ],
    [
      'EMAIL_FROM_NAME',
      { input: 'Ａｄａ Ｌｏｖｅｌａｃｅ', company: 'Acme' },
      'Ada Lovelace Acme',
      'ada lovelace acme',
    ],
    [
      'EMAIL_FROM_NAME',
      { input: 'Ada\u00A0\u00A0Lovelace', company: ' Acme\uFEFF' },
      'Ada Lovelace Acme',
      'ada lovelace acme',
    ],
    ['PRONET_URL_FROM_NAME', { input: 'Lovelace, ADA' }, 'ADA Lovelace', 'ada lovelace'],
    ['COMPANY_WEBSITE', { input: 'Acme Corp' }, 'Acme Corp', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'ACME CORP' }, 'ACME CORP', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'acme corp\u200E' }, 'acme corp', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'Acme\u200B Corp' }, 'Acme Corp', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'Acme\u3000Corp' }, 'Acme Corp', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'Ａｃｍｅ Corp' }, 'Acme Corp', 'acme corp'],
    ['COMPANY_WEBSITE', { input: 'Acme\u00ADCorp' }, 'AcmeCorp', 'acmecorp'],
    ['B2B_LOOKUP', { input: 'Acme Corp' }, 'Acme Corp', 'acme corp'],
    ['B2B_LOOKUP', { input: 'Ada.Lovelace@ACME.com' }, 'ada.lovelace@acme.com', 'ada.lovelace@acme.com'],
  ])('%s sends %j as %j, keyed as %j', (functionName, args, input, key) => {
    const request = sent(functionName, args);
    expect(request.input_data).toBe(input);
    expect(keyForm(request).input_data).toBe(key);
  });

  it.each([
    ['Ada.Lovelace@Acme.com'],
    ['ADA.LOVELACE@ACME.COM'],
    ['mailto:ada.lovelace@acme.com'],
    ['Ada Lovelace <Ada.Lovelace@acme.com>'],
    ['ada.lovelace@acme.com\u200B'],
  ])('PRONET_URL_FROM_EMAIL sends %j as "ada.lovelace@acme.com"', (input) => {
    expect(sent('PRONET_URL_FROM_EMAIL', { input }).input_data).toBe('ada.lovelace@acme.com');
  });

  it.each([
    ['https://M.PHOTONET.COM/Ada.Lovelace/', 'ada.lovelace'],
    ['photonet.com/ada.lovelace', 'ada.lovelace'],
    ['@ADA.LOVELACE', 'ada.lovelace'],
    ['https://www.photonet.com/ada.lovelace%20/', 'ada.lovelace'],
    ['https://www.photonet.com/ada.lovelace%E2%80%8B', 'ada.lovelace'],
  ])('PHOTONET_PROFILE sends %j as %j', (input, handle) => {
    expect(sent('PHOTONET_PROFILE', { input }).input_data).toBe(handle);
  });

  it('keys filters without their case, and sends them as typed', () => {
    const request = sent('COMPANY_EMPLOYEES', {
      input: 'Acme',
      department: 'SALES',
      seniority: 'Senior\u200B',
    });
    expect(request).toEqual({
      type: 'company_name_to_employees',
      input_data: 'Acme',
      department: 'SALES',
      seniority: 'Senior',
    });
    expect(keyForm(request)).toEqual({
      type: 'company_name_to_employees',
      input_data: 'acme',
      department: 'sales',
      seniority: 'senior',
    });
  });

  it('makes company names differing in case or invisible marks one cache key, and emails one', () => {
    const companies = ['Acme Corp', 'ACME CORP', 'acme corp\u200F', '\u200EAcme Corp', 'Acme\u200B Corp'];
    expect(new Set(companies.map((input) => keyOf(sent('COMPANY_WEBSITE', { input })))).size).toBe(1);
    const emails = ['ada@acme.com', 'ADA@ACME.COM', 'Ada@Acme.com'];
    expect(new Set(emails.map((input) => keyOf(sent('PRONET_URL_FROM_EMAIL', { input })))).size).toBe(1);
  });

  it('keeps what the folds do not touch apart', () => {
    const keys = ['Acme Corp', 'Acme Corps', 'Acme-Corp'].map((input) =>
      keyOf(sent('COMPANY_WEBSITE', { input })),
    );
    expect(new Set(keys).size).toBe(3);
  });
});

describe("hosts other than the network's own are refused, for free, naming the host", () => {
  const needsProfile = 'PRONET_PHONE needs a person profile URL (pronet.com/in/...).';
  it.each([
    ['https://evil.example/in/ada', `This address is on evil.example, not pronet.com; ${needsProfile}`],
    ['https://127.0.0.1/in/ada', `This address is on 127.0.0.1, not pronet.com; ${needsProfile}`],
    [
      'https://pronet.com.evil.example/in/ada',
      `This address is on pronet.com.evil.example, not pronet.com; ${needsProfile}`,
    ],
    ['https://docs.google.com/in/ada', `This address is on docs.google.com, not pronet.com; ${needsProfile}`],
    [
      'https://www.pronet.com@evil.example/in/ada',
      `This address is on evil.example, not pronet.com; ${needsProfile}`,
    ],
    ['evil.example/in/ada', `This address is on evil.example, not pronet.com; ${needsProfile}`],
    ['https://pronet.co/in/ada', `This address is on pronet.co, not pronet.com; ${needsProfile}`],
    ['https://wwwpronet.com/in/ada', `This address is on wwwpronet.com, not pronet.com; ${needsProfile}`],
    ['https://EVIL.example:8443/in/ada', `This address is on evil.example, not pronet.com; ${needsProfile}`],
    [
      'https://www.pronet.com/in/%20',
      'PRONET_PHONE needs a person profile URL (pronet.com/in/...); got "https://www.pronet.com/in/%20".',
    ],
    [
      'https://www.pronet.com/in/%E2%80%8B/',
      'PRONET_PHONE needs a person profile URL (pronet.com/in/...); got "https://www.pronet.com/in/%E2%80%8B/".',
    ],
    [
      'https://www.pronet.com/in/.../',
      'PRONET_PHONE needs a person profile URL (pronet.com/in/...); got "https://www.pronet.com/in/.../".',
    ],
    [
      'https://www.pr\u043Enet.com/in/ada',
      'PRONET_PHONE needs a person profile URL (pronet.com/in/...); got "https://www.pr\u043Enet.com/in/ada".',
    ],
  ])('PRONET_PHONE refuses %j', (input, message) => {
    expect(refusal('PRONET_PHONE', { input })).toBe(message);
  });

  it.each([
    [
      'PRONET_COMPANY',
      'https://evil.example/company/acme',
      'This address is on evil.example, not pronet.com; PRONET_COMPANY needs a company page URL (pronet.com/company/...).',
    ],
    [
      'PRONET_POST_REACTIONS',
      'https://docs.google.com/posts/ada_x-activity-1',
      'This address is on docs.google.com, not pronet.com; PRONET_POST_REACTIONS needs a post URL (pronet.com/posts/... or pronet.com/feed/update/...).',
    ],
    [
      'PHOTONET_PROFILE',
      'https://evil.example/ada.lovelace',
      'This address is on evil.example, not photonet.com; PHOTONET_PROFILE needs a photonet handle (@name) or profile URL.',
    ],
    [
      'PHOTONET_PROFILE',
      'https://photonet.com.evil.example/ada.lovelace/',
      'This address is on photonet.com.evil.example, not photonet.com; PHOTONET_PROFILE needs a photonet handle (@name) or profile URL.',
    ],
    [
      'COMPANY_WEBSITE',
      'https://evil.example/in/ada',
      'This is a web address; COMPANY_WEBSITE needs a company name.',
    ],
  ])('%s refuses %j', (functionName, input, message) => {
    expect(refusal(functionName, { input })).toBe(message);
  });
});

describe('error values and cells still waiting are never sent, in any argument', () => {
  const fix = 'which costs nothing: fix the cell it comes from';
  it.each([
    ['#N/A', `This is an error value (#N/A), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#n/a', `This is an error value (#N/A), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#REF!', `This is an error value (#REF!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#VALUE!', `This is an error value (#VALUE!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#DIV/0!', `This is an error value (#DIV/0!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#NAME?', `This is an error value (#NAME?), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#ERROR!', `This is an error value (#ERROR!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#NUM!', `This is an error value (#NUM!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    ['#NULL!', `This is an error value (#NULL!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    [' #SPILL! ', `This is an error value (#SPILL!), ${fix}; COMPANY_WEBSITE needs a company name.`],
    [
      'Loading...',
      'This is "Loading..." (the cell it comes from is still computing); COMPANY_WEBSITE needs a company name.',
    ],
    [
      'Loading…',
      'This is "Loading..." (the cell it comes from is still computing); COMPANY_WEBSITE needs a company name.',
    ],
    [
      'Processing… the result will appear here within a minute or two.',
      'This is a lookup still waiting for its answer; COMPANY_WEBSITE needs a company name.',
    ],
    [
      'Not found',
      'This is "Not found", the answer of a lookup that found nothing; COMPANY_WEBSITE needs a company name.',
    ],
    [
      'Error: Out of credits.',
      'This is a message of this add-on, not a value to look up; COMPANY_WEBSITE needs a company name.',
    ],
  ])('COMPANY_WEBSITE refuses %j', (input, message) => {
    expect(refusal('COMPANY_WEBSITE', { input })).toBe(message);
  });

  it.each<[string, RawArguments, string]>([
    [
      'EMAIL_FROM_NAME',
      { input: '#N/A', company: 'Acme' },
      `This is an error value (#N/A), ${fix}; EMAIL_FROM_NAME needs a person's full name.`,
    ],
    [
      'EMAIL_FROM_NAME',
      { input: 'Ada Lovelace', company: '#REF!' },
      `The company argument is an error value (#REF!), ${fix}; give text or leave it blank.`,
    ],
    [
      'PRONET_URL_FROM_NAME',
      { input: 'Ada Lovelace', location: 'Loading...' },
      'The location argument is "Loading..." (the cell it comes from is still computing); give text or leave it blank.',
    ],
    [
      'PRONET_URL_FROM_NAME',
      { input: 'Ada Lovelace', jobTitle: '#DIV/0!' },
      `The job title argument is an error value (#DIV/0!), ${fix}; give text or leave it blank.`,
    ],
    [
      'PRONET_PHONE',
      { input: '#N/A' },
      `This is an error value (#N/A), ${fix}; PRONET_PHONE needs a person profile URL (pronet.com/in/...).`,
    ],
    [
      'COMPANY_EMPLOYEES',
      { input: 'Acme', department: '#VALUE!' },
      `The department argument is an error value (#VALUE!), ${fix}; give text or leave it blank.`,
    ],
    [
      'COMPANY_EMPLOYEES',
      { input: 'Acme', seniority: '#NAME?' },
      `The seniority argument is an error value (#NAME?), ${fix}; give text or leave it blank.`,
    ],
    [
      'COMPANY_EMPLOYEES',
      { input: 'Acme', max: '#NUM!' },
      `max must be a whole number of at least 1, such as 50; got an error value (#NUM!), ${fix}.`,
    ],
    [
      'B2B_LOOKUP',
      { input: '#ERROR!' },
      `This is an error value (#ERROR!), ${fix}; B2B_LOOKUP needs a company or person identifier.`,
    ],
    [
      'PHOTONET_PROFILE',
      { input: '#N/A' },
      `This is an error value (#N/A), ${fix}; PHOTONET_PROFILE needs a photonet handle (@name) or profile URL.`,
    ],
  ])('%s refuses %j', (functionName, args, message) => {
    expect(refusal(functionName, args)).toBe(message);
  });

  it.each([['#N/A Acme'], ['#hashtag'], ['Loading'], ['Not found yet'], ['Processing Ltd']])(
    'sends %j, which only looks like one',
    (input) => {
      expect(sent('COMPANY_WEBSITE', { input }).input_data).toBe(input);
    },
  );
});
