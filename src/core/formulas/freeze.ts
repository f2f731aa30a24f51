// "Freeze results as values": the add-on's formulas (isOurFormula) in a selection are replaced by
// what they show, with every cell their answer fills (spill.ts): freezing the top cell of
// `=COMPANY_WEBSITE(A2:A501)` alone would empty its 499 other rows, answers the user paid for.
// Nothing else is written: other formulas, data, and errors a recalculation should retry stay.
// Cells of an answer whose formula is outside the selection are not frozen: the user is told
// which cell to select.

import { PROCESSING } from '../text/catalogue/cells';
import { holds } from '../text/catalogue/family';
import { FREEZE_TEXTS } from '../text/catalogue/freeze';
import { FROZEN_UNFILLED, FROZEN_UNSENT, isStillToSend } from '../text/catalogue/queue';
import { type CellAt, cellA1 } from '../text/cell-refs';
import { asLiteralForSheet } from '../text/sheet-literal';
import type { ReadArgument } from './formula-call';
import { isOurFormula } from './our-formulas';
import { anchorsFor, answerBox, type Box, boxHolds, formulaAt, type SheetCells, valueAt } from './spill';

const SHEETS_ERRORS = /^#(ERROR!|N\/A|REF!|VALUE!|NAME\?|DIV\/0!|NUM!|NULL!)$/;

/**
 * What a cell shows, written back as that same value; a row that promised to fill in later says
 * instead that it will not, since nothing enters a frozen formula again.
 */
function asShown(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (isStillToSend(value)) return FROZEN_UNSENT;
  if (holds(PROCESSING, value)) return FROZEN_UNFILLED;
  return asLiteralForSheet(value);
}

const showsError = (shown: unknown) => typeof shown === 'string' && SHEETS_ERRORS.test(shown);

/** Values to write with their top-left cell. */
export interface FreezeWrite extends CellAt {
  values: unknown[][];
}

/** Cells of the selection an answer fills whose formula is outside it. */
export interface FilledFromOutside {
  /** The selected cells it fills. */
  cells: Box;
  /** The formula's answer, its cell first. */
  answer: Box;
}

export interface FreezePlan {
  writes: FreezeWrite[];
  /** The cells of the formulas frozen ("B2"): their queued lookups are no longer wanted. */
  anchors: string[];
  /** Formulas frozen, and the cells they filled. */
  frozen: number;
  cells: number;
  /** Our formulas left as they are: how far their answer reaches is unknown. */
  left: Box[];
  outside: FilledFromOutside[];
}

/** The selection, a sheet's cells as read and its arguments' reader. */
export interface FreezeSource {
  sheet: string;
  selection: Box;
  cells: SheetCells;
  argument: ReadArgument;
}

export function planFreeze(source: FreezeSource): FreezePlan {
  const { boxes, left } = answersInSelection(source);
  const writes = mergeRuns(boxes.map((box) => writeOf(source.cells, box)));
  const cells = writes.reduce((sum, write) => sum + write.values.length * write.values[0]!.length, 0);
  const anchors = boxes.map((box) => cellA1(box.row, box.column));
  return { writes, anchors, frozen: boxes.length, cells, left, outside: filledFromOutside(source) };
}

/** The box's rows and columns that the sheet's data reaches (past it every cell is empty), `least` at least. */
const withinData = (cells: SheetCells, box: Box, least: number): Box => ({
  ...box,
  rows: Math.max(least, Math.min(box.rows, cells.values.length - box.row + 1)),
  columns: Math.max(least, Math.min(box.columns, (cells.values[0]?.length ?? 0) - box.column + 1)),
});

/** Each formula of ours in the selection showing a value: its answer's cells, or left as it is. */
function answersInSelection(source: FreezeSource): { boxes: Box[]; left: Box[] } {
  const { sheet, cells, argument } = source;
  const area = withinData(source.cells, source.selection, 0);
  const boxes: Box[] = [];
  const left: Box[] = [];
  for (let row = area.row; row < area.row + area.rows; row++) {
    for (let column = area.column; column < area.column + area.columns; column++) {
      if (!isOurFormula(formulaAt(cells, row, column)) || showsError(valueAt(cells, row, column))) continue;
      const box = answerBox(sheet, { row, column }, cells, argument);
      if (box) boxes.push(box);
      else left.push({ row, column, rows: 1, columns: 1 });
    }
  }
  return { boxes, left };
}

