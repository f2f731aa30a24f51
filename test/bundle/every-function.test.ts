// Every custom function, in the built add-on: a hit, a miss, an invalid input caught before the
// call (nothing sent, nothing spent), and an error from the API, each showing the right cell text.
import { chargedCredits, type InputKind, OPERATIONS, type Operation } from '../../src/core/operations';
import { createWorld, enterFormula, spent, typeValues, type World } from './harness';

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

/** Evaluates, and for a job the API answers later (full profiles), recalculates once it is done. */
function evaluateUntilAnswered(world: World, formula: string) {
  let shown = enterFormula(world, 'B2', formula);
  if (String(shown.values[0]?.[0]).startsWith('Processing')) {
    world.clock.advance(70_000);
    shown = enterFormula(world, 'B2', formula);
  }
  return shown;
}

describe.each(OPERATIONS.map((op) => [op.functionName, op] as const))('%s', (_, op) => {
  const inputs = INPUTS[op.input];

  it('shows the found value and charges the price', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.hit]]);
    const shown = evaluateUntilAnswered(world, formulaFor(op));
    expect(shown.error).toBeNull();
    const text = shown.values.flat().join(' ');
    expect(text).not.toMatch(/Not found|object Object|Error/);
    if (op.shape === 'employees') {
      expect(text).toMatch(/employee/);
      expect(spent(world)).toBeGreaterThan(0);
    } else {
      expect(text.trim()).not.toBe('');
      expect(spent(world)).toBe(chargedCredits(op, 0));
    }
    if (op.shape === 'list') expect(shown.values.length).toBeGreaterThan(1); // a header and rows
  });

  it('says "Not found" for a miss, which is still charged', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.miss]]);
    const shown = evaluateUntilAnswered(world, formulaFor(op));
    expect(shown.error).toBeNull();
    expect(shown.values[0]![0]).toBe('Not found');
    expect(spent(world)).toBe(chargedCredits(op, 0));
  });

  it('explains an invalid input without sending anything', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.wrong]]);
    const shown = enterFormula(world, 'B2', formulaFor(op));
    expect(shown.error?.code).toBe('#ERROR!');
    expect(shown.error?.message).toMatch(inputs.wrongSays);
    expect(world.api.calls).toHaveLength(0);
  });

  it('shows the API error and caches nothing, so the next recalculation retries', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[inputs.hit]]);
    world.api.failNext(1, 503, undefined, 'enrich');
    const shown = enterFormula(world, 'B2', formulaFor(op));
    expect(shown.error?.message).toMatch(/enrichment service failed \(HTTP 503\)/);
    expect(spent(world)).toBe(0);
    const retried = evaluateUntilAnswered(world, formulaFor(op));
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
