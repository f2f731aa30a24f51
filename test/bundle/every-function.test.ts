// Every custom function, in the built add-on: a hit, a miss, an invalid input caught before the
// call (nothing sent, nothing spent), and an error from the API, each showing the right cell text.
import { OPERATIONS } from '../../src/core/operations/table';
import type { InputKind, Operation } from '../../src/core/operations/types';
import { createWorld, enterFormula, spent, typeValues, type World } from './harness';

/** A function's price from the spec's operation table, written out here rather than read from src/. */
type Price = { flat: number } | { perEmployee: 0.5; employees: number };

/**
 * What each function costs (the spec) and shows for its `hit` input below (the fake API's data for
 * it: the first rows of what the cell spills). Employee lists return the fake's default of 25.
 */
const EXPECTED: Record<string, { price: Price; shows: unknown[][]; rows?: number }> = {
  PRONET_URL_FROM_NAME: { price: { flat: 1 }, shows: [['https://www.pronet.com/in/ada-lovelace-890df0']] },
  PRONET_URL_FROM_EMAIL: { price: { flat: 5 }, shows: [['https://www.pronet.com/in/ada-lovelace-890df0']] },
  PRONET_EMAIL: { price: { flat: 10 }, shows: [['ada.lovelace@ironworks.com']] },
  PRONET_PHONE: { price: { flat: 50 }, shows: [['+1 303 555 0144']] },
  PRONET_PROFILE: {
    price: { flat: 10 },
    shows: [
      ['Ada Lovelace', 'Product Manager at Ironworks', 'Product Manager', 'Ironworks', 'Denver, CO', 106],
    ],
  },
  EMAIL_FROM_NAME: { price: { flat: 7 }, shows: [['ada.lovelace@acme.com']] },
  COMPANY_WEBSITE: { price: { flat: 1 }, shows: [['acme.com']] },
  COMPANY_EMAIL: { price: { flat: 1 }, shows: [['info@acme.com']] },
  COMPANY_PHONE: { price: { flat: 1 }, shows: [['+1 404 555 0170']] },
  COMPANY_PRONET_URL: { price: { flat: 1 }, shows: [['https://www.pronet.com/company/acme']] },
  COMPANY_EMPLOYEE_COUNT: { price: { flat: 1 }, shows: [[55]] },
  COMPANY_EMPLOYEES: {
    price: { perEmployee: 0.5, employees: 25 },
    shows: [["25 employees -> sheet 'Employees - Acme Corporation'"]],
  },
  DOMAIN_EMPLOYEES: {
    price: { perEmployee: 0.5, employees: 25 },
    shows: [["25 employees -> sheet 'Employees - acme.com'"]],
  },
  PRONET_COMPANY: {
    price: { flat: 6 },
    shows: [
      [
        'Acme',
        'Education',
        'https://www.acme.com',
        55,
        899,
        'Atlanta, GA',
        'Acme helps schools and learners with curriculum design, tutoring. Founded in 2012, headquartered in Atlanta, GA.',
      ],
    ],
  },
  PRONET_COMPANY_EMPLOYEE_COUNT: { price: { flat: 1 }, shows: [[55]] },
  PRONET_COMPANY_EMPLOYEES: {
    price: { perEmployee: 0.5, employees: 25 },
    shows: [["25 employees -> sheet 'Employees - Acme'"]],
  },
  PRONET_POST_REACTIONS: {
    price: { flat: 1 },
    shows: [
      ['full_name', 'headline', 'reaction', 'pronet_url', 'profileType'],
      ['Hedy Rossi', '', 'LOVE', 'https://www.pronet.com/in/hedy-rossi-179554', 'person'],
    ],
    rows: 21, // a header and 20 reactions
  },
  B2B_LOOKUP: {
    price: { flat: 1 },
    shows: [
      [
        'Acme',
        'company',
        'info@acme.com',
        '+1 404 555 0170',
        'https://www.acme.com',
        'https://www.pronet.com/company/acme',
      ],
    ],
  },
  PHOTONET_PROFILE: {
    price: { flat: 1 },
    shows: [['ada.lovelace', 'Ada Lovelace', 1713999, 2844, 1304, '', '']],
  },
};

/** A hit costs the flat price, or 0.5 per employee returned. */
const hitCredits = (price: Price) => ('flat' in price ? price.flat : price.employees * price.perEmployee);
/** A miss costs the flat price too; an employee list that finds nobody returns no one to pay for. */
const missCredits = (price: Price) => ('flat' in price ? price.flat : 0);

