// What a formula's cells show for its lookups' results (core/lookup/formula-cells.ts): the texts a
// user reads in the sheet, whatever the formula's execution did to get them.
import { formulaRows } from '../../../src/core/formulas/formula-rows';
import { formulaAnswer } from '../../../src/core/lookup/formula-cells';
import type { LookupResult } from '../../../src/core/lookup/items';

const KEY = 'sk_live_formula_cells_key_42';
const view = { followsUser: () => true, queued: null, apiKey: KEY };
/** An error whose message echoes the key, as a careless server might. */
const refused = {
  code: 'unauthorized',
  message: `Key ${KEY} was refused.`,
  fatal: true,
  retryable: false,
} as const;

/** `=COMPANY_WEBSITE(range)` over these names, each lookup keyed by its name. */
function websiteRows(names: string[]) {
  const rows = formulaRows('COMPANY_WEBSITE', [names.map((name) => [name])]);
  if (!rows.ok) throw new Error(rows.message);
  rows.rows.forEach((row, i) => {
    if (row.prepared.kind === 'request') row.key = names[i];
  });
  return rows;
}

describe("a formula's cells", () => {
  it('show one row per input of a range: a value, Not found, a blank, and errors without the key', () => {
    const rows = websiteRows(['Acme', 'Globex', '', 'Initech']);
    const results = new Map<string, LookupResult>([
      ['Acme', { kind: 'found', result: 'acme.com', cached: false, credits: 1 }],
      ['Globex', { kind: 'miss', cached: true, credits: 1 }],
      ['Initech', { kind: 'failed', error: refused }],
    ]);

    expect(formulaAnswer(rows, results, view)).toEqual([
      ['acme.com'],
      ['Not found'],
      [''],
      ['Error: Key [API key] was refused.'],
    ]);
  });

  it('throw in a single cell, so it shows #ERROR! with the reason, the key left out', () => {
    const rows = websiteRows(['Initech']);
    rows.isRange = false;
    const results = new Map<string, LookupResult>([['Initech', { kind: 'failed', error: refused }]]);

    expect(() => formulaAnswer(rows, results, view)).toThrow('Key [API key] was refused.');
  });

  it('say a lookup that had to wait its turn is queued, at no cost', () => {
    const rows = websiteRows(['Acme']);
    const results = new Map<string, LookupResult>([
      ['Acme', { kind: 'deferred', reason: 'buying-elsewhere' }],
    ]);
    const queued = 'Queued: this fills in within a minute or two.';

    expect(formulaAnswer(rows, results, { ...view, queued })).toEqual([[queued]]);
  });
});
