// Every text a cell or a status column of the add-on can show, rendered by its maker with sample
// values, is refused for free as an input: by formulas, and so by bulk runs, recipes and watches,
// which read cells through the same refusal (formulas/placeholders.ts; test/bundle/own-texts.test.ts
// shows it for a bulk run). Every family the catalogue declares (src/core/text/catalogue/) must be
// rendered here at least once: a new family without a sample fails this test.
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { prepareRequest } from '../../../src/core/formulas/request';
import { operationByFunction } from '../../../src/core/operations/table';
import * as api from '../../../src/core/text/catalogue/api';
import * as budget from '../../../src/core/text/catalogue/budget';
import * as cells from '../../../src/core/text/catalogue/cells';
import { holds, type TextFamily } from '../../../src/core/text/catalogue/family';
import * as jobs from '../../../src/core/text/catalogue/jobs';
import { OWN_TEXT_FAMILIES, ownTextKind } from '../../../src/core/text/catalogue/own-texts';
import * as queue from '../../../src/core/text/catalogue/queue';
import * as statuses from '../../../src/core/text/catalogue/statuses';
import { CELL_TEXTS as TEXTS } from './samples';

const website = operationByFunction('COMPANY_WEBSITE')!;

/** A family the catalogue declares (family.ts), among the other exports of its files. */
const isFamily = (value: unknown): value is TextFamily =>
  typeof value === 'object' && value !== null && 'kind' in value && 'begins' in value && 'nouns' in value;

function refusal(input: string): string | null {
  const prepared = prepareRequest(website, { input } as RawArguments);
  return prepared.kind === 'invalid' ? prepared.message : null;
}

describe('the catalogue of our own texts', () => {
  it.each(TEXTS.map((text) => [text]))('refuses %j as an input, for free', (text) => {
    expect(refusal(text)).toMatch(
      /^This is (a lookup still waiting for its answer|a message of this add-on|"Not found")/,
    );
  });

  it('renders a sample of every family the catalogue declares', () => {
    const unrendered = OWN_TEXT_FAMILIES.filter((family) => !TEXTS.some((text) => holds(family, text))).map(
      (family) => family.begins,
    );
    expect(unrendered).toEqual([]);
  });

  it('names every family the catalogue declares', () => {
    const declared = [api, budget, cells, jobs, queue, statuses].flatMap((file) =>
      Object.values(file).filter(isFamily),
    );
    expect(declared.filter((family) => !OWN_TEXT_FAMILIES.includes(family)).map((f) => f.begins)).toEqual([]);
  });

  it('declares each beginning once', () => {
    const beginnings = OWN_TEXT_FAMILIES.map((family) => `${family.nouns?.join('/') ?? ''}${family.begins}`);
    expect(beginnings.filter((begins, i) => beginnings.indexOf(begins) !== i)).toEqual([]);
  });

  it('tags each as a placeholder, an error, a wait or a promise', () => {
    expect(ownTextKind('Queued: 776 lookups will fill in within about 13 minutes.')).toBe('wait');
    expect(ownTextKind('Employee list ordered: it will appear in a new sheet within a minute or two.')).toBe(
      'promise',
    );
    expect(ownTextKind('Error: Not enough credits (HTTP 402).')).toBe('error');
    expect(ownTextKind('Found')).toBe('placeholder');
  });

  it('leaves real names that begin like one of them alone', () => {
    for (const name of [
      'Foundry Partners',
      'Processing Solutions Inc',
      'Queued Labs',
      'Errorless Ltd',
      'Expired Goods Co',
    ])
      expect(refusal(name)).toBeNull();
  });
});