/** A good input, one the fake API finds nothing for (a charged miss), and a wrong-kind input. */
const INPUTS: Record<InputKind, { hit: string; miss: string; wrong: string; wrongSays: RegExp }> = {
  person_name: { hit: 'Ada Lovelace', miss: 'Nobody Atall', wrong: 'ada@acme.com', wrongSays: /email/i },
  email: {
    hit: 'ada.lovelace@acme.com',
    miss: 'nobody@acme.com',
    wrong: 'Acme Corporation',
    wrongSays: /email/i,
  },
  person_url: {
    hit: 'https://www.pronet.com/in/ada-lovelace',
    miss: 'https://www.pronet.com/in/nobody-atall',
    wrong: 'https://www.pronet.com/company/acme',
    wrongSays: /company page URL/,
  },
  company_name: {
    hit: 'Acme Corporation',
    miss: 'Nobody Holdings',
    wrong: 'https://www.pronet.com/company/acme',
    wrongSays: /company page URL|PRONET_COMPANY/,
  },
  company_domain: {
    hit: 'acme.com',
    miss: 'nobody-atall.com',
    wrong: 'Acme Corporation',
    wrongSays: /domain/i,
  },
  company_url: {
    hit: 'https://www.pronet.com/company/acme',
    miss: 'https://www.pronet.com/company/nobody-atall',
    wrong: 'https://www.pronet.com/in/ada-lovelace',
    wrongSays: /person profile URL/,
  },
  post_url: {
    hit: 'https://www.pronet.com/posts/ada-lovelace_engines-activity-123',
    miss: 'https://www.pronet.com/posts/nobody-atall_x-activity-9',
    wrong: 'https://www.pronet.com/in/ada-lovelace',
    wrongSays: /post URL/i,
  },
  any_identifier: {
    hit: 'acme.com',
    miss: 'nobody-atall.com',
    wrong: 'TRUE',
    wrongSays: /text|TRUE|boolean/i,
  },
  photonet_handle: {
    hit: '@ada.lovelace',
    miss: '@nobody.atall',
    wrong: 'ada lovelace!',
    wrongSays: /handle/i,
  },
};

function formulaFor(op: Operation): string {
  const extra = op.input === 'person_name' ? ', "Acme Corporation"' : '';
  return `=${op.functionName}(A2${extra})`;
}

/**
 * Types the formula; what it shows once its edit's trigger has run: a job the API answers later
 * (full profiles) is collected by that trigger, which re-enters the formula.
 */
function evaluateUntilAnswered(world: World, formula: string, a1 = 'B2') {
  enterFormula(world, a1, formula);
  return world.emu.shown('Sheet1', a1);
}

it('has an expected price and cell for every function of the add-on', () => {
  expect(Object.keys(EXPECTED).sort()).toEqual(OPERATIONS.map((op) => op.functionName).sort());
});

describe.each(OPERATIONS.map((op) => [op.functionName, op] as const))('%s', (name, op) => {
  const inputs = INPUTS[op.input];
  const expected = EXPECTED[name]!;

  it('shows the found value and charges the price', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.hit]]);
    const shown = evaluateUntilAnswered(world, formulaFor(op));
    expect(shown.error).toBeNull();
    expect(shown.values.slice(0, expected.shows.length)).toEqual(expected.shows);
    expect(shown.values).toHaveLength(expected.rows ?? 1);
    expect(spent(world)).toBe(hitCredits(expected.price));
  });

  it('says "Not found" for a miss, which is still charged', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.miss]]);
    const shown = evaluateUntilAnswered(world, formulaFor(op));
    expect(shown.error).toBeNull();
    expect(shown.values[0]![0]).toBe('Not found');
    expect(spent(world)).toBe(missCredits(expected.price));
  });

  it('explains an invalid input without sending anything', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.wrong]]);
    const shown = enterFormula(world, 'B2', formulaFor(op));
    expect(shown.error?.code).toBe('#ERROR!');
    expect(shown.error?.message).toMatch(inputs.wrongSays);
    expect(world.api.calls).toHaveLength(0);
  });

  it('shows the API error and caches nothing, so the formula typed again retries', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.hit]]);
    world.api.failNext(1, 503, undefined, 'enrich');
    const shown = enterFormula(world, 'B2', formulaFor(op));
    expect(shown.error?.message).toMatch(/enrichment service failed \(HTTP 503\)/);
    expect(spent(world)).toBe(0);
    const retried = evaluateUntilAnswered(world, formulaFor(op), 'C2');
    expect(retried.error).toBeNull();
  });
});

describe('ENRICH', () => {
  it('runs any operation by its type, and explains an unknown type', () => {
    const world = createWorld();
    typeValues(world, 'A2', [['Acme Corporation']]);
    const website = enterFormula(world, 'B2', '=ENRICH("company_name_to_website", A2)');
    const direct = enterFormula(world, 'C2', '=COMPANY_WEBSITE(A2)');
    expect(website.values).toEqual(direct.values);
    expect(spent(world)).toBe(1);
    const unknown = enterFormula(world, 'D2', '=ENRICH("company_to_website", A2)');
    expect(unknown.error?.message).toMatch(/Did you mean|Unknown/);
    expect(spent(world)).toBe(1);
  });
});
