// One file of the playground: a spreadsheet of the demo user with the built add-on in its own
// emulator, its sheets, document stores, undo history and the page's selection on it. What every
// file shares (the fake API, the demo account, the one clock, the user's stores) is the desk's
// (files.ts). The user's edits go through the emulator's own edit, so the playground recalculates
// exactly as the tests' emulator does (tools/emulator/recalculation.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellA1, type GridRange, parseA1, rangeA1 } from '../emulator/a1';
import type { VirtualClock } from '../emulator/clock';
import { createEmulator, type Emulator, editEventFields, type LoadedBundle } from '../emulator/emulator';
import { tooltipOf } from '../emulator/errors';
import type { SheetModel } from '../emulator/sheet-model';
import type { FakeApi } from '../fake-api/fake-api';
import { DEMO_CREDITS, demoKeyInUse, examples, formResponse, SHEET, saveKeyInAddOn } from './demo';
import { planFillDown } from './fill-down';
import { PendingTriggers } from './pending-triggers';
import { clampWindow, DEFAULT_WINDOW, flattenMenu, windowCells } from './snapshot';
import type { MenuOutcome, RowWindow, WorkbookState } from './state';
import { SheetStructure } from './structure';
import { UndoHistory } from './undo';

export { DEMO_CREDITS } from './demo';

/** What every file of the playground shares, and time, which moves on for all of them (files.ts). */
export interface Desk {
  readonly api: FakeApi;
  readonly clock: VirtualClock;
  /** The demo account's key: `npm start` prints it, "Use the demo key" saves it again. */
  readonly demoKey: string;
  /** The built add-on: Code.js and Sidebar.html. */
  readonly distDir: string;
  /** The first file's emulator, whose backend (user stores, quotas) the others share; none yet for the first. */
  readonly firstEmulator: Emulator | undefined;
  /** The files the page can switch between, and the one shown. */
  files(): WorkbookState['files'];
  advance(ms: number): void;
  tick(ms: number): void;
}

export type RpcOutcome =
  | { readonly status: 200; readonly value: unknown }
  | { readonly status: 404 | 500; readonly message: string };

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

export class Workbook {
  /** The spreadsheet's name, as its title bar and the page's File menu show it. */
  readonly name: string;
  readonly emu: Emulator;
  readonly bundle: LoadedBundle;
  readonly #desk: Desk;
  readonly #pendingTriggers: PendingTriggers;
  readonly #history: UndoHistory;
  /** Insert, Delete, the tabs' actions and View > Hidden sheets on this file (structure.ts). */
  readonly structure: SheetStructure;
  /** Form responses simulated so far: the next one's answers come from the demo's list in turn. */
  #formResponses = 0;
  /** The tab the page shows and edits. */
  #active = SHEET;
  /** The page's selection on that tab, which scripts the user starts see as the active range. */
  #selection = 'A1';

