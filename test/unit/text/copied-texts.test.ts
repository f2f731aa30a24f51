// The add-on never buys its own words in any form people copy them (issue 40): in upper or lower
// case, after a prefix ("Row 7: "), with something appended, with other numbers, cut to a family's
// bare beginning or a sentence's first clause, and not only the texts of cells and status columns
// but every text the sidebar, the report and the notes write, pasted back into a sheet; its short
// labels and states ("Full profile") as the whole cell. Each is refused for free by
// COMPANY_WEBSITE, so by every formula, bulk run, recipe and watch (formulas/placeholders.ts). Real
// names that share a word with them are bought.
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { formulaRows } from '../../../src/core/formulas/formula-rows';
import { prepareRequest } from '../../../src/core/formulas/request';
import { GENERIC_HELP, OPERATION_DOCS } from '../../../src/core/operations/docs';
import { operationByFunction } from '../../../src/core/operations/table';
import { OWN_TEXT_FAMILIES } from '../../../src/core/text/catalogue/own-texts';
import {
  CITIES,
  COMPANY_KINDS,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  DEGREES,
  DEPARTMENTS,
  FIRST_NAMES,
  INDUSTRIES,
  jobTitle,
  LAST_NAMES,
  PHOTONET_CATEGORIES,
  SCHOOLS,
  SENIORITIES,
} from '../../../tools/fake-api/vocabulary';
import { catalogueTexts } from '../../own-marks';
import { isSentence, PANEL_TEXTS, SIDEBAR_TEXTS } from './panel-samples';
import { CELL_TEXTS } from './samples';

const website = operationByFunction('COMPANY_WEBSITE')!;

function refusal(input: string): string | null {
  const prepared = prepareRequest(website, { input } as RawArguments);
  return prepared.kind === 'invalid' ? prepared.message : null;
}

const OURS = /^This is (a lookup still waiting for its answer|a message of this add-on|"Not found")/i;

/** Every number of `text` another: "HTTP 429" reads "HTTP 430". */
const otherNumbers = (text: string) => text.replace(/\d+/g, (digits) => String(Number(digits) + 1));

/**
 * A text's beginning as a cut cell leaves it: its first clause, up to a full stop, colon, semicolon
 * or question mark, when that is a sentence's worth on its own (three words or more, 15 characters)
 * and not the whole text: "Daily cap of 12 credits reached:". Shorter ("Total:", "Step 12:"), it
 * is a user's words too.
 */
function beginning(text: string): string | null {
  const first = /^.*?[.:;?](?= )/.exec(text)?.[0];
  if (first === undefined || first.length < 15) return null;
  return first.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 3 ? first : null;
}

/** A text as people copy it. */
function variants(text: string): [string, string][] {
  const forms: [string, string][] = [
    ['as written', text],
    ['upper case', text.toUpperCase()],
    ['lower case', text.toLowerCase()],
    ['prefixed', `Row 7: ${text}`],
    ['suffixed', `${text} (copied)`],
  ];
  if (/\d/.test(text)) forms.push(['other numbers', otherNumbers(text)]);
  const cut = beginning(text);
  if (cut !== null) forms.push(['its beginning', cut]);
  return forms;
}

/** Those of `texts`' variants that would be bought. */
const bought = (texts: readonly string[]) =>
  texts.flatMap((text) =>
    variants(text)
      .filter(([, form]) => refusal(form) === null || !OURS.test(refusal(form)!))
      .map(([variant, form]) => `${variant}: ${form}`),
  );

/**
 * The sidebar's sentences made mostly of the values they are given: their own words are fewer
 * than three ("Cleared …", "Opened "…": …"), so a user's words could read the same.
 */
const VALUES_MOSTLY: Readonly<Record<string, string>> = {
  'BULK_TEXTS.hoursLeft': 'about … h left',
  'BULK_TEXTS.runAndSpend': 'Run and spend …',
  'BULK_REFUSALS.mustBeText': '… must be text.',
  'BULK_TEXTS.costUpTo': 'up to …',
  'BULK_ANSWERS.ownerFormula': 'the formula in …',
  'JOBS_ANSWERS.formulasFilled': '… formulas filled in.',
  'JOBS_ANSWERS.queuedAgo': 'queued … ago',
  'JOBS_ANSWERS.lastWorkedOn': 'last worked on …',
  'KEY_TEXTS.testCostWas': 'its test cost …',
  'SPENDING_ANSWERS.opened': 'Opened "…": … purchases, … (…).',
  'WATCHES_TEXTS.today': 'Today … of …',
  'WATCHES_TEXTS.note': '… on, … paused, … off',
};

/** The families whose bare beginning is no text of ours: a word or two any name may begin with. */
const NOT_A_BEGINNING = new Set(['Cut to ']);

