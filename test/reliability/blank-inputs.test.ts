// Inputs that name nothing (issue 30), which users saw bought: cells that look blank but hold a
// Hangul filler (U+3164, U+115F, U+1160, U+FFA0), the blank braille pattern (U+2800) or the
// combining grapheme joiner (U+034F); company names of punctuation alone; and a profile URL whose
// slug ends in `%20` or an encoded zero-width space, bought as a second profile. Through formulas,
// a bulk run, a watch and a recipe, driven as a user and the sidebar drive them: each costs nothing
// and says why, and the URL is one purchase. Credits are the fake API's ledger at the spec's prices
// (company_name_to_website 1, lead_full_name_to_email 7, pronet_profile_to_email 10,
// pronet_profile_to_phone 50); cell texts are literals, answers the fake API's data gives.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import {
  createWorld,
  drive,
  enterFormula,
  postsSent,
  sentInputs,
  shows,
  sidebar,
  spent,
  typeValues,
  type World,
} from '../bundle/harness';

const column = (world: World, range: string) => world.emu.values('Sheet1', range).map(([value]) => value);

/** Cells that look blank, and the code points the message names. */
const LOOKS_BLANK: [string, string][] = [
  ['\u3164', 'U+3164'],
  ['\u115F', 'U+115F'],
  ['\u1160', 'U+1160'],
  ['\uFFA0', 'U+FFA0'],
  ['\u2800', 'U+2800'],
  ['\u034F', 'U+034F'],
];
const PUNCTUATION = ['...', '—', '()', '???'];

const invisible = (codes: string) =>
  `This is text that looks blank but holds only invisible characters (${codes}), which costs nothing: clear the cell`;
const noLetter = (text: string) =>
  `This is "${text}", which has no letter or digit to look up and costs nothing`;

const ADA = 'https://www.pronet.com/in/ada-lovelace';
/** The fake API's answer for that profile (tools/fake-api/data.ts, seeded by the slug). */
const ADA_EMAIL = 'ada.lovelace@ironworks.com';
const ADA_PHONE = '+1 303 555 0144';

describe('formulas over cells that name nothing', () => {
  it('refuses a cell that only looks blank, in a company and a name lookup, for free', () => {
    const world = createWorld();
    typeValues(
      world,
      'A2:A7',
      LOOKS_BLANK.map(([cell]) => [cell]),
    );
    LOOKS_BLANK.forEach(([, codes], i) => {
      expect(shows(world, `B${i + 2}`, `=COMPANY_WEBSITE(A${i + 2})`)).toBe(
        `${invisible(codes)}; COMPANY_WEBSITE needs a company name.`,
      );
    });
    // A Hangul filler is a letter to Unicode: the name lookup took it for a name (7 credits).
    expect(shows(world, 'C2', '=EMAIL_FROM_NAME(A2, "Acme")')).toBe(
      `${invisible('U+3164')}; EMAIL_FROM_NAME needs a person's full name.`,
    );
    expect(shows(world, 'C3', '=EMAIL_FROM_NAME("Ada Lovelace", A6)')).toBe(
      'The company argument is text that looks blank but holds only invisible characters (U+2800), which costs nothing: clear the cell; give text or leave it blank.',
    );
    expect(shows(world, 'C4', '=B2B_LOOKUP(A7)')).toBe(
      `${invisible('U+034F')}; B2B_LOOKUP needs a company or person identifier.`,
    );
    expect(spent(world)).toBe(0);
    expect(postsSent(world)).toBe(0);
  });

  it('refuses company names of punctuation alone, for free', () => {
    const world = createWorld();
    typeValues(
      world,
      'A2:A5',
      PUNCTUATION.map((text) => [text]),
    );
    PUNCTUATION.forEach((text, i) => {
      expect(shows(world, `B${i + 2}`, `=COMPANY_WEBSITE(A${i + 2})`)).toBe(
        `${noLetter(text)}; COMPANY_WEBSITE needs a company name.`,
      );
      expect(shows(world, `C${i + 2}`, `=B2B_LOOKUP(A${i + 2})`)).toBe(
        `${noLetter(text)}; B2B_LOOKUP needs a company or person identifier.`,
      );
    });
    expect(spent(world)).toBe(0);
    expect(postsSent(world)).toBe(0);
  });

  it('in a range, buys the real row only and says why on the others', () => {
    const world = createWorld();
    typeValues(world, 'A2:A5', [['\u3164'], ['Firm 7'], ['—'], ['Firm 7\u3164']]);
    expect(enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5)').values).toEqual([
      [`Error: ${invisible('U+3164')}; COMPANY_WEBSITE needs a company name.`],
      ['firm7.com'],
      [`Error: ${noLetter('—')}; COMPANY_WEBSITE needs a company name.`],
      ['firm7.com'],
    ]);
    expect(spent(world)).toBe(1);
    expect(sentInputs(world)).toEqual(['Firm 7']);
  });

  it('buys a profile whose slug ends in %20 or an encoded zero-width space once: 10 credits, not 30', () => {
    const world = createWorld();
    typeValues(world, 'A2:A5', [
      [`${ADA}%20`],
      [`${ADA}%E2%80%8B`],
      [ADA],
      ['https://www.pronet.com/in/%20'],
    ]);
    for (let row = 2; row <= 4; row++)
      expect(shows(world, `B${row}`, `=PRONET_EMAIL(A${row})`)).toBe(ADA_EMAIL);
    expect(shows(world, 'B5', '=PRONET_EMAIL(A5)')).toBe(
      'PRONET_EMAIL needs a person profile URL (pronet.com/in/...); got "https://www.pronet.com/in/%20".',
    );
    expect(spent(world)).toBe(10);
    expect(sentInputs(world)).toEqual([ADA]);
  });
});

