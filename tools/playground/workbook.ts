// The playground's world: the built add-on in the emulator, a fake API, one virtual clock, and a
// demo account whose key the add-on saved itself. The HTTP server only translates to and from this.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { priceLabel } from '../../src/core/operations/pricing';
import { operationByFunction } from '../../src/core/operations/table';
import type { Operation } from '../../src/core/operations/types';
import { cellA1, columnLetters, parseA1 } from '../emulator/a1';
import { VirtualClock } from '../emulator/clock';
import { createEmulator, type Emulator, type LoadedBundle } from '../emulator/emulator';
import { tooltipOf } from '../emulator/errors';
import { isDate, type SheetModel } from '../emulator/sheet-model';
import type { MenuEntry, Shown } from '../emulator/ui';
import { FakeApi } from '../fake-api/fake-api';

export const DEMO_CREDITS = 1000;
export const SHEET = 'Sheet1';
/** How long the user is idle before the Edit triggers of their edits run by themselves. */
const IDLE_BEFORE_TRIGGERS_MS = 5_000;
/** What the page shows: columns A-F, rows 1-20. The sheet itself keeps Sheets' default size. */
export const VIEW = { rows: 20, columns: 6 } as const;

const PROFILE_URL = 'https://www.pronet.com/in/ada-lovelace';
const COMPANY_NAME = 'Acme Corporation';
const COMPANY_PAGE = 'https://www.pronet.com/company/acme';

export interface CellSnapshot {
  readonly display: string;
  /** What the formula bar shows: the formula, else the value as typed. */
  readonly input: string;
  readonly kind: 'text' | 'number' | 'boolean' | 'date' | 'error';
  readonly error: { readonly code: string; readonly message: string } | null;
  /** Filled by another cell's array result. */
  readonly spill: boolean;
  readonly bold: boolean;
  readonly loading: boolean;
}

export type MenuItemSnapshot = { readonly caption: string } | { readonly separator: true };

export interface Example {
  readonly cell: string;
  readonly formula: string;
  readonly note: string;
}

export interface WorkbookState {
  /** The sheets a user sees as tabs (the add-on's hidden sheet stays hidden), and the one shown. */
  readonly sheets: readonly string[];
  readonly activeSheet: string;
  readonly view: typeof VIEW;
  readonly columns: readonly string[];
  /** Non-blank cells of the view, by A1 address. */
  readonly cells: Record<string, CellSnapshot>;
  readonly menu: { readonly caption: string; readonly items: readonly MenuItemSnapshot[] } | null;
  readonly account: { readonly startingCredits: number; readonly balance: number; readonly spent: number };
  readonly clock: { readonly now: string };
  readonly examples: readonly Example[];
}

export interface ShownSummary {
  readonly index: number;
  readonly kind: Shown['kind'];
  readonly title: string;
}

export interface MenuOutcome {
  readonly shown: readonly ShownSummary[];
  readonly alerts: readonly { readonly title: string; readonly prompt: string }[];
  readonly error: string | null;
}

export type RpcOutcome =
  | { readonly status: 200; readonly value: unknown }
  | { readonly status: 404 | 500; readonly message: string };

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

export class Workbook {
  readonly clock = new VirtualClock();
  readonly api = new FakeApi({ clock: this.clock });
  readonly emu: Emulator;
  readonly bundle: LoadedBundle;
  readonly #key: string;
  readonly #distDir: string;
  /** The tab the page shows and edits. */
  #active = SHEET;
  /**
   * Edits whose Edit triggers have not run yet. In Sheets a trigger runs beside the user, who goes
   * on typing; here it runs when the user moves time on ("+1 min"), so a trigger that waits a
   * minute for a job neither holds the page nor makes the idle clock leap.
   */
  #edits: { sheet: string; a1: string; fields: { value?: unknown; oldValue?: unknown } }[] = [];
  #lastEditAt = 0;

