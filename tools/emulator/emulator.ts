// The emulator: every fake service on one virtual clock, the built add-on loaded into node:vm, and
// the ways Sheets runs it (a formula, a menu item or sidebar call, a trigger). Tests and the local
// playground drive the add-on through this object.
//
//   const emu = createEmulator({ fetchHandler: (req) => fakeApi.handle(req) });
//   const bundle = emu.loadBundle('dist');
//   emu.edit(bundle, 'Sheet1', 'B2', '=PRONET_EMAIL(A2)');

import { parseA1, rangeA1 } from './a1';
import { type CompiledBundle, htmlFileReader, type LoadedBundle } from './bundle';
import { FakeCacheService } from './cache';
import { VirtualClock } from './clock';
import { type ExecutionOptions, ExecutionRunner, type FormulaOutcome, type TriggerRun } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService } from './lock';
import { FakeLogger, fakeConsole, LogCapture } from './logger';
import { readManifest } from './manifest';
import { FakePropertiesService } from './properties';
import { RaceWindow } from './race';
import { FakeRange } from './range';
import { Runtime } from './runtime';
import { FakeScriptApp, TriggerRegistry } from './script-app';
import { FakeSession } from './session';
import { type CellError, type CellValue, type SheetModel, SpreadsheetModel } from './sheet-model';
import { FakeSpreadsheet, FakeSpreadsheetApp } from './spreadsheet';
import { FakeUi, UiRecord } from './ui';
import { FakeUrlFetchApp, type FetchHandler, type FetchRecord, type FetchRequest } from './urlfetch';
import { FakeUtilities } from './utilities';

export type { LoadedBundle } from './bundle';
export { type ExecutionOptions, type FormulaOutcome, SheetsError, type TriggerRun } from './execution';

export interface EmulatorOptions {
  readonly fetchHandler: FetchHandler;
  /** Virtual milliseconds per HTTP round trip (a fetchAll batch costs one). Default 300. */
  readonly latencyMs?: number | ((request: FetchRequest) => number);
  /** Run as an editor add-on (trigger rules, no active spreadsheet in time-driven triggers). */
  readonly addOn?: boolean;
  readonly clock?: VirtualClock;
  /** The person at the keyboard. Default owner@example.com. */
  readonly userEmail?: string;
  /** The spreadsheet's owner, whose user properties formulas read. Default: the user. */
  readonly ownerEmail?: string;
  readonly timeZone?: string;
  readonly spreadsheetName?: string;
  /** The add-on menu's caption. Default "Enrich for Sheets". */
  readonly addOnName?: string;
  readonly urlFetchDailyQuota?: number;
  /** Recalculate formulas a menu/sidebar/trigger execution wrote, as Sheets does after it. Default true. */
  readonly recalculateAfterExecution?: boolean;
}

/** The services a script sees as globals. */
export interface AppsScriptGlobals {
  readonly SpreadsheetApp: FakeSpreadsheetApp;
  readonly UrlFetchApp: FakeUrlFetchApp;
  readonly CacheService: FakeCacheService;
  readonly PropertiesService: FakePropertiesService;
  readonly LockService: FakeLockService;
  readonly Utilities: FakeUtilities;
  readonly ScriptApp: FakeScriptApp;
  readonly HtmlService: FakeHtmlService;
  readonly Session: FakeSession;
  readonly Logger: FakeLogger;
  readonly console: ReturnType<typeof fakeConsole>;
}

export interface CellView {
  readonly value: CellValue;
  readonly display: string;
  readonly formula: string;
  readonly note: string;
  readonly bold: boolean;
  readonly numberFormat: string;
  readonly error: CellError | null;
}

type SheetRef = string | { getName(): string };

export class Emulator {
  readonly clock: VirtualClock;
  readonly runtime: Runtime;
  readonly logs: LogCapture;
  readonly ui = new UiRecord();
  readonly triggers = new TriggerRegistry();
  readonly documents = new Map<string, SpreadsheetModel>();
  /** The document open in the browser. */
  readonly document: SpreadsheetModel;
  readonly globals: AppsScriptGlobals;
  readonly cache: FakeCacheService;
  readonly properties: FakePropertiesService;
  readonly locks: FakeLockService;
  readonly urlFetch: FakeUrlFetchApp;
  readonly #runner: ExecutionRunner;
  readonly #timeZone: string;
  #lastBundle: CompiledBundle | null = null;

