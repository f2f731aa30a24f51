// When Sheets runs a custom function (X1-X3, X8 of docs/platform-assumptions.md), on the formulas
// sheet, rows 1 to 13 (errors.ts has the rows below). Each formula counts its runs under its own
// key (PROBE_RUNS, PROBE_SPILL in custom-functions.ts): step 2 writes the formulas, step 3 changes
// cells once they ran, step 4 reads the counts.

import { type Probe, seen } from '../../probe';
import { runsOf } from '../records';
import { formulaCell } from '../sheets';
import { counted, recall, remember } from '../store';

const runs = (key: string) => counted(runsOf(key));

const X8_CELLS = {
  sameTextBySetFormula: ['A6', '=PROBE_RUNS("x8-set-formula")'],
  sameTextBySetValue: ['A7', '=PROBE_RUNS("x8-set-value")'],
  clearedAndWrittenBack: ['A8', '=PROBE_RUNS("x8-clear-write")'],
  clearedFlushedAndWrittenBack: ['A9', '=PROBE_RUNS("x8-clear-flush-write")'],
} as const;

/** Writes each X8 formula back as step 3 does; the formula text is the one Sheets kept. */
function rewriteX8(): void {
  const again = (a1: string) => formulaCell(a1).getFormula();
  const bySetFormula = again(X8_CELLS.sameTextBySetFormula[0]);
  formulaCell(X8_CELLS.sameTextBySetFormula[0]).setFormula(bySetFormula);
  const bySetValue = again(X8_CELLS.sameTextBySetValue[0]);
  formulaCell(X8_CELLS.sameTextBySetValue[0]).setValue(bySetValue);
  const cleared = formulaCell(X8_CELLS.clearedAndWrittenBack[0]);
  const clearedText = cleared.getFormula();
  cleared.clearContent();
  cleared.setFormula(clearedText);
  const flushed = formulaCell(X8_CELLS.clearedFlushedAndWrittenBack[0]);
  const flushedText = flushed.getFormula();
  flushed.clearContent();
  SpreadsheetApp.flush();
  flushed.setFormula(flushedText);
}

export const RECALCULATION_PROBES: readonly Probe[] = [
  {
    name: 'x3-runs-on-entry-and-argument-change',
    id: 'X3',
    asks: 'A formula of one argument cell: runs once when written; once more when the argument changes, not for an edit elsewhere or time passing?',
    expected: { runsAfterEntry: 1, runsAfterArgumentChangeAndAnEditElsewhere: 2 },
    setup: () => {
      formulaCell('A1').setValue('a');
      formulaCell('B1').setFormula('=PROBE_RUNS("x3-entry",A1)');
    },
    poke: () => {
      remember('x3.entry', runs('x3-entry'));
      formulaCell('A1').setValue('b');
      formulaCell('C1').setValue('an edit elsewhere');
    },
    finish: () =>
      seen({
        runsAfterEntry: recall('x3.entry') ?? null,
        runsAfterArgumentChangeAndAnEditElsewhere: runs('x3-entry'),
      }),
  },
  {
    name: 'x3-loading-until-the-writing-execution-ends',
    id: 'X3',
    asks: 'A formula read back by the execution that wrote it: "Loading..."? And afterwards its result?',
    expected: { readInTheWritingExecution: 'Loading...', readLater: 'x3-loading #1' },
    setup: () => {
      const cell = formulaCell('A11');
      cell.setFormula('=PROBE_RUNS("x3-loading")');
      remember('x3.loading', String(cell.getValue()));
    },
    finish: () =>
      seen({
        readInTheWritingExecution: recall('x3.loading') ?? null,
        readLater: formulaCell('A11').getValue(),
      }),
  },
  {
    name: 'x3-blocked-spill-runs-again',
    id: 'X3',
    asks: 'A two-row result blocked by a value: #REF!; once the value is cleared, does the formula run again and spill?',
    expected: { blockedShows: '#REF!', afterClearing: [['first'], ['second']], runs: 2 },
    setup: () => {
      formulaCell('A4').setValue('block');
      formulaCell('A3').setFormula('=PROBE_SPILL("x3-blocked")');
    },
    poke: () => {
      remember('x3.blocked', String(formulaCell('A3').getValue()));
      formulaCell('A4').clearContent();
    },
    finish: () =>
      seen({
        blockedShows: recall('x3.blocked') ?? null,
        afterClearing: formulaCell('A3:A4').getValues(),
        runs: runs('x3-blocked'),
      }),
  },
  {
    name: 'x8-rewriting-a-formula',
    id: 'X8',
    asks: 'Runs of a formula written over with its own text (setFormula, setValue), cleared and written back, and the same with a flush between.',
    expected: {
      sameTextBySetFormula: 1,
      sameTextBySetValue: 1,
      clearedAndWrittenBack: 1,
      clearedFlushedAndWrittenBack: 2,
    },
    setup: () => {
      for (const [a1, formula] of Object.values(X8_CELLS)) formulaCell(a1).setFormula(formula);
    },
    poke: rewriteX8,
    finish: () => {
      const counts = Object.entries(X8_CELLS).map(([label, [, formula]]) => {
        const key = /"([^"]+)"/.exec(formula)![1]!;
        return [label, runs(key)];
      });
      return seen(Object.fromEntries(counts));
    },
  },
  {
    name: 'x1-flat-array-fills-a-column',
    id: 'X1',
    asks: 'A custom function returning ["a", "b", "c"]: does it fill a column or a row?',
    expected: { filled: 'column' },
    setup: () => {
      formulaCell('A13').setFormula('=PROBE_COLUMN()');
    },
    finish: () => {
      const column = formulaCell('A13:A15').getValues().flat().join();
      const row = formulaCell('A13:C13').getValues().flat().join();
      const filled = column === 'a,b,c' ? 'column' : row === 'a,b,c' ? 'row' : 'other';
      return seen({ filled }, { column, row });
    },
  },
  {
    name: 'x2-object-result-is-an-error',
    id: 'X2',
    asks: 'A custom function returning a plain object: what does its cell show?',
    expected: { shows: '#ERROR!' },
    setup: () => {
      formulaCell('E13').setFormula('=PROBE_OBJECT()');
    },
    finish: () => seen({ shows: formulaCell('E13').getValue() }),
  },
];
