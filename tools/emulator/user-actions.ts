// What a person does in the document besides typing one cell (emulator.ts `edit`): pasting a
// block, inserting and deleting rows, and a Google Form sending a response to a sheet. Each fires
// the installable triggers Sheets fires for it, and only those; writes made by scripts or the
// Sheets API (a test writing outside any execution, another script) fire none.
//
// Verified (Installable triggers; Event Objects): an Edit trigger runs "when a user modifies a
// value in a spreadsheet", a Change trigger "when a user modifies the structure of a spreadsheet
// itself" (and on edits: its changeType is EDIT, INSERT_ROW, INSERT_COLUMN, REMOVE_ROW,
// REMOVE_COLUMN, INSERT_GRID, REMOVE_GRID, FORMAT or OTHER), a Form-submit trigger "when a user
// responds to a form"; "script executions and API requests do not cause triggers to run". The
// Edit event's value and oldValue are there only for a single cell; the Form-submit event of a
// spreadsheet carries values, namedValues and range.
// Assumed (T9, T10 in docs/platform-assumptions.md): a paste is one edit (one Edit and one Change
// EDIT event for the whole block), Edit triggers run before Change triggers; inserting or deleting
// rows fires Change only, never Edit; a form response appends one row below the last and fires
// Form-submit only (no Edit, no Change); its values are text, the timestamp first.
// Assumed (S17): inserting columns fires Change INSERT_COLUMN, a rename OTHER, adding a sheet
// INSERT_GRID, deleting one REMOVE_GRID, hiding or showing one OTHER, a sort nothing; a sort moves
// only its range's cells, blanks last.

import { parseA1, rangeA1 } from './a1';
import type { LoadedBundle } from './bundle';
import { type SheetRef, sheetNamed } from './cell-views';
import { gasError } from './errors';
import type { Runtime } from './runtime';
import type { SpreadsheetModel } from './sheet-model';
import { FakeRange, FakeSpreadsheet } from './spreadsheet';
import type { DocumentEventType } from './trigger-runner';

interface ActionSetup {
  readonly runtime: Runtime;
  readonly document: SpreadsheetModel;
  /** Runs the installable triggers of one kind on the document; answers how many ran. */
  readonly fire: (bundle: LoadedBundle, type: DocumentEventType, fields: Record<string, unknown>) => number;
  /** Sheets recalculates what the action changed. */
  readonly settle: (bundle: LoadedBundle) => void;
  /** A user's edit of a block of cells (Emulator.edit), the one way typed text goes in: answers how many triggers ran. */
  readonly edit: (bundle: LoadedBundle, sheet: SheetRef, a1: string, block: string[][]) => number;
}

export type ChangeType =
  | 'EDIT'
  | 'INSERT_ROW'
  | 'REMOVE_ROW'
  | 'INSERT_COLUMN'
  | 'REMOVE_COLUMN'
  | 'INSERT_GRID'
  | 'REMOVE_GRID'
  | 'OTHER';

/** How a form response's timestamp reads in its cell and its event: "1/6/2025 9:00:00". */
function timestampText(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  const hour = Number(part('hour'));
  return `${part('month')}/${part('day')}/${part('year')} ${hour}:${part('minute')}:${part('second')}`;
}

export class UserActions {
  readonly #setup: ActionSetup;

  constructor(setup: ActionSetup) {
    this.#setup = setup;
  }

  get #spreadsheet(): FakeSpreadsheet {
    return new FakeSpreadsheet(this.#setup.runtime, this.#setup.document);
  }