  constructor(distDir: string) {
    this.#distDir = distDir;
    this.#key = this.api.createAccount({ credits: DEMO_CREDITS });
    this.emu = createEmulator({ fetchHandler: (request) => this.api.handle(request), clock: this.clock });
    this.bundle = this.emu.loadBundle(distDir);
    // As a user would: the sidebar's Save button, then the document opening with the add-on menu.
    this.emu.runExecution(this.bundle, 'setApiKey', [this.#key, 'user'], { context: 'sidebar' });
    this.emu.runExecution(this.bundle, 'onOpen', [{ authMode: 'NONE' }], {
      context: 'simple-trigger',
      authMode: 'NONE',
    });
    this.#prefill();
  }

  get #sheet(): SheetModel {
    const sheet = this.emu.document.sheetByName(this.#active);
    if (sheet && !sheet.hidden) return sheet;
    // The tab shown was deleted or hidden meanwhile: back to the first sheet.
    this.#active = SHEET;
    const first = this.emu.document.sheetByName(SHEET);
    if (!first) throw new Error(`The playground's ${SHEET} is missing`);
    return first;
  }

  /** Shows another tab; a hidden or missing sheet is refused. */
  selectSheet(name: string): void {
    const sheet = this.emu.document.sheetByName(name);
    if (!sheet || sheet.hidden) throw new RangeError(`There is no sheet named "${name}"`);
    this.#active = name;
  }

  /** The page was (re)loaded: the file opens, its menu is built, installed Open triggers run. */
  open(): void {
    this.emu.open(this.bundle);
  }

  #prefill(): void {
    const sheet = this.emu.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('A1:B1').setValues([['Inputs', 'Results: select a cell, type a formula, press Enter']]);
    sheet.getRange('A1:B1').setFontWeight('bold');
    sheet.getRange('A2:A4').setValues([[PROFILE_URL], [COMPANY_NAME], [COMPANY_PAGE]]);
  }

  state(): WorkbookState {
    const cells: Record<string, CellSnapshot> = {};
    for (let row = 1; row <= VIEW.rows; row++) {
      for (let column = 1; column <= VIEW.columns; column++) {
        const snapshot = this.#snapshot(row, column);
        if (snapshot) cells[cellA1(row, column)] = snapshot;
      }
    }
    const sheet = this.#sheet;
    return {
      sheets: this.emu.document.sheets
        .filter((candidate) => !candidate.hidden)
        .map((visible) => visible.name),
      activeSheet: sheet.name,
      view: VIEW,
      columns: Array.from({ length: VIEW.columns }, (_, i) => columnLetters(i + 1)),
      cells,
      menu: this.#menu(),
      account: {
        startingCredits: DEMO_CREDITS,
        balance: this.api.balance(this.#key),
        spent: this.api.spent(this.#key),
      },
      clock: { now: new Date(this.clock.now()).toISOString() },
      examples: examples(),
    };
  }

  #snapshot(row: number, column: number): CellSnapshot | null {
    const sheet = this.#sheet;
    const cell = sheet.cell(row, column);
    if (!sheet.hasContent(row, column)) return null;
    const display = sheet.display(row, column);
    const value = cell.value;
    const kind = cell.error
      ? 'error'
      : typeof value === 'number'
        ? 'number'
        : typeof value === 'boolean'
          ? 'boolean'
          : isDate(value)
            ? 'date'
            : 'text';
    return {
      display,
      input: cell.formula || display,
      kind,
      error: cell.error ? { code: cell.error.code, message: cell.error.message } : null,
      spill: cell.spillOf !== null,
      bold: cell.bold,
      loading: cell.stale,
    };
  }

  /**
   * Types into a cell as a user would: `=...` is a formula run through the add-on, anything else is
   * stored the way Sheets stores typed text (numbers, TRUE/FALSE, a leading apostrophe). The
   * emulator then runs what Sheets would: formulas reading the changed cell, in turn.
   */
  setCell(a1: string, input: string): void {
    const sheet = this.#sheet;
    const range = parseA1(a1, sheet.maxRows, sheet.maxColumns);
    if (range?.numRows !== 1 || range.numColumns !== 1) throw new RangeError(`"${a1}" is not one cell`);
    const target = cellA1(range.row, range.column);
    const oldValue = sheet.value(range.row, range.column);
    const isFormula = input.length > 1 && input.startsWith('=');
    this.emu.edit(this.bundle, sheet.name, target, input, { fireTriggers: false });
    // As in Sheets, the user's edit fires the installed Edit triggers (the job collector's driver).
    const fields = isFormula ? { oldValue } : { oldValue, value: input };
    this.#edits.push({ sheet: sheet.name, a1: target, fields });
    this.#lastEditAt = this.clock.now();
  }

  /** Runs the Edit triggers of the edits made so far, oldest first. */
  #runEditTriggers(): void {
    for (const edit of this.#edits.splice(0)) {
      this.emu.fireEditTriggers(this.bundle, edit.sheet, edit.a1, edit.fields);
    }
  }

  /**
   * Moves virtual time on: the Edit triggers of the edits made so far run (the add-on's drivers),
   * then any time-driven trigger that falls due.
   */
  advance(ms: number): void {
    const until = this.clock.now() + ms;
    this.#runEditTriggers();
    this.emu.runTriggersUntil(this.bundle, Math.max(until, this.clock.now()));
  }

  /**
   * Follows wall time while idle: one real second is one virtual second. Edit triggers left
   * waiting run once the user has been idle a few seconds, as they run beside the user in Sheets.
   */
  tick(ms: number): void {
    if (this.#edits.length > 0 && this.clock.now() - this.#lastEditAt >= IDLE_BEFORE_TRIGGERS_MS)
      this.#runEditTriggers();
    this.emu.runTriggersUntil(this.bundle, this.clock.now() + ms);
  }

  #menu(): WorkbookState['menu'] {
    const menu = this.emu.ui.menus.find((candidate) => candidate.isAddonMenu);
    return menu ? { caption: menu.caption, items: flattenMenu(menu.entries) } : null;
  }

  /** Clicks an add-on menu item; answers what it showed (sidebar, dialog, alerts) or its error. */
  runMenuItem(caption: string): MenuOutcome {
    const shownBefore = this.emu.ui.shown.length;
    const dialogsBefore = this.emu.ui.dialogs.length;
    let error: string | null = null;
    try {
      this.emu.runMenuItem(this.bundle, caption);
    } catch (thrown) {
      error = tooltipOf(thrown);
    }
    return {
      shown: this.emu.ui.shown.slice(shownBefore).map((shown, i) => ({
        index: shownBefore + i,
        kind: shown.kind,
        title: shown.title,
      })),
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
    return this.emu.ui.sidebar?.html ?? readFileSync(join(this.#distDir, 'Sidebar.html'), 'utf8');
  }

  /**
   * A google.script.run call. Like Apps Script, only the script's top-level functions whose
   * names do not end in "_" can be called; a thrown error's message goes to the failure handler.
   */
  rpc(name: string, args: readonly unknown[]): RpcOutcome {
    if (name.endsWith('_') || !this.bundle.functions.includes(name))
      return { status: 404, message: `Script function not found: ${name}` };
    try {
      const value = this.emu.runExecution(this.bundle, name, args, { context: 'sidebar' });
      return { status: 200, value };
    } catch (error) {
      return { status: 500, message: messageOf(error) };
    }
  }
}

function flattenMenu(entries: readonly MenuEntry[]): MenuItemSnapshot[] {
  return entries.flatMap((entry): MenuItemSnapshot[] => {
    if (entry.kind === 'item') return [{ caption: entry.caption }];
    if (entry.kind === 'separator') return [{ separator: true }];
    return [{ separator: true }, ...flattenMenu(entry.menu.entries)];
  });
}

function example(cell: string, functionName: string, input: string, note?: string): Example {
  const op: Operation | undefined = operationByFunction(functionName);
  if (!op) throw new Error(`The operations table has no ${functionName}`);
  const price = priceLabel(op);
  const timing = op.mode === 'async' ? `, takes about a minute: try "+1 min"` : '';
  return { cell, formula: `=${functionName}(${input})`, note: note ?? `${op.label}, ${price}${timing}` };
}

/** Formulas to try on the prefilled inputs; names and prices come from the operations table. */
function examples(): Example[] {
  return [
    example('B2', 'PRONET_EMAIL', 'A2'),
    example('B3', 'COMPANY_WEBSITE', 'A3'),
    example('C3', 'COMPANY_PHONE', 'A3'),
    example('B4', 'PRONET_COMPANY', 'A4'),
    example('B6', 'PRONET_PROFILE', 'A2'),
    example('B8', 'PRONET_EMAIL', 'A3', 'a company name is not a profile URL: #ERROR!, no credit spent'),
  ];
}
