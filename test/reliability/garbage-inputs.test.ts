// Real columns hold error values, half-loaded cells, links on other sites and one person spelled five
// ways. Through formulas, a bulk run and a recipe, driven as a user and the sidebar drive them: what
// cannot be a real lookup costs nothing and says why, and one thing is bought once. Credits are the
// fake API's own ledger at the spec's prices (company_name_to_website 1, lead_full_name_to_email 7,
// email_to_pronet_url 5, pronet_profile_to_email 10, pronet_profile_to_phone 50); cell texts are
// literals, the answers the fake API's data gives for these inputs.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
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

const FIX = 'which costs nothing: fix the cell it comes from';
const ERROR_VALUES = ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#ERROR!', '#NUM!', '#NULL!'];

const FOREIGN = [
  'https://evil.example/in/ada',
  'https://127.0.0.1/in/ada',
  'https://pronet.com.evil.example/in/ada',
  'https://docs.google.com/in/ada',
  'evil.example/in/ada-lovelace',
];
const FOREIGN_HOSTS = [
  'evil.example',
  '127.0.0.1',
  'pronet.com.evil.example',
  'docs.google.com',
  'evil.example',
];

/** One profile, five ways: the slug's case, the bare host, a country host, percent-encoding. */
const SPELLINGS = [
  'https://www.pronet.com/in/ada-lovelace',
  'https://www.pronet.com/in/Ada-Lovelace',
  'https://pronet.com/in/ada-lovelace',
  'https://uk.pronet.com/in/ada-lovelace/',
  'https://www.pronet.com/in/ada%2Dlovelace',
];
/** The fake API's answers for that profile (tools/fake-api/data.ts, seeded by the slug). */
const ADA_EMAIL = 'ada.lovelace@ironworks.com';
const ADA_PHONE = '+1 303 555 0144';

describe('formulas over garbage inputs', () => {
  it('never buys an error value or "Loading...", as the input or the name or company of a name lookup', () => {
    const world = createWorld();
    typeValues(
      world,
      'A2:A10',
      [...ERROR_VALUES, 'Loading...'].map((value) => [value]),
    );
    for (let row = 2; row <= 9; row++) {
      expect(shows(world, `B${row}`, `=COMPANY_WEBSITE(A${row})`)).toBe(
        `This is an error value (${ERROR_VALUES[row - 2]}), ${FIX}; COMPANY_WEBSITE needs a company name.`,
      );
    }
    expect(shows(world, 'B10', '=COMPANY_WEBSITE(A10)')).toBe(
      'This is "Loading..." (the cell it comes from is still computing); COMPANY_WEBSITE needs a company name.',
    );
    expect(shows(world, 'C2', '=EMAIL_FROM_NAME(A2, "Acme")')).toBe(
      `This is an error value (#N/A), ${FIX}; EMAIL_FROM_NAME needs a person's full name.`,
    );
    expect(shows(world, 'C3', '=EMAIL_FROM_NAME("Ada Lovelace", A3)')).toBe(
      `The company argument is an error value (#REF!), ${FIX}; give text or leave it blank.`,
    );
    expect(shows(world, 'C4', '=EMAIL_FROM_NAME("Ada Lovelace", A10)')).toBe(
      'The company argument is "Loading..." (the cell it comes from is still computing); give text or leave it blank.',
    );
    expect(spent(world)).toBe(0);
    expect(postsSent(world)).toBe(0);
  });

  it('in a range, buys the real rows only and says why on the others', () => {
    const world = createWorld();
    typeValues(world, 'A2:A5', [['#N/A'], ['Firm 7'], ['#DIV/0!'], ['Loading...']]);
    expect(enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5)').values).toEqual([
      [`Error: This is an error value (#N/A), ${FIX}; COMPANY_WEBSITE needs a company name.`],
      ['firm7.com'],
      [`Error: This is an error value (#DIV/0!), ${FIX}; COMPANY_WEBSITE needs a company name.`],
      [
        'Error: This is "Loading..." (the cell it comes from is still computing); COMPANY_WEBSITE needs a company name.',
      ],
    ]);
    expect(spent(world)).toBe(1);
    expect(sentInputs(world)).toEqual(['Firm 7']);
  });

  it('refuses a profile on any other host for free, naming the host (PRONET_PHONE spent 250 on these)', () => {
    const world = createWorld();
    typeValues(
      world,
      'A2:A6',
      FOREIGN.map((url) => [url]),
    );
    for (let row = 2; row <= 6; row++) {
      expect(shows(world, `B${row}`, `=PRONET_PHONE(A${row})`)).toBe(
        `This address is on ${FOREIGN_HOSTS[row - 2]}, not pronet.com; PRONET_PHONE needs a person profile URL (pronet.com/in/...).`,
      );
    }
    expect(spent(world)).toBe(0);
    expect(postsSent(world)).toBe(0);
  });

  it('buys one profile spelled five ways once: 10 credits, not 50', () => {
    const world = createWorld();
    typeValues(
      world,
      'A2:A6',
      SPELLINGS.map((url) => [url]),
    );
    for (let row = 2; row <= 6; row++)
      expect(shows(world, `B${row}`, `=PRONET_EMAIL(A${row})`)).toBe(ADA_EMAIL);
    expect(spent(world)).toBe(10);
    expect(sentInputs(world)).toEqual(['https://www.pronet.com/in/ada-lovelace']);
  });

  it('buys a company differing only in case or invisible marks once, and an email in any case once', () => {
    const world = createWorld();
    typeValues(world, 'A2:A5', [['Firm 7'], ['FIRM 7'], ['firm 7\u200F'], ['\u200EFirm\u200B 7']]);
    for (let row = 2; row <= 5; row++)
      expect(shows(world, `B${row}`, `=COMPANY_WEBSITE(A${row})`)).toBe('firm7.com');
    expect(spent(world)).toBe(1);
    expect(sentInputs(world)).toEqual(['Firm 7']);

    typeValues(world, 'C2:C4', [
      ['ada.lovelace@acme.com'],
      ['Ada.Lovelace@Acme.com'],
      ['ADA.LOVELACE@ACME.COM'],
    ]);
    for (let row = 2; row <= 4; row++) {
      expect(shows(world, `D${row}`, `=PRONET_URL_FROM_EMAIL(C${row})`)).toBe(
        'https://www.pronet.com/in/ada-lovelace-890df0',
      );
    }
    expect(spent(world)).toBe(1 + 5);
    expect(sentInputs(world)).toEqual(['Firm 7', 'ada.lovelace@acme.com']);
  });
});

