// Error cells, empty arguments, spills written over, and what a custom function may reach (X10,
// X11, S13-S15, SE1, P6, RT2 of docs/platform-assumptions.md), on the formulas sheet, rows 17 to 29
// (recalculation.ts has the rows above).

import { isJsonObject } from '../../json';
import { type Probe, seen } from '../../probe';
import { EDITOR_STORE_MARK, OWNERS_MARK, USER_STORE_MARK } from '../custom-functions';
import { argsOf, RECORDS, runsOf } from '../records';
import { EDITOR_TYPED, formulaCell, SHEETS } from '../sheets';
import { counted, recall, required } from '../store';

const ERROR_CELLS = {
  reference: { source: 'A17', formula: "='No such probe sheet'!A1", reader: 'B17', key: 'x10-reference' },
  thrown: { source: 'A18', formula: '=PROBE_THROW()', reader: 'B18', key: 'x10-thrown' },
} as const;

/** A formula whose second argument is empty (X11). */
const EMPTY_ARGUMENT = { cell: 'A29', formula: '=PROBE_ARG("x11-empty", , 1)', key: 'x11-empty' } as const;

function received(which: keyof typeof ERROR_CELLS) {
  const { reader, key } = ERROR_CELLS[which];
  return { received: recall(argsOf(key)) ?? [], shows: formulaCell(reader).getValue() };
}

function context() {
  const record = required(RECORDS.context, 'did PROBE_CONTEXT run (step 2)?');
  return isJsonObject(record) ? record : {};
}

export const ERROR_PROBES: readonly Probe[] = [
  {
    name: 'x10-error-argument-is-not-passed',
    id: 'X10',
    asks: 'A custom function whose argument cell holds #REF! or #ERROR!: is it called, and with what?',
    expected: { reference: { received: [], shows: '#REF!' }, thrown: { received: [], shows: '#ERROR!' } },
    setup: () => {
      // The cells holding errors first, then the formulas reading them.
      for (const { source, formula } of Object.values(ERROR_CELLS)) formulaCell(source).setFormula(formula);
      for (const { source, reader, key } of Object.values(ERROR_CELLS))
        formulaCell(reader).setFormula(`=PROBE_ARG("${key}",${source})`);
    },
    finish: () => seen({ reference: received('reference'), thrown: received('thrown') }),
  },
  {
    name: 'x11-empty-argument-is-an-empty-string',
    id: 'X11',
    asks: 'A formula with an empty argument, =PROBE_ARG("x11-empty", , 1): a parse error, or called, and with what?',
    expected: { received: ['string: '], shows: 'called' },
    setup: () => {
      formulaCell(EMPTY_ARGUMENT.cell).setFormula(EMPTY_ARGUMENT.formula);
    },
    finish: () =>
      seen({
        received: recall(argsOf(EMPTY_ARGUMENT.key)) ?? [],
        shows: formulaCell(EMPTY_ARGUMENT.cell).getValue(),
      }),
  },
  {
    name: 's15-get-values-of-error-cells',
    id: 'S15',
    asks: 'getValues of cells showing #REF! and #ERROR!: their codes as text?',
    expected: { values: [['#REF!'], ['#ERROR!']] },
    // The cells x10-error-argument-is-not-passed writes.
    finish: () =>
      seen(
        { values: formulaCell('A17:A18').getValues() },
        { displayValues: formulaCell('A17:A18').getDisplayValues() },
      ),
  },
  {
    name: 's13-writing-over-a-spill-breaks-it',
    id: 'S13',
    asks: "A value written over a cell another formula spilled into: what does the formula's cell show?",
    expected: { anchorShows: '#REF!' },
    setup: () => {
      formulaCell('A20').setFormula('=PROBE_SPILL("s13")');
    },
    poke: () => {
      formulaCell('A21').setValue('written over');
    },
    finish: () => seen({ anchorShows: formulaCell('A20').getValue() }, { runs: counted(runsOf('s13')) }),
  },
  {
    name: 's14-formula-active-sheet',
    id: 'S14',
    asks: 'getActiveSheet() inside a custom function, while the user looks at another sheet.',
    expected: { activeSheet: SHEETS.formulas },
    setup: () => {
      formulaCell('A23').setFormula('=PROBE_CONTEXT()');
    },
    finish: () => seen({ activeSheet: context().activeSheet ?? null }),
  },
  {
    name: 'se1-effective-user-in-a-formula',
    id: 'SE1',
    asks: 'Session.getEffectiveUser() inside a custom function: refused, empty, or an address?',
    expected: { effectiveUser: 'refused' },
    // PROBE_CONTEXT, written by s14-formula-active-sheet, records both.
    finish: () => seen({ effectiveUser: context().effectiveUser ?? null }),
  },
  {
    name: 'p6-formula-reads-the-owners-user-stores',
    id: 'P6',
    asks: "A formula of the owner's: does it see the user property and user cache entry a menu step wrote, and may it write a user property?",
    expected: { userProperty: true, userCache: true, ownerMayWrite: true },
    setup: () => {
      PropertiesService.getUserProperties().setProperty(USER_STORE_MARK, 'from the menu');
      CacheService.getUserCache().put(USER_STORE_MARK, 'from the menu', 3_600);
      formulaCell('A27').setFormula('=PROBE_USER_STORES()');
    },
    finish: () => seen(required(RECORDS.userStores, 'the formula in A27 did not run')),
  },
  {
    name: 'p6-an-editors-formula-reads-the-owners-user-properties',
    id: 'P6',
    asks: "A formula an editor types in the owner's spreadsheet: whose user property does it read, and may it write it?",
    expected: { reads: "the owner's", editorMayWrite: false },
    setup: () => {
      PropertiesService.getUserProperties().setProperty(EDITOR_STORE_MARK, OWNERS_MARK);
    },
    finish: () =>
      seen(
        required(
          RECORDS.editorStores,
          `the editor's formula in ${SHEETS.typed}!${EDITOR_TYPED.cell} did not run: a second account types it`,
        ),
      ),
  },
  {
    name: 'rt2-stopped-at-the-deadline',
    id: 'RT2',
    asks: 'A custom function that sleeps past 30 s and catches the timeout: can its catch block still write?',
    expected: { shows: '#ERROR!', caughtAndWrote: false },
    setup: () => {
      formulaCell('A25').setFormula('=PROBE_OVERTIME()');
    },
    finish: () =>
      seen(
        {
          shows: formulaCell('A25').getValue(),
          caughtAndWrote: recall(RECORDS.overtimeCaught) !== undefined,
        },
        { lastHeartbeatMs: recall(RECORDS.overtimeBeat) ?? null },
      ),
  },
];