describe('a bulk run over a column with cells that name nothing', () => {
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
  const NEEDS = 'Website from company name needs a company name.';
  const INPUTS = ['Firm 7', ...LOOKS_BLANK.map(([cell]) => cell), ...PUNCTUATION, 'Firm 7\u2800'];

  it('previews them as invalid, buys nothing for them, and says why in their status', () => {
    const world = createWorld();
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(
      world,
      `A2:A${INPUTS.length + 1}`,
      INPUTS.map((input) => [input]),
    );
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview).toMatchObject({
      rows: 12,
      invalidCount: 10,
      duplicates: 1,
      toLookUp: 1,
      estimatedCredits: 1,
    });
    const messages = [
      ...LOOKS_BLANK.map(([, codes]) => `${invisible(codes)}; ${NEEDS}`),
      ...PUNCTUATION.map((text) => `${noLetter(text)}; ${NEEDS}`),
    ];
    expect(preview.invalid).toEqual(messages.map((message, i) => ({ row: i + 3, message })));

    const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', found: 2, invalid: 10 });
    expect(spent(world)).toBe(1);
    expect(sentInputs(world)).toEqual(['Firm 7']);
    expect(column(world, 'B2:B13')).toEqual(['firm7.com', ...messages.map(() => ''), 'firm7.com']);
    expect(column(world, 'C2:C13')).toEqual([
      'Found',
      ...messages.map((message) => `Invalid input: ${message}`),
      'Found',
    ]);
  });
});

describe('a watch on a column with cells that name nothing', () => {
  it('writes why in their status and buys only the real company', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1', [['Company']]);
    sidebar<WatchList>(world, 'createWatch', {
      kind: 'lookup',
      config: {
        sheetName: 'Sheet1',
        headerRow: 1,
        type: 'company_name_to_website',
        columns: { input: 1 },
        output: { mode: 'primary' },
      },
      dailyCap: 50,
    });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', [['Company 7'], ['\u3164'], ['—'], ['\u2800\u034F']]);
    const needs = 'Website from company name needs a company name.';
    expect(world.emu.values('Sheet1', 'B2:C5')).toEqual([
      ['7.com', 'Found'],
      ['', `Invalid input: ${invisible('U+3164')}; ${needs}`],
      ['', `Invalid input: ${noLetter('—')}; ${needs}`],
      ['', `Invalid input: ${invisible('U+2800, U+034F')}; ${needs}`],
    ]);
    expect(spent(world)).toBe(1);
    expect(sentInputs(world)).toEqual(['Company 7']);
  });
});

describe('a recipe over a column with cells that name nothing', () => {
  it('"Contact from profile URL" buys the email and phone of one profile spelled three ways once', () => {
    const world = createWorld();
    const inputs = [ADA, `${ADA}%20`, `${ADA}%E2%80%8B`, '\u3164', '—'];
    typeValues(world, 'A1', [['Profile']]);
    typeValues(
      world,
      `A2:A${inputs.length + 1}`,
      inputs.map((input) => [input]),
    );
    const config = {
      recipeId: 'contact-from-profile',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { profileUrl: 1 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    expect([preview.creditsMin, preview.creditsMax]).toEqual([60, 60]);
    const started = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done' });
    expect(spent(world)).toBe(60);
    expect(sentInputs(world)).toEqual([ADA, ADA]);
    const headers = world.emu.values('Sheet1', 'A1:F1')[0]!;
    const valuesOf = (header: string) => {
      const letter = String.fromCharCode(65 + headers.indexOf(header));
      return column(world, `${letter}2:${letter}6`);
    };
    expect(valuesOf('Email')).toEqual([ADA_EMAIL, ADA_EMAIL, ADA_EMAIL, '', '']);
    expect(valuesOf('Phone')).toEqual([ADA_PHONE, ADA_PHONE, ADA_PHONE, '', '']);
  });
});
