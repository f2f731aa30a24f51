// How Sheets stores what a script writes, and its grid (S1-S4, S6, S8-S10, S12, S18 of
// docs/platform-assumptions.md), on the scratch sheet and on sheets of their own. S5 (ten million
// cells) would have to grow a workbook to its limit; S7 and S11 are wordings of refusals the
// add-on never reads.

import { type Probe, seen } from '../../probe';
import { SHEETS, sheetNamed, spreadsheet } from '../sheets';
import { attempt, outcome } from '../store';

const scratch = () => sheetNamed(SHEETS.scratch);

/** Characters the page says a sheet name may not hold, and names too short or too long. */
const SHEET_NAMES: readonly [string, (stamp: string) => string][] = [
  ['empty', () => ''],
  ['100 characters', (stamp) => `p${stamp}`.padEnd(100, 'n')],
  ['101 characters', (stamp) => `p${stamp}`.padEnd(101, 'n')],
  ...['[', ']', '*', '?', ':', '/', '\\'].map((character): [string, (stamp: string) => string] => [
    character,
    (stamp) => `p${stamp}${character}`,
  ]),
];

function tryNames(stamp: string): { refused: string[]; accepted: string[] } {
  const refused: string[] = [];
  const accepted: string[] = [];
  for (const [label, nameOf] of SHEET_NAMES) {
    const inserted = attempt(() => spreadsheet().insertSheet(nameOf(stamp)));
    if (inserted.ok) {
      accepted.push(label);
      inserted.value.hideSheet();
    } else refused.push(label);
  }
  return { refused, accepted };
}

/** A new sheet of its own, hidden once the probe is done with it. */
function onNewSheet<T>(name: string, work: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => T): T {
  const sheet = spreadsheet().insertSheet(name);
  try {
    return work(sheet);
  } finally {
    sheet.hideSheet();
  }
}