describe('a bulk run over the same column', () => {
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'pronet_profile_to_email',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
  const INPUTS = [...SPELLINGS, ...FOREIGN.slice(0, 4), '#N/A', 'Loading...'];

  it('lists error values and foreign hosts as invalid, and buys the five spellings once', () => {
    const world = createWorld();
    typeValues(world, 'A1:B1', [['Profile', 'Email']]);
    typeValues(
      world,
      `A2:A${INPUTS.length + 1}`,
      INPUTS.map((input) => [input]),
    );
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    const needs = 'Email from profile needs a person profile URL (pronet.com/in/...).';
    expect(preview).toMatchObject({
      rows: 11,
      invalidCount: 6,
      duplicates: 4,
      toLookUp: 1,
      estimatedCredits: 10,
    });
    expect(preview.invalid).toEqual([
      { row: 7, message: `This address is on evil.example, not pronet.com; ${needs}` },
      { row: 8, message: `This address is on 127.0.0.1, not pronet.com; ${needs}` },
      { row: 9, message: `This address is on pronet.com.evil.example, not pronet.com; ${needs}` },
      { row: 10, message: `This address is on docs.google.com, not pronet.com; ${needs}` },
      { row: 11, message: `This is an error value (#N/A), ${FIX}; ${needs}` },
      { row: 12, message: `This is "Loading..." (the cell it comes from is still computing); ${needs}` },
    ]);

    const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', found: 5, invalid: 6 });
    expect(spent(world)).toBe(10);
    expect(sentInputs(world)).toEqual(['https://www.pronet.com/in/ada-lovelace']);
    expect(column(world, 'B2:B12')).toEqual([
      ...SPELLINGS.map(() => ADA_EMAIL),
      ...INPUTS.slice(5).map(() => ''),
    ]);
    expect(column(world, 'C2:C12')).toEqual([
      ...SPELLINGS.map(() => 'Found'),
      ...preview.invalid.map((item) => `Invalid input: ${item.message}`),
    ]);
  });

  it('never buys a company column of error values, and buys its spellings of one company once', () => {
    const world = createWorld();
    const companies = [...ERROR_VALUES, 'Loading...', 'Firm 7', 'FIRM 7', 'firm 7\u200F'];
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(
      world,
      `A2:A${companies.length + 1}`,
      companies.map((company) => [company]),
    );
    const websites: BulkRunConfig = { ...config, type: 'company_name_to_website' };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites);
    expect(preview).toMatchObject({
      rows: 12,
      invalidCount: 9,
      duplicates: 2,
      toLookUp: 1,
      estimatedCredits: 1,
    });
    expect(preview.invalid.map((item) => item.message)).toEqual([
      ...ERROR_VALUES.map(
        (value) =>
          `This is an error value (${value}), ${FIX}; Website from company name needs a company name.`,
      ),
      'This is "Loading..." (the cell it comes from is still computing); Website from company name needs a company name.',
    ]);
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites, preview.estimatedCredits);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', found: 3, invalid: 9 });
    expect(spent(world)).toBe(1);
    expect(column(world, 'B2:B13')).toEqual([
      ...companies.slice(0, 9).map(() => ''),
      'firm7.com',
      'firm7.com',
      'firm7.com',
    ]);
  });
});

describe('a recipe over the same column', () => {
  it('"Contact from profile URL" buys the email and the phone of the five spellings once, and nothing else', () => {
    const world = createWorld();
    const inputs = [...SPELLINGS, FOREIGN[0]!, FOREIGN[2]!, '#N/A'];
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
    const headers = world.emu.values('Sheet1', 'A1:F1')[0]!;
    const valuesOf = (header: string) =>
      column(
        world,
        `${String.fromCharCode(65 + headers.indexOf(header))}2:${String.fromCharCode(65 + headers.indexOf(header))}9`,
      );
    expect(valuesOf('Email')).toEqual([...SPELLINGS.map(() => ADA_EMAIL), '', '', '']);
    expect(valuesOf('Phone')).toEqual([...SPELLINGS.map(() => ADA_PHONE), '', '', '']);
  });
});
