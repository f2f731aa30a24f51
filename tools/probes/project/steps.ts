// What a person does in Google to run the probes, in order. `npm run probes` prints these steps; the
// emulator test (test/probes/) follows the same list, so both run the probes the same way.

import { EDITOR_TYPED, INSERTED, SHEETS, TYPED } from './sheets';

export const MENU_TITLE = 'Probes';

/** The menu onOpen builds: caption and the top-level function it runs. */
export const MENU_ITEMS = [
  { caption: '1. Run the probes', functionName: 'probeStep1' },
  { caption: '2. Write the formulas', functionName: 'probeStep2' },
  { caption: '3. Change the cells', functionName: 'probeStep3' },
  { caption: '4. Report', functionName: 'probeReport' },
] as const;

type Caption = (typeof MENU_ITEMS)[number]['caption'];

export type Step =
  | { readonly kind: 'open'; readonly say: string }
  | { readonly kind: 'menu'; readonly caption: Caption; readonly say: string }
  | {
      readonly kind: 'type';
      readonly sheet: string;
      readonly cell: string;
      readonly text: string;
      readonly say: string;
    }
  | {
      /** Done by a second person, an editor of the spreadsheet, signed in with another account. */
      readonly kind: 'typeAsEditor';
      readonly sheet: string;
      readonly cell: string;
      readonly text: string;
      readonly say: string;
    }
  | { readonly kind: 'insertRow'; readonly sheet: string; readonly above: number; readonly say: string }
  | { readonly kind: 'wait'; readonly minutes: number; readonly say: string };

export const STEPS: readonly Step[] = [
  { kind: 'open', say: `Open the spreadsheet: a "${MENU_TITLE}" menu appears (reload once if it does not).` },
  {
    kind: 'menu',
    caption: '1. Run the probes',
    say: 'Probes > 1. Run the probes. Google asks for authorization the first time: allow, then click the item again. It takes about a minute.',
  },
  { kind: 'open', say: 'Reload the spreadsheet (the Open triggers record themselves).' },
  { kind: 'menu', caption: '2. Write the formulas', say: 'Probes > 2. Write the formulas.' },
  {
    kind: 'type',
    sheet: SHEETS.typed,
    cell: TYPED.cell,
    text: TYPED.formula,
    say: `On the "${SHEETS.typed}" sheet, type ${TYPED.formula} into ${TYPED.cell} and press Enter. Edit nothing else.`,
  },
  {
    kind: 'insertRow',
    sheet: INSERTED.sheet,
    above: INSERTED.above,
    say: `On the "${INSERTED.sheet}" sheet, right-click row ${INSERTED.above} and choose "Insert 1 row above". Type nothing into it.`,
  },
  {
    kind: 'wait',
    minutes: 3,
    say: 'Wait 3 minutes: the formulas finish (one runs 30 s on purpose) and a time-driven trigger runs twice (it fails once on purpose; Google may mail you about it).',
  },
  { kind: 'menu', caption: '3. Change the cells', say: 'Probes > 3. Change the cells.' },
  { kind: 'wait', minutes: 1, say: 'Wait a minute for the formulas to settle.' },
  {
    kind: 'menu',
    caption: '4. Report',
    say: "Probes > 4. Report: it removes the probes' triggers, so the editor's edit below fires none. Close the dialog.",
  },
  {
    kind: 'typeAsEditor',
    sheet: SHEETS.typed,
    cell: EDITOR_TYPED.cell,
    text: EDITOR_TYPED.formula,
    say: `Share the spreadsheet with a second Google account as an editor. Signed in as that account (another browser profile), open it, type ${EDITOR_TYPED.formula} into ${EDITOR_TYPED.cell} of the "${SHEETS.typed}" sheet, press Enter, wait until it shows "read" (or an error), and close it.`,
  },
  {
    kind: 'menu',
    caption: '4. Report',
    say: 'Back as the owner: Probes > 4. Report again: copy the JSON it shows into report.json here, then run npm run probes -- --compare report.json',
  },
];