/** The answer's cells as shown, cut where the sheet's data ends (past it they are empty). */
function writeOf(cells: SheetCells, box: Box): FreezeWrite {
  const { rows, columns } = withinData(cells, box, 1);
  const values = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => asShown(valueAt(cells, box.row + r, box.column + c))),
  );
  return { row: box.row, column: box.column, values };
}

/** Writes one under the other with the same columns become one: a filled-down column is one write. */
function mergeRuns(writes: FreezeWrite[]): FreezeWrite[] {
  const merged: FreezeWrite[] = [];
  for (const write of [...writes].sort((a, b) => a.column - b.column || a.row - b.row)) {
    const last = merged[merged.length - 1];
    const below = last?.column === write.column && last.row + last.values.length === write.row;
    if (below && last.values[0]!.length === write.values[0]!.length) last.values.push(...write.values);
    else merged.push({ ...write, values: [...write.values] });
  }
  return merged;
}

/**
 * The answers of formulas outside the selection that fill some of its cells. Such an answer starts
 * above or left of the selection, so it crosses the selection's first row or first column.
 */
function filledFromOutside(source: FreezeSource): FilledFromOutside[] {
  const area = withinData(source.cells, source.selection, 0);
  const edge: CellAt[] = [];
  for (let column = area.column; column < area.column + area.columns; column++)
    edge.push({ row: area.row, column });
  for (let row = area.row + 1; row < area.row + area.rows; row++) edge.push({ row, column: area.column });
  const answers = new Map<string, Box | null>();
  const found = new Map<string, Box>();
  for (const cell of edge) {
    if (formulaAt(source.cells, cell.row, cell.column) !== '') continue;
    const answer = answerHolding(source, cell, answers);
    if (answer && !boxHolds(source.selection, answer)) found.set(`${answer.row}:${answer.column}`, answer);
  }
  return [...found.values()].map((answer) => ({ answer, cells: overlap(answer, source.selection) }));
}

/** The answer of ours that fills the cell, each formula read once. */
function answerHolding(source: FreezeSource, cell: CellAt, answers: Map<string, Box | null>): Box | null {
  for (const anchor of anchorsFor(source.cells.formulas, cell)) {
    const id = `${anchor.row}:${anchor.column}`;
    if (!answers.has(id)) {
      const shown = valueAt(source.cells, anchor.row, anchor.column);
      answers.set(
        id,
        showsError(shown) ? null : answerBox(source.sheet, anchor, source.cells, source.argument),
      );
    }
    const answer = answers.get(id);
    if (answer && boxHolds(answer, cell)) return answer;
  }
  return null;
}

function overlap(a: Box, b: Box): Box {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const bottom = Math.min(a.row + a.rows, b.row + b.rows);
  const right = Math.min(a.column + a.columns, b.column + b.columns);
  return { row, column, rows: bottom - row, columns: right - column };
}

const boxA1 = (box: Box) => {
  const from = cellA1(box.row, box.column);
  return box.rows === 1 && box.columns === 1
    ? from
    : `${from}:${cellA1(box.row + box.rows - 1, box.column + box.columns - 1)}`;
};

function outsideLine({ cells, answer }: FilledFromOutside): string {
  const one = cells.rows === 1 && cells.columns === 1;
  return FREEZE_TEXTS.outside(boxA1(cells), one, cellA1(answer.row, answer.column), answer.rows);
}

/** What the alert says: what was frozen, what was left and why, and which cell to select. */
export function freezeMessage(plan: FreezePlan): string {
  const lines = [
    ...(plan.frozen > 0 ? [FREEZE_TEXTS.frozen(plan.frozen, plan.cells)] : []),
    ...(plan.left.length > 0
      ? [FREEZE_TEXTS.left(plan.left.map(boxA1).join(', '), plan.left.length === 1)]
      : []),
    ...plan.outside.map(outsideLine),
  ];
  return lines.length > 0 ? lines.join('\n') : FREEZE_TEXTS.none;
}