  /**
   * The user selects a range: scripts they start (menu items, sidebar calls) see it as the active
   * sheet and range, as Sheets shows them the selection in the open tab.
   */
  select(sheet: SheetRef, a1: string): void {
    const model = sheetNamed(this.#setup.document, sheet);
    const range = parseA1(a1, model.maxRows, model.maxColumns);
    if (!range) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    model.checkBounds(range);
    this.#setup.document.activeSheet = model;
    model.selection = range;
  }

  /** The installable Change triggers for a change already made; answers how many ran. */
  change(bundle: LoadedBundle, changeType: ChangeType): number {
    return this.#setup.fire(bundle, 'ON_CHANGE', { changeType, source: this.#spreadsheet });
  }

  /**
   * The user pastes `rows` at `a1` (its top-left cell, or the whole block): one edit for the block,
   * as `Emulator.edit` makes it (Sheets runs what it must, then the Edit triggers, with no value or
   * oldValue for a block, then the Change triggers, EDIT). Rows past the sheet's end are added.
   * Answers how many triggers ran.
   */
  paste(bundle: LoadedBundle, sheet: SheetRef, a1: string, rows: readonly (readonly unknown[])[]): number {
    const model = sheetNamed(this.#setup.document, sheet);
    const start = parseA1(a1, model.maxRows, model.maxColumns);
    if (!start) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    const lastRow = start.row + rows.length - 1;
    if (lastRow > model.maxRows) model.insertRows(model.maxRows, lastRow - model.maxRows);
    const topLeft = rangeA1({ row: start.row, column: start.column, numRows: 1, numColumns: 1 });
    return this.#setup.edit(
      bundle,
      sheet,
      topLeft,
      rows.map((line) => line.map((value) => String(value))),
    );
  }

  /**
   * The user inserts rows after row `after` (0: at the top), holding `rows` (empty rows for a plain
   * "Insert row"; content for Sheets' actions that insert rows with their cells, such as moving rows
   * or inserting cut cells). Fires Change (INSERT_ROW) only. Answers how many triggers ran.
   */
  insertRows(
    bundle: LoadedBundle,
    sheet: SheetRef,
    after: number,
    rows: number | readonly (readonly unknown[])[],
  ): number {
    const model = sheetNamed(this.#setup.document, sheet);
    const contents = typeof rows === 'number' ? [] : rows;
    const count = typeof rows === 'number' ? rows : rows.length;
    model.insertRows(after, count);
    contents.forEach((line, r) => {
      line.forEach((value, c) => {
        model.writeInput(after + 1 + r, c + 1, value);
      });
    });
    this.#setup.settle(bundle);
    return this.change(bundle, 'INSERT_ROW');
  }

  /** The user deletes `count` rows from row `start`: Change (REMOVE_ROW) only. */
  deleteRows(bundle: LoadedBundle, sheet: SheetRef, start: number, count = 1): number {
    sheetNamed(this.#setup.document, sheet).deleteRows(start, count);
    this.#setup.settle(bundle);
    return this.change(bundle, 'REMOVE_ROW');
  }

  /** The user deletes `count` columns from `column` (one action): Change (REMOVE_COLUMN) only. */
  deleteColumn(bundle: LoadedBundle, sheet: SheetRef, column: number, count = 1): number {
    sheetNamed(this.#setup.document, sheet).deleteColumns(column, count);
    this.#setup.settle(bundle);
    return this.change(bundle, 'REMOVE_COLUMN');
  }

  /** The user inserts `count` blank columns after column `after` (0: left of A): Change (INSERT_COLUMN) only. */
  insertColumns(bundle: LoadedBundle, sheet: SheetRef, after: number, count = 1): number {
    sheetNamed(this.#setup.document, sheet).insertColumns(after, count);
    this.#setup.settle(bundle);
    return this.change(bundle, 'INSERT_COLUMN');
  }

  /**
   * The user sorts the block `a1` by its sheet column `by` (Data > Sort range, every selected row
   * included: a header row selected with the rest moves too). Fires no trigger (S17: which ones a
   * sort fires is unverified; the add-on counts on none).
   */
  sortRange(bundle: LoadedBundle, sheet: SheetRef, a1: string, by: number, ascending = true): void {
    const model = sheetNamed(this.#setup.document, sheet);
    const range = parseA1(a1, model.maxRows, model.maxColumns);
    if (!range) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    model.checkBounds(range);
    model.sortRows(range, by, ascending);
    this.#setup.settle(bundle);
  }

  /** The user renames a sheet (its tab's Rename): Change (OTHER) only (S17). */
  renameSheet(bundle: LoadedBundle, sheet: SheetRef, name: string): number {
    const model = sheetNamed(this.#setup.document, sheet);
    this.#setup.document.checkName(name, model);
    model.name = name;
    return this.change(bundle, 'OTHER');
  }

  /** The user adds a sheet (the "+" by the tabs), after the others: Change (INSERT_GRID) only (S17). */
  addSheet(bundle: LoadedBundle, name: string): number {
    this.#setup.document.addSheet(name);
    return this.change(bundle, 'INSERT_GRID');
  }

  /** The user hides a sheet (its tab's Hide sheet): Change (OTHER) only (S17); the last visible one cannot be. */
  hideSheet(bundle: LoadedBundle, sheet: SheetRef): number {
    const { document } = this.#setup;
    const model = sheetNamed(document, sheet);
    if (!document.sheets.some((other) => other !== model && !other.hidden))
      throw gasError("You can't hide all the sheets in a document.");
    model.hidden = true;
    return this.change(bundle, 'OTHER');
  }

  /** The user shows a hidden sheet again (View > Hidden sheets): Change (OTHER) only (S17). */
  showSheet(bundle: LoadedBundle, sheet: SheetRef): number {
    sheetNamed(this.#setup.document, sheet).hidden = false;
    return this.change(bundle, 'OTHER');
  }

  /** The user deletes a sheet (its tab's Delete): Change (REMOVE_GRID) only (S17). */
  deleteSheet(bundle: LoadedBundle, sheet: SheetRef): number {
    this.#setup.document.removeSheet(sheetNamed(this.#setup.document, sheet));
    this.#setup.settle(bundle);
    return this.change(bundle, 'REMOVE_GRID');
  }

  /**
   * Links a Google Form whose responses land in a new sheet `sheetName` (its header row: Timestamp,
   * then the questions), as Forms' "Link to Sheets" does. `getFormUrl()` answers it from then on.
   */
  linkForm(sheetName: string, questions: readonly string[]): void {
    const { document } = this.#setup;
    const sheet = document.addSheet(sheetName);
    ['Timestamp', ...questions].forEach((header, i) => {
      sheet.writeInput(1, i + 1, header);
    });
    document.form = {
      url: `https://docs.google.com/forms/d/emulated-form-${document.id}/edit`,
      sheetName,
      questions,
    };
  }

  /**
   * A person submits the linked form: the response becomes the row below the last one, and the
   * Form-submit triggers fire with its values, namedValues and range (`fireTriggers: false` leaves
   * that to `formSubmitted`, for responses that land together). Answers the row it landed in.
   */
  submitForm(
    bundle: LoadedBundle,
    answers: Readonly<Record<string, string>>,
    options: { fireTriggers?: boolean } = {},
  ): number {
    const { document, runtime } = this.#setup;
    const form = document.form;
    if (!form) throw new Error('Emulator: no form sends its responses to this spreadsheet (linkForm)');
    const sheet = sheetNamed(document, form.sheetName);
    const values = [
      timestampText(runtime.clock.now(), document.timeZone),
      ...form.questions.map((question) => answers[question] ?? ''),
    ];
    const row = sheet.lastRow() + 1;
    if (row > sheet.maxRows) sheet.insertRows(sheet.maxRows, row - sheet.maxRows);
    values.forEach((value, i) => {
      sheet.writeInput(row, i + 1, value);
    });
    this.#setup.settle(bundle);
    if (options.fireTriggers !== false) this.formSubmitted(bundle, row);
    return row;
  }

  /** The Form-submit triggers for the response in `row` of the form's sheet; answers how many ran. */
  formSubmitted(bundle: LoadedBundle, row: number): number {
    const { document, runtime } = this.#setup;
    const form = document.form;
    if (!form) throw new Error('Emulator: no form sends its responses to this spreadsheet (linkForm)');
    const sheet = sheetNamed(document, form.sheetName);
    const headers = ['Timestamp', ...form.questions];
    const values = headers.map((_, i) => String(sheet.value(row, i + 1)));
    const namedValues = Object.fromEntries(headers.map((question, i) => [question, [values[i]]]));
    const range = new FakeRange(runtime, sheet, { row, column: 1, numRows: 1, numColumns: headers.length });
    return this.#setup.fire(bundle, 'ON_FORM_SUBMIT', { values, namedValues, range });
  }
}