  /**
   * A new spreadsheet of the demo user, the add-on installed: on the desk's clock and fake API, and
   * sharing the first file's backend (the user's properties and cache follow the user, P5, C6).
   */
  constructor(desk: Desk, name: string) {
    this.#desk = desk;
    this.name = name;
    const shared = desk.firstEmulator;
    this.emu = createEmulator({
      fetchHandler: (request) => desk.api.handle(request),
      clock: desk.clock,
      spreadsheetName: name,
      ...(shared ? { sharedWith: shared } : {}),
    });
    this.bundle = this.emu.loadBundle(desk.distDir);
    this.#pendingTriggers = new PendingTriggers(this.emu, this.bundle);
    this.#history = new UndoHistory(this.emu.document);
    this.structure = new SheetStructure({
      emu: this.emu,
      bundle: this.bundle,
      shown: () => ({ sheet: this.#sheet, selection: this.#range(this.#selection) }),
      cellsMoved: () => this.#history.forget(),
      show: (name) => this.selectSheet(name),
      renamed: (from, to) => {
        if (this.#active === from) this.#active = to;
      },
    });
  }

  get #sheet(): SheetModel {
    const sheet = this.emu.document.sheetByName(this.#active);
    if (sheet && !sheet.hidden) return sheet;
    // The tab shown was deleted or hidden meanwhile: back to the first visible sheet (one always is).
    const first = this.emu.document.sheets.find((each) => !each.hidden)!;
    this.#active = first.name;
    this.#selection = 'A1';
    return first;
  }

  /** Shows another tab, its A1 selected; a hidden or missing sheet is refused. */
  selectSheet(name: string): void {
    const sheet = this.emu.document.sheetByName(name);
    if (!sheet || sheet.hidden) throw new RangeError(`There is no sheet named "${name}"`);
    this.#active = name;
    this.#selection = 'A1';
  }

  /** The page's selection on the shown tab: a cell or a block in A1 notation. */
  select(a1: string): void {
    this.#selection = rangeA1(this.#range(a1));
  }

  /** The page was (re)loaded: the file opens, its menu is built, installed Open triggers run. */
  open(): void {
    this.emu.open(this.bundle);
  }

  state(window: RowWindow = DEFAULT_WINDOW): WorkbookState {
    const sheet = this.#sheet;
    const { api, clock, demoKey } = this.#desk;
    const shown = clampWindow(sheet, window);
    const menu = this.emu.ui.menus.find((candidate) => candidate.isAddonMenu);
    return {
      sheets: this.emu.document.sheets
        .filter((candidate) => !candidate.hidden)
        .map((visible) => visible.name),
      hiddenSheets: this.emu.document.sheets.filter((each) => each.hidden).map((each) => each.name),
      activeSheet: sheet.name,
      selection: this.#selection,
      files: this.#desk.files(),
      size: { rows: sheet.maxRows, columns: sheet.maxColumns },
      window: shown,
      cells: windowCells(sheet, shown),
      menu: menu ? { caption: menu.caption, items: flattenMenu(menu.entries) } : null,
      account: {
        startingCredits: DEMO_CREDITS,
        balance: api.balance(demoKey),
        spent: api.spent(demoKey),
      },
      demoKey: { inUse: demoKeyInUse(this.emu, demoKey) },
      clock: {
        now: new Date(clock.now()).toISOString(),
        timeZone: this.emu.spreadsheet.getSpreadsheetTimeZone(),
      },
      examples: examples(),
    };
  }

  /**
   * Types into a cell as a user would: `=...` is a formula run through the add-on, anything else is
   * stored the way Sheets stores typed text (numbers, TRUE/FALSE, a leading apostrophe). The
   * emulator then runs what Sheets would: formulas reading the changed cell, in turn.
   */
  setCell(a1: string, input: string): void {
    const range = this.#range(a1);
    if (range.numRows !== 1 || range.numColumns !== 1) throw new RangeError(`"${a1}" is not one cell`);
    this.#history.record(() => this.#edit(range, [[input]]));
  }

  /**
   * Pastes a block of rows (tab-separated text, split by the page) with its top-left at `a1`: one
   * edit, as in Sheets; short rows are padded with blanks. Answers the block pasted.
   */
  paste(a1: string, rows: readonly (readonly string[])[]): string {
    const at = this.#range(a1);
    const width = Math.max(0, ...rows.map((line) => line.length));
    if (rows.length === 0 || width === 0) throw new RangeError('There is nothing to paste');
    const block = { row: at.row, column: at.column, numRows: rows.length, numColumns: width };
    this.#checkFits(block);
    const inputs = rows.map((line) => Array.from({ length: width }, (_, i) => line[i] ?? ''));
    this.#history.record(() => this.#edit(block, inputs));
    return rangeA1(block);
  }

  /** Delete over a selection: every cell emptied, in one edit. */
  clear(a1: string): void {
    const range = this.#range(a1);
    const empty = Array.from({ length: range.numRows }, () => Array<string>(range.numColumns).fill(''));
    this.#history.record(() => this.#edit(range, empty));
  }

  /** Ctrl+D over a selection (fill-down.ts); answers the rows written, or null for none. */
  fillDown(a1: string): string | null {
    const plan = planFillDown(this.#sheet, this.#range(a1));
    if (!plan) return null;
    const at = this.#range(plan.a1);
    const block = {
      row: at.row,
      column: at.column,
      numRows: plan.inputs.length,
      numColumns: plan.inputs[0]!.length,
    };
    this.#history.record(() => this.#edit(block, plan.inputs));
    return rangeA1(block);
  }

  /**
   * "Use the demo key": saved through the add-on's own path, without a paid test (the key is known
   * good); answers the add-on's refusal, if any.
   */
  useDemoKey(): string | null {
    return saveKeyInAddOn(this.emu, this.bundle, this.#desk.demoKey, true);
  }

  /**
   * "Simulate a form response": someone answers the demo's linked form, and Forms appends the
   * response below the last row of its sheet. Its Form-submit triggers (a watch's) run with the
   * edits' when time moves on. Answers where it landed.
   */
  simulateFormResponse(): { sheet: string; row: number } {
    const sheet = this.emu.document.form?.sheetName;
    if (!sheet) throw new Error('No form sends its responses to this spreadsheet');
    const answers = formResponse(this.#formResponses++);
    const row = this.emu.user.submitForm(this.bundle, answers, { fireTriggers: false });
    this.#pendingTriggers.addFormResponse(row);
    return { sheet, row };
  }

  /**
   * Ctrl+Z: the cells of the last edit, paste, fill-down or menu action put back, each block as the
   * user's edit (undo.ts). Answers false when there is nothing left to undo.
   */
  undo(): boolean {
    const restores = this.#history.takeLast();
    for (const { sheet, block, inputs } of restores ?? []) this.#edit(block, inputs, sheet);
    return restores !== null;
  }

  /** One user edit of a cell or block, through the emulator; its Edit triggers run later. */
  #edit(block: GridRange, inputs: readonly (readonly string[])[], sheet = this.#sheet): void {
    // As in Sheets, the user's edit fires the installed Edit triggers (the job collector's driver).
    const fields = editEventFields(inputs, sheet.value(block.row, block.column));
    this.emu.edit(this.bundle, sheet.name, cellA1(block.row, block.column), inputs, { fireTriggers: false });
    this.#pendingTriggers.addEdit({ sheet: sheet.name, a1: rangeA1(block), fields });
  }

  #range(a1: string): GridRange {
    const sheet = this.#sheet;
    const range = parseA1(a1, sheet.maxRows, sheet.maxColumns);
    if (!range) throw new RangeError(`"${a1}" is not a cell or a range`);
    this.#checkFits(range);
    return range;
  }

  #checkFits(range: GridRange): void {
    const sheet = this.#sheet;
    if (range.row + range.numRows - 1 > sheet.maxRows)
      throw new RangeError(`This runs past the last row of the sheet (${sheet.maxRows})`);
    if (range.column + range.numColumns - 1 > sheet.maxColumns)
      throw new RangeError(`This runs past the last column of the sheet (${sheet.maxColumns})`);
  }

  /** Moves virtual time on, for every file (files.ts): triggers run, and jobs finish. */
  advance(ms: number): void {
    this.#desk.advance(ms);
  }

  /** Follows wall time while idle, for every file (files.ts). */
  tick(ms: number): void {
    this.#desk.tick(ms);
  }

  /** The triggers of the edits and form responses made so far in this file, run now. */
  runWaitingTriggers(): void {
    this.#pendingTriggers.runAll();
  }

  /** Those triggers, run once the user was idle a few seconds (`ms` more now), as beside the user in Sheets. */
  runWaitingTriggersIfIdle(ms: number): void {
    this.#pendingTriggers.runIfIdle(ms);
  }

  /** Scripts the user starts see the page's tab and selection as the active sheet and range. */
  #applySelection(): void {
    this.emu.user.select(this.#sheet.name, this.#selection);
  }

  /** Clicks an add-on menu item; answers what it showed (sidebar, dialog, alerts) or its error. */
  runMenuItem(caption: string): MenuOutcome {
    const shownBefore = this.emu.ui.shown.length;
    const dialogsBefore = this.emu.ui.dialogs.length;
    let error: string | null = null;
    try {
      this.#applySelection();
      this.#history.record(() => this.emu.runMenuItem(this.bundle, caption));
    } catch (thrown) {
      error = tooltipOf(thrown);
    }
    return {
      shown: this.emu.ui.shown
        .slice(shownBefore)
        .map((shown, i) => ({ index: shownBefore + i, kind: shown.kind, title: shown.title })),
      alerts: this.emu.ui.dialogs
        .slice(dialogsBefore)
        .map((dialog) => ({ title: dialog.title, prompt: dialog.prompt })),
      error,
    };
  }

  /** HTML the add-on showed (sidebar or dialog), by its position in the record. */
  shownHtml(index: number): string | null {
    return this.emu.ui.shown[index]?.html ?? null;
  }

  /** The sidebar the add-on last showed, else the built one, as "Open sidebar" would show it. */
  sidebarHtml(): string {
    return this.emu.ui.sidebar?.html ?? readFileSync(join(this.#desk.distDir, 'Sidebar.html'), 'utf8');
  }

  /**
   * A google.script.run call. Like Apps Script, only the script's top-level functions whose
   * names do not end in "_" can be called; a thrown error's message goes to the failure handler.
   */
  rpc(name: string, args: readonly unknown[]): RpcOutcome {
    if (name.endsWith('_') || !this.bundle.functions.includes(name))
      return { status: 404, message: `Script function not found: ${name}` };
    try {
      this.#applySelection();
      const value = this.emu.runExecution(this.bundle, name, args, { context: 'sidebar' });
      return { status: 200, value };
    } catch (error) {
      return { status: 500, message: messageOf(error) };
    }
  }
}