describe('our own texts, copied', () => {
  it('refuses every cell and status text in every form people copy it', () => {
    expect(bought(CELL_TEXTS)).toEqual([]);
  });

  it("refuses each family's bare beginning, as a cut cell leaves it", () => {
    const beginnings = OWN_TEXT_FAMILIES.filter(
      (family) => !family.whole && !NOT_A_BEGINNING.has(family.begins),
    ).map((family) => (family.nouns ? `12 ${family.nouns[1]}${family.begins}` : family.begins).trim());
    expect(beginnings).toEqual(
      expect.arrayContaining([
        'Processing…',
        'Queued:',
        'Not sent yet:',
        'Lookup lost:',
        'Taking unusually long:',
      ]),
    );
    expect(bought(['Processing...', ...beginnings])).toEqual([]);
  });

  it('refuses the texts of the sidebar, the report and the notes, pasted back', () => {
    expect(bought(PANEL_TEXTS)).toEqual([]);
  });

  it('refuses every sentence of the sidebar catalogue, pasted back', () => {
    const sentences = SIDEBAR_TEXTS.filter(([name]) => !(name in VALUES_MOSTLY));
    expect(sentences.length).toBeGreaterThan(150);
    expect(bought(sentences.map(([, text]) => text))).toEqual([]);
  });

  it('refuses the sentences once written beside the code that says them, pasted back', () => {
    // Last round these were literals outside the catalogue, so the matcher did not know them.
    const once = [
      'Choose an operation first.',
      "Employee lists are not refreshed in place: clear a row's status to ask for it again.",
      "This run will spend about 30 credits for 30 new lookups. If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits. Run it?",
      'No Enrich for Sheets formulas in the selection.',
      'Froze 2 formulas: 3 cells are now plain values.',
      'Paste your API key first (account dashboard > Settings > API Key).',
      'An API key has no spaces: copy it again from the dashboard.',
      'This does not look like an API key.',
      'The sheet "Leads" is gone or was renamed. Delete this watch and set it up again.',
      'Paused: daily cap reached',
      'No failed rows to retry.',
      'It was bought moments ago by a formula or a run; try Buy again in a minute.',
      'This watch is too large to save: use fewer steps or fields.',
      'Another execution is saving results; the document properties keep these for now.',
      'Open a spreadsheet first.',
      'This run reached its cap of 50 credits (50 credits spent). Raise the per-run cap in the settings, then Resume.',
      'Daily formula budget must be a number from 0 to 100000.',
    ];
    expect(bought(once)).toEqual([]);
  });

  it('refuses the formulas\' refusal messages copied bare, without their "Invalid input: "', () => {
    // The whole cell text was refused; the sentence after the prefix was bought (1 credit).
    const bare = [
      'This function takes at most 3 columns; the range has 5.',
      'Give each argument a single column (or one range holding all of them).',
      'The ranges must have the same number of rows.',
      'ENRICH needs an operation type first, e.g. ENRICH("company_name_to_website", A2).',
      'This is a date; COMPANY_WEBSITE needs a company name.',
      "This is a number; PRONET_URL_FROM_NAME needs a person's full name.",
      'The location argument is a date; give text or leave it blank.',
      'The job title is 300 characters long; the limit is 200.',
      'This is an email address; DOMAIN_EMPLOYEES needs a company domain, such as its domain acme.com.',
      'This web address is not a photonet profile; PHOTONET_PROFILE needs a photonet handle (@name) or profile URL.',
      '"Ada Lovelace" cannot be a photonet handle; PHOTONET_PROFILE needs letters, digits, periods and underscores only (at most 30).',
      "This is a person profile URL; PRONET_URL_FROM_NAME needs a person's full name. For a person profile URL, use PRONET_EMAIL, PRONET_PHONE or PRONET_PROFILE.",
      "This is an email address; PRONET_URL_FROM_NAME needs a person's full name. Use PRONET_URL_FROM_EMAIL instead.",
      'This address is on x.com, not pronet.com; PRONET_EMAIL needs a person profile URL (pronet.com/in/...).',
      'PRONET_EMAIL needs a person profile URL (pronet.com/in/...); got "acme.com". For names, use EMAIL_FROM_NAME.',
      'DOMAIN_EMPLOYEES needs a company domain such as acme.com; got "Ada Lovelace". For names, use COMPANY_EMPLOYEES.',
      'COMPANY_WEBSITE does not take a company; only PRONET_URL_FROM_NAME and EMAIL_FROM_NAME do.',
      'EMAIL_FROM_NAME does not take max (a number of employees); only COMPANY_EMPLOYEES, DOMAIN_EMPLOYEES and PRONET_COMPANY_EMPLOYEES do.',
      'max must be a whole number of at least 1, such as 50; got "abc".',
      'This input is 600 characters long; COMPANY_WEBSITE takes at most 500.',
      'This is "@@@", which has no letter or digit to look up and costs nothing; B2B_LOOKUP needs a company or person identifier.',
      'This is an error value (#NAME?), which costs nothing: fix the cell it comes from; COMPANY_EMAIL needs a company name.',
    ];
    expect(bought(bare)).toEqual([]);
  });

  it("refuses ENRICH's refusal of an unknown type by its fixed words in order, as people copy it", () => {
    const rows = formulaRows('ENRICH', ['compny_website', 'Acme']);
    const typo = rows.ok ? rows.rows[0]?.prepared : rows;
    const said = 'Unknown type "compny_website". Did you mean company_name_to_website?';
    expect(typo).toEqual({ kind: 'invalid', message: said });
    // Each of its words is short and common ("Unknown type", "Did you mean"): bought, 1 credit each.
    expect(bought([said, 'Unknown type "compny_website".', 'Unknown type "x". Did you mean y?'])).toEqual([]);
  });

  it("refuses what each function does, as the help and the sidebar's picker say it, pasted back", () => {
    const helps = Object.values(OPERATION_DOCS).map((doc) => doc.help);
    expect(helps).toEqual(
      expect.arrayContaining([
        "Finds a company's website from its name.",
        'Lists the employees of a company, found by its domain, into a new sheet.',
        'People who reacted to a pronet post, spilled as a table with a header row.',
      ]),
    );
    const reach =
      'Without a field it fills 5 cells of its row (name, industry, size, followers, about): keep the 4 to its right empty, or it shows #REF!.';
    expect(bought([...helps, GENERIC_HELP, reach])).toEqual([]);
  });

  it("refuses the functions' labels as a status header and a list's note show them, pasted back", () => {
    const shown = [
      'Status (Website from company name)',
      'Status (Profile URL from email)',
      'Status (Employee count from company page)',
      'Status (Reactions to a post)',
      'Employees from company name: Acme Corp',
      'Employees from company domain: acme.com',
      'Employees from company page: https://www.pronet.com/company/acme',
    ];
    expect(bought(shown)).toEqual([]);
  });

  it('refuses every short text of the catalogue (a label, a state, a button) when it is the whole cell', () => {
    const short = catalogueTexts().filter((text) => !isSentence(text));
    expect(short).toEqual(
      expect.arrayContaining(['Full profile', 'Photonet profile', 'Key saved.', 'Go on', 'Estimated cost']),
    );
    expect(bought([...short, ...short.map((text) => `  ${text} `)])).toEqual([]);
  });

  it('says why each sentence it leaves is not ours alone, and leaves only those', () => {
    const named = new Set(SIDEBAR_TEXTS.map(([name]) => name));
    expect(Object.keys(VALUES_MOSTLY).filter((name) => !named.has(name))).toEqual([]);
  });

  it('buys real names that share a word with them', () => {
    const names = [
      'Queue Systems Inc',
      'Processing Plant Ltd',
      'Not Found Records LLC',
      'Foundry Partners',
      'Queued Labs',
      'Errorless Ltd',
      'Error Corp',
      'Expired Goods Co',
      'Cut To Size Ltd',
      'Waiting Room Films',
      'Skipped Stones LLC',
      'Total Energies',
      'Saved Results Inc',
      'Bulk Run Logistics',
      'Go On Ltd',
      'Lookup Lost and Found',
      'Employee List Co',
      'The Memory Company',
      'Watch Co',
      'Daily Formula',
      'Not Now Productions',
      'Ada Lovelace',
      'Lovelace, Ada',
      'Acme (UK) Ltd',
      'Found (Scotland) Ltd',
      'Smith & Sons (Holdings)',
      'Not Sent Ltd',
      'Employee List Ordering Co',
      'Taking Long LLC',
      'Terror: The Company',
      'Unknown Type Records',
      'Type Foundry Ltd',
      'Did You Mean Media',
      'Did you mean',
      'Full Profile Media',
      'Photonet Profile Studio',
      'Company Name Ltd',
      'On Point Ltd',
      'Refresh Foods',
      'Key Saved Locksmiths',
      'https://www.pronet.com/in/ada-lovelace',
      'ada@acme.com',
      'Collected Works Ltd',
      'Today Show Productions',
      'This Month Magazine',
      'Until Dawn Games',
      'Was Here Ltd',
      'Formula One Group',
      'Credit Suisse (Formula)',
    ];
    expect(names.filter((name) => OURS.test(refusal(name) ?? ''))).toEqual([]);
  });

  it("buys every company, person, department, title and city of the fake API's vocabulary", () => {
    const companies = COMPANY_PREFIXES.flatMap((prefix) =>
      COMPANY_SUFFIXES.flatMap((suffix) => COMPANY_KINDS.map((kind) => `${prefix}${suffix}${kind}`)),
    );
    const people = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
    // And the filters, locations and titles a name lookup or an employee list is given.
    const words = [
      ...INDUSTRIES.flatMap((industry) => [industry.name, ...industry.specialties]),
      ...DEPARTMENTS.flatMap((department) => [
        department.name,
        ...SENIORITIES.map(({ name }) => jobTitle(department, name)),
      ]),
      ...SENIORITIES.map(({ name }) => name),
      ...CITIES.map((city) => city.name),
      ...[...SCHOOLS, ...DEGREES, ...PHOTONET_CATEGORIES].filter((word) => word !== ''),
    ];
    expect([...companies, ...people, ...words].filter((name) => refusal(name) !== null)).toEqual([]);
  });
});