export const SPREADSHEET_PROBES: readonly Probe[] = [
  {
    name: 's1-numeric-strings-become-numbers',
    id: 'S1',
    asks: 'setValues of "00123", "true" and "12.50", and "00123" into a cell formatted as plain text (@).',
    expected: { asTyped: [123, true, 12.5], plainTextFormat: '00123' },
    run: () => {
      const sheet = scratch();
      sheet.getRange('A1:C1').setValues([['00123', 'true', '12.50']]);
      sheet.getRange('D1').setNumberFormat('@').setValue('00123');
      return seen({
        asTyped: sheet.getRange('A1:C1').getValues()[0]!,
        plainTextFormat: sheet.getRange('D1').getValue(),
      });
    },
  },
  {
    name: 's2-plus-text-is-a-formula',
    id: 'S2',
    asks: 'setValue("+1 650 555 0100"): stored as text, or as a formula that fails?',
    expected: { value: '#ERROR!', formula: '=+1 650 555 0100' },
    run: () => {
      const cell = scratch().getRange('A2');
      cell.setValue('+1 650 555 0100');
      return seen({ value: cell.getValue(), formula: cell.getFormula() });
    },
  },
  {
    name: 's3-object-written-as-text',
    id: 'S3',
    asks: 'setValue of a plain object: refused, or stored as "[object Object]"?',
    expected: { refused: false, stored: '[object Object]' },
    run: () => {
      const cell = scratch().getRange('A3');
      const write = attempt(() => cell.setValue({ probe: 'S3' }));
      return seen(
        { refused: !write.ok, stored: cell.getValue() },
        { message: write.ok ? null : write.message },
      );
    },
  },
  {
    name: 's4-fifty-thousand-characters',
    id: 'S4',
    asks: 'setValue of 50,000 and of 50,001 characters.',
    expected: {
      fiftyThousand: 'accepted',
      fiftyThousandAndOne: 'Your input contains more than the maximum of 50000 characters in a single cell.',
    },
    run: () => {
      const sheet = scratch();
      return seen({
        fiftyThousand: outcome(() => sheet.getRange('A4').setValue('x'.repeat(50_000))),
        fiftyThousandAndOne: outcome(() => sheet.getRange('A5').setValue('x'.repeat(50_001))),
      });
    },
  },
  {
    name: 's6-sheet-names-refused',
    id: 'S6',
    asks: 'insertSheet with an empty name, 100 and 101 characters, and each of [ ] * ? : / \\',
    expected: {
      refused: ['empty', '101 characters', '[', ']', '*', '?', ':', '/', '\\'],
      accepted: ['100 characters'],
    },
    run: ({ stamp }) => seen(tryNames(stamp)),
  },
  {
    name: 's8-append-row-grows-the-grid',
    id: 'S8',
    asks: 'appendRow on a sheet whose last row is filled: does the grid grow by a row?',
    expected: { grew: true },
    run: ({ stamp }) =>
      onNewSheet(`Probe append ${stamp}`, (sheet) => {
        const before = sheet.getMaxRows();
        sheet.getRange(before, 1).setValue('last row');
        sheet.appendRow(['appended']);
        const after = sheet.getMaxRows();
        return seen({ grew: after === before + 1 }, { before, after });
      }),
  },
  {
    name: 's9-set-value-fills-every-cell',
    id: 'S9',
    asks: 'setValue on a 2 x 2 range: does every cell get the value?',
    expected: { everyCellFilled: true },
    run: () => {
      const range = scratch().getRange('A6:B7');
      range.setValue('fill');
      return seen({
        everyCellFilled: range.getValues().every((row) => row.every((value) => value === 'fill')),
      });
    },
  },
  {
    name: 's10-general-format-and-clear',
    id: 'S10',
    asks: 'getNumberFormat of an untouched cell; getNote after Range.clear().',
    expected: { untouchedFormat: 'General', noteAfterClear: '' },
    run: () => {
      const sheet = scratch();
      const noted = sheet.getRange('A9');
      noted.setValue('v');
      noted.setNote('note');
      noted.clear();
      return seen({
        untouchedFormat: sheet.getRange('C8').getNumberFormat(),
        noteAfterClear: noted.getNote(),
      });
    },
  },
  {
    name: 's12-new-sheet-and-frozen-rows',
    id: 'S12',
    asks: "A new sheet's rows and columns; frozen rows after a row is inserted inside them.",
    expected: { rows: 1000, columns: 26, frozenAfterInsertingInside: 3 },
    run: ({ stamp }) =>
      onNewSheet(`Probe grid ${stamp}`, (sheet) => {
        const rows = sheet.getMaxRows();
        const columns = sheet.getMaxColumns();
        sheet.setFrozenRows(2);
        sheet.insertRowsAfter(1, 1);
        return seen({ rows, columns, frozenAfterInsertingInside: sheet.getFrozenRows() });
      }),
  },
  {
    name: 's18-sheet-id-survives-edits',
    id: 'S18',
    asks: "A sheet renamed, a column inserted, A1 typed over: is its id the same, found by getSheetById, and a range's grid id? And an id no sheet has?",
    expected: { sameId: true, foundById: true, rangeGridId: true, unknownIdAnswersNull: true },
    run: ({ stamp }) =>
      onNewSheet(`Probe id ${stamp}`, (sheet) => {
        const id = sheet.getSheetId();
        sheet.setName(`Probe id ${stamp} renamed`);
        sheet.insertColumnsAfter(1, 1);
        sheet.getRange('A1').setValue('typed over');
        const found = spreadsheet().getSheetById(id);
        const unused =
          Math.max(
            ...spreadsheet()
              .getSheets()
              .map((each) => each.getSheetId()),
          ) + 1;
        return seen(
          {
            sameId: sheet.getSheetId() === id,
            foundById: found?.getName() === `Probe id ${stamp} renamed`,
            rangeGridId: sheet.getRange('B2').getGridId() === id,
            unknownIdAnswersNull: spreadsheet().getSheetById(unused) === null,
          },
          { id },
        );
      }),
  },
];