  constructor(options: EmulatorOptions) {
    const userEmail = options.userEmail ?? 'owner@example.com';
    const timeZone = options.timeZone ?? 'America/New_York';
    this.#timeZone = timeZone;
    this.clock = options.clock ?? new VirtualClock();
    this.document = this.addSpreadsheet(options.spreadsheetName ?? 'Leads');
    this.runtime = new Runtime(this.clock, { user: userEmail, documentId: this.document.id });
    this.logs = new LogCapture(() => this.clock.now());
    this.cache = new FakeCacheService(this.runtime);
    this.properties = new FakePropertiesService(this.runtime);
    this.locks = new FakeLockService(this.runtime);
    this.urlFetch = new FakeUrlFetchApp(this.runtime, {
      handler: options.fetchHandler,
      ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
      ...(options.urlFetchDailyQuota === undefined ? {} : { dailyQuota: options.urlFetchDailyQuota }),
    });
    const runtime = this.runtime;
    const addOnName = options.addOnName ?? 'Enrich for Sheets';
    this.globals = {
      SpreadsheetApp: new FakeSpreadsheetApp({
        runtime,
        documents: this.documents,
        ui: () => new FakeUi(runtime, this.ui, addOnName),
      }),
      UrlFetchApp: this.urlFetch,
      CacheService: this.cache,
      PropertiesService: this.properties,
      LockService: this.locks,
      Utilities: new FakeUtilities(runtime),
      ScriptApp: new FakeScriptApp(runtime, this.triggers, options.addOn === true),
      HtmlService: new FakeHtmlService(
        runtime,
        htmlFileReader(() => this.#lastBundle),
      ),
      Session: new FakeSession(runtime, { activeUser: userEmail, locale: 'en', scriptTimeZone: timeZone }),
      Logger: new FakeLogger(this.logs),
      console: fakeConsole(this.logs),
    };
    this.#runner = new ExecutionRunner({
      runtime,
      // node:vm takes any object as the global scope; the fakes stand in for the real services there.
      globals: this.globals as unknown as Record<string, unknown>,
      document: this.document,
      triggers: this.triggers,
      addOn: options.addOn === true,
      userEmail,
      ownerEmail: options.ownerEmail ?? userEmail,
      recalculate: options.recalculateAfterExecution !== false,
      onBundle: (bundle) => {
        this.#lastBundle = bundle;
        this.runtime.manifest = readManifest(bundle.distDir);
      },
    });
  }

  /** The open spreadsheet, for setting up data from outside any execution. */
  get spreadsheet(): FakeSpreadsheet {
    return new FakeSpreadsheet(this.runtime, this.document);
  }

  get fetchLog(): readonly FetchRecord[] {
    return this.urlFetch.log;
  }

  /** Another document, for openById; the open one is created with the emulator. */
  addSpreadsheet(name: string): SpreadsheetModel {
    const model = new SpreadsheetModel(
      `emulated-spreadsheet-${this.documents.size + 1}`,
      name,
      this.#timeZone,
    );
    this.documents.set(model.id, model);
    return model;
  }

  /**
   * Loads dist/Code.js (and the HTML files beside it). Its top-level code runs once now, in
   * AuthMode.NONE, and again at the start of every execution, each in a fresh global scope.
   */
  loadBundle(distDir: string): LoadedBundle {
    return this.#runner.load(distDir);
  }

  /** Runs a custom function as a formula would (30 s, read-only); throws the #ERROR! tooltip text. */
  runCustomFunction(
    bundle: LoadedBundle,
    name: string,
    args: readonly unknown[],
    caller?: { sheet: SheetRef; a1: string },
  ): unknown {
    const address = caller
      ? this.#address(caller.sheet, caller.a1)
      : this.#address(this.document.activeSheet.name, 'A1');
    return this.#runner.customFunction(bundle, name, args, {
      sheetName: address.sheet.name,
      row: address.row,
      column: address.column,
    });
  }

  /** Runs a top-level function as a menu item, sidebar call or trigger (6 min unless a simple trigger). */
  runExecution(
    bundle: LoadedBundle,
    name: string,
    args: readonly unknown[] = [],
    options: ExecutionOptions = {},
  ): unknown {
    return this.#runner.execution(bundle, name, args, options);
  }

  /**
   * Runs `work` (several executions) as if they ran at the same time: each starts at the instant
   * the window opened (or, with `atOnce`, when one of that many running before it ends), and
   * reads made without a lock see the stores as they were then (race.ts). The worst case for races.
   */
  concurrently<T>(work: () => T, options: { atOnce?: number } = {}): T {
    if (this.runtime.race) throw new Error('Emulator: race windows do not nest');
    const stores = [...this.properties.stores(), ...this.cache.stores()] as Map<string, unknown>[];
    const race = new RaceWindow(stores, this.clock.now(), options.atOnce);
    this.runtime.race = race;
    try {
      return work();
    } finally {
      this.runtime.race = null;
      this.clock.advanceTo(race.latest);
    }
  }

  /**
   * A user's edit: the text or formula goes in (the same formula typed over itself changes nothing,
   * X8), Sheets runs what it must (the formula, and formulas reading the cell), and the installable
   * Edit triggers fire, each as its own execution. `input` may be a block of rows (a paste, a
   * fill-down): every cell goes in as typed, then Sheets runs what it must once, and the triggers
   * fire once for the block (T6). `triggersFirst` fires them before Sheets runs the formulas: which
   * starts first is not published (T6), and the add-on must not depend on it. `fireTriggers: false`
   * leaves them to `fireEditTriggers`. Answers what the (first) cell showed once Sheets ran it.
   */
  edit(
    bundle: LoadedBundle,
    sheet: SheetRef,
    a1: string,
    input: string | readonly (readonly string[])[],
    options: { triggersFirst?: boolean; fireTriggers?: boolean } = {},
  ): FormulaOutcome {
    const { sheet: model, row, column } = this.#address(sheet, a1);
    const block = typeof input === 'string' ? [[input]] : input;
    const numColumns = Math.max(0, ...block.map((line) => line.length));
    const edited = { row, column, numRows: block.length, numColumns };
    if (block.length === 0 || numColumns === 0) throw new Error('Emulator: an edit needs a cell');
    model.checkBounds(edited);
    this.document.flushed();
    const fields = editEventFields(block, model.value(row, column));
    for (const [r, line] of block.entries()) {
      for (const [c, text] of line.entries()) {
        if (isFormulaText(text)) model.writeFormula(row + r, column + c, text);
        else model.writeInput(row + r, column + c, text);
      }
    }
    const fire = options.fireTriggers !== false;
    const target = rangeA1(edited);
    if (fire && options.triggersFirst) this.fireEditTriggers(bundle, sheet, target, fields);
    this.#runner.settle(bundle);
    // What the cell showed once Sheets ran it; triggers that come after may change it later.
    const shown = this.#runner.shown(model, row, column);
    if (fire && !options.triggersFirst) this.fireEditTriggers(bundle, sheet, target, fields);
    return shown;
  }

  /**
   * The user selects a range: scripts they start (menu items, sidebar calls) see it as the active
   * sheet and range, as Sheets shows them the selection in the open tab.
   */
  select(sheet: SheetRef, a1: string): void {
    const model = this.#sheet(sheet);
    const range = parseA1(a1, model.maxRows, model.maxColumns);
    if (!range) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    model.checkBounds(range);
    this.document.activeSheet = model;
    model.selection = range;
  }

  /** What a formula's cell and its spill area show now. */
  shown(sheet: SheetRef, a1: string): FormulaOutcome {
    const { sheet: model, row, column } = this.#address(sheet, a1);
    return this.#runner.shown(model, row, column);
  }

  /**
   * A re-run nobody asked for: Sheets may re-run a formula on its own (reopening is reported to),
   * and nothing may count on it. Tests that prove such a re-run costs nothing use this, and say so.
   */
  rerunUnasked(bundle: LoadedBundle, sheet: SheetRef, a1: string): FormulaOutcome {
    const { sheet: model, row, column } = this.#address(sheet, a1);
    if (model.cell(row, column).formula === '') throw new Error(`Emulator: ${a1} holds no formula`);
    const outcome = this.#runner.evaluate(bundle, model, row, column);
    this.#runner.settle(bundle);
    return outcome;
  }

  /**
   * Runs what Sheets runs after writes made outside any execution (a test's setup): formulas
   * entered and not run yet, and those reading changed cells. Answers how many ran.
   */
  settle(bundle: LoadedBundle): number {
    return this.#runner.settle(bundle);
  }

  /** Fires the installable Edit triggers for an edit of `a1` (a cell or a block) already made. */
  fireEditTriggers(
    bundle: LoadedBundle,
    sheet: SheetRef,
    a1: string,
    fields: { value?: unknown; oldValue?: unknown } = {},
  ): number {
    const model = this.#sheet(sheet);
    const edited = parseA1(a1, model.maxRows, model.maxColumns);
    if (!edited) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    const range = new FakeRange(this.runtime, model, edited);
    return this.#runner.spreadsheetTriggers(bundle, 'ON_EDIT', {
      source: this.spreadsheet,
      range,
      ...fields,
    });
  }

  /**
   * The user opens the file: the simple onOpen trigger builds the menu (LIMITED: the add-on is in
   * use in this document), then the installable Open triggers fire. Answers how many of those ran.
   */
  open(bundle: LoadedBundle): number {
    if (bundle.functions.includes('onOpen'))
      this.runExecution(bundle, 'onOpen', [{ authMode: 'LIMITED' }], { context: 'simple-trigger' });
    return this.#runner.spreadsheetTriggers(bundle, 'ON_OPEN', { source: this.spreadsheet });
  }

  /** Clicks a menu item by its caption. */
  runMenuItem(bundle: LoadedBundle, caption: string): unknown {
    const item = this.ui.findItem(caption);
    if (!item)
      throw new Error(
        `Emulator: no menu item "${caption}" (menus: ${this.ui.menus.map((m) => m.caption).join(', ')})`,
      );
    return this.runExecution(bundle, item.functionName, [], { context: 'menu' });
  }

  /** Advances the clock to `untilMs`, running time-driven triggers as they fall due; answers how many ran. */
  runTriggersUntil(bundle: LoadedBundle, untilMs: number): number {
    return this.#runner.triggersUntil(bundle, untilMs);
  }

  /** Every time-driven trigger run so far, with the error it ended with, if any. */
  get triggerRuns(): readonly TriggerRun[] {
    return this.#runner.triggerRuns;
  }

  cell(sheet: SheetRef, a1: string): CellView {
    const { sheet: model, row, column } = this.#address(sheet, a1);
    const cell = model.cell(row, column);
    return {
      value: model.value(row, column),
      display: model.display(row, column),
      formula: cell.formula,
      note: cell.note,
      bold: cell.bold,
      numberFormat: cell.numberFormat,
      error: cell.error,
    };
  }

  values(sheet: SheetRef, a1: string): CellValue[][] {
    const model = this.#sheet(sheet);
    const range = parseA1(a1, model.maxRows, model.maxColumns);
    if (!range) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    return Array.from({ length: range.numRows }, (_, r) =>
      Array.from({ length: range.numColumns }, (_, c) => model.value(range.row + r, range.column + c)),
    );
  }

  #sheet(sheet: SheetRef): SheetModel {
    const name = typeof sheet === 'string' ? sheet : sheet.getName();
    const model = this.document.sheetByName(name);
    if (!model) throw new Error(`Emulator: no sheet named "${name}"`);
    return model;
  }

  #address(sheet: SheetRef, a1: string): { sheet: SheetModel; row: number; column: number } {
    const model = this.#sheet(sheet);
    const range = parseA1(a1, model.maxRows, model.maxColumns);
    if (range?.numRows !== 1 || range.numColumns !== 1) throw new Error(`Emulator: "${a1}" is not one cell`);
    return { sheet: model, row: range.row, column: range.column };
  }
}

/** Text a user types that Sheets takes as a formula: "=" and something after it. */
function isFormulaText(text: string): boolean {
  return text.length > 1 && text.startsWith('=');
}

/**
 * What an Edit event says of the edit: a typed formula's event carries no value (T6), and a
 * block's has neither value nor oldValue (Event objects: "only available if the edited range is a
 * single cell").
 */
export function editEventFields(
  block: readonly (readonly string[])[],
  oldValue: unknown,
): { value?: unknown; oldValue?: unknown } {
  const single = block.length === 1 && block[0]!.length === 1 ? block[0]![0]! : null;
  if (single === null) return {};
  return isFormulaText(single) ? { oldValue } : { oldValue, value: single };
}

export function createEmulator(options: EmulatorOptions): Emulator {
  return new Emulator(options);
}
