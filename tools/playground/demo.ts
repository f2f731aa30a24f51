// The demo the playground starts with: an account on the fake API, its key saved in the add-on as
// a user saves it, example inputs in the sheet, formulas to try on them, and a linked lead form
// whose responses a watch can enrich.
import { rowOfFieldsDoc } from '../../src/core/operations/docs';
import { priceLabel } from '../../src/core/operations/pricing';
import { operationByFunction } from '../../src/core/operations/table';
import type { Emulator, LoadedBundle } from '../emulator/emulator';
import type { Example } from './state';

export const DEMO_CREDITS = 1000;
export const SHEET = 'Sheet1';

const PROFILE_URL = 'https://www.pronet.com/in/ada-lovelace';
const COMPANY_NAME = 'Acme Corporation';
const COMPANY_PAGE = 'https://www.pronet.com/company/acme';

/**
 * Saves `key` as the add-on's key through the add-on's own path, the sidebar's Save: what a user
 * does at the start, and what "Use the demo key" does after the key was replaced or removed.
 * `untested`: in place of another key, saved without the paid key test the add-on makes of a new
 * key (its "Save it untested"): the demo key is known good, and restoring it must cost nothing.
 * Answers the add-on's error message, or null when it saved the key.
 */
export function saveKeyInAddOn(
  emu: Emulator,
  bundle: LoadedBundle,
  key: string,
  untested = false,
): string | null {
  try {
    const args = untested ? [key, 'user', 'untested'] : [key, 'user'];
    emu.runExecution(bundle, 'setApiKey', args, { context: 'sidebar' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Whether the add-on's saved key is the demo key. The playground hosts the stores as Google does,
 * so it looks for a value that is the key, whatever the add-on names it: the add-on keeps one key
 * (saving one scope clears the other), and nothing else it stores is a key (cache entries are
 * scoped by the key's hash). Only the answer leaves this function.
 */
export function demoKeyInUse(emu: Emulator, key: string): boolean {
  return emu.properties.stores().some((store) => [...store.values()].includes(key));
}

/** Google Forms' name for the sheet a newly linked form's responses land in. */
const FORM_SHEET = 'Form Responses 1';
const FORM_QUESTIONS = ['Name', 'Company'];
/** The answers "Simulate a form response" sends, in turn: companies the fake API knows by name. */
const FORM_RESPONSES: readonly Readonly<Record<string, string>>[] = [
  { Name: 'Grace Hopper', Company: 'Globex Corporation' },
  { Name: 'Alan Turing', Company: 'Initech' },
  { Name: 'Katherine Johnson', Company: 'Umbrella Corp' },
  { Name: 'Hedy Lamarr', Company: 'Stark Industries' },
];

/** A lead form whose responses land in the spreadsheet, unless one is linked already. */
export function linkDemoForm(emu: Emulator): void {
  if (!emu.document.form) emu.user.linkForm(FORM_SHEET, FORM_QUESTIONS);
}

/** The answers of the `index`th simulated response. */
export function formResponse(index: number): Readonly<Record<string, string>> {
  return FORM_RESPONSES[index % FORM_RESPONSES.length]!;
}

/** The inputs the examples read, under a bold header. */
export function prefill(emu: Emulator): void {
  const sheet = emu.spreadsheet.getSheetByName(SHEET)!;
  sheet.getRange('A1:B1').setValues([['Inputs', 'Results: select a cell, type a formula, press Enter']]);
  sheet.getRange('A1:B1').setFontWeight('bold');
  sheet.getRange('A2:A4').setValues([[PROFILE_URL], [COMPANY_NAME], [COMPANY_PAGE]]);
}

function example(cell: string, functionName: string, input: string, note?: string): Example {
  const op = operationByFunction(functionName);
  if (!op) throw new Error(`The operations table has no ${functionName}`);
  const timing = op.mode === 'async' ? `, takes about a minute: try "+1 min"` : '';
  const reach = rowOfFieldsDoc(op).replace(/\.$/, '');
  return {
    cell,
    formula: `=${functionName}(${input})`,
    note: note ?? [`${op.label}, ${priceLabel(op)}${timing}`, reach].filter(Boolean).join('. '),
  };
}

/** Formulas to try on the prefilled inputs; names and prices come from the operations table. */
export function examples(): Example[] {
  return [
    example('B2', 'PRONET_EMAIL', 'A2'),
    example('B3', 'COMPANY_WEBSITE', 'A3'),
    example('C3', 'COMPANY_PHONE', 'A3'),
    example('B4', 'PRONET_COMPANY', 'A4'),
    example('B6', 'PRONET_PROFILE', 'A2'),
    example('B8', 'PRONET_EMAIL', 'A3', 'a company name is not a profile URL: #ERROR!, no credit spent'),
  ];
}
