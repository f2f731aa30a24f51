// The emulator: every fake service on one virtual clock, the built add-on loaded into node:vm, and
// the ways Sheets runs it (a formula, a menu item or sidebar call, a trigger). Tests and the local
// playground drive the add-on through this object.
//   const emu = createEmulator({ fetchHandler: (req) => fakeApi.handle(req) });
//   const bundle = emu.loadBundle('dist');
//   emu.edit(bundle, 'Sheet1', 'B2', '=PRONET_EMAIL(A2)');

import { parseA1, rangeA1 } from './a1';
import type { CompiledBundle, LoadedBundle } from './bundle';
import type { FakeCacheService } from './cache';
import type { CellValue } from './cell';
import { type CellView, cellAt, cellView, type SheetRef, sheetNamed, valuesIn } from './cell-views';
import { VirtualClock } from './clock';
import { editEventFields, isFormulaText } from './edit-events';
import { type ExecutionOptions, ExecutionRunner } from './execution';
import { type FormulaOutcome, shownAt } from './formula-result';
import { type AppsScriptGlobals, createGlobals } from './globals';
import type { FakeLockService } from './lock';
import { LogCapture } from './logger';
import { readManifest } from './manifest';
import type { EmulatorOptions } from './options';
import type { FakePropertiesService } from './properties';
import { inRaceAmong } from './race';
import { Runtime } from './runtime';
import { TriggerRegistry } from './script-app';
import type { SharedBackend } from './shared-backend';
import { SpreadsheetModel } from './sheet-model';
import { FakeRange, FakeSpreadsheet } from './spreadsheet';
import { TriggerRuntimeQuota } from './trigger-quota';
import { type TriggerRun, TriggerRunner } from './trigger-runner';
import { UiRecord } from './ui';
import type { FakeUrlFetchApp, FetchRecord } from './urlfetch';
import { UserActions } from './user-actions';

export type { LoadedBundle } from './bundle';
export { editEventFields } from './edit-events';
export { type ExecutionOptions, SheetsError } from './execution';
export type { FormulaOutcome } from './formula-result';
export type { EmulatorOptions } from './options';
export type { TriggerRun } from './trigger-runner';

export class Emulator implements SharedBackend {
  readonly clock: VirtualClock;
  readonly runtime: Runtime;
  readonly logs: LogCapture;
  readonly ui = new UiRecord();
  readonly triggers: TriggerRegistry;
  readonly documents = new Map<string, SpreadsheetModel>();
  /** The document open in the browser. */
  readonly document: SpreadsheetModel;
  readonly globals: AppsScriptGlobals;
  readonly cache: FakeCacheService;
  readonly properties: FakePropertiesService;
  readonly locks: FakeLockService;
  readonly urlFetch: FakeUrlFetchApp;
  readonly triggerQuota: TriggerRuntimeQuota;
  /** Pasting, inserting and deleting rows, form responses: what they fire (user-actions.ts). */
  readonly user: UserActions;
  readonly #runner: ExecutionRunner;
  readonly #triggerRunner: TriggerRunner;
  readonly #timeZone: string;
  readonly documentNumbers: { next: number };
  readonly executionIds: { next: number };
  #lastBundle: CompiledBundle | null = null;

  constructor(options: EmulatorOptions) {
    const userEmail = options.userEmail ?? 'owner@example.com';
    this.#timeZone = options.timeZone ?? 'America/New_York';
    const shared = options.sharedWith;
    const counters = shared ?? { documentNumbers: { next: 1 }, executionIds: { next: 1 } };
    ({ documentNumbers: this.documentNumbers, executionIds: this.executionIds } = counters);
    this.clock = shared?.clock ?? options.clock ?? new VirtualClock();
    const sameAs = options.sameSpreadsheet === true ? shared : undefined;
    this.document = sameAs?.document ?? this.addSpreadsheet(options.spreadsheetName ?? 'Leads');
    if (sameAs) this.documents.set(this.document.id, this.document);
    this.triggers = sameAs?.triggers ?? new TriggerRegistry(options.clockTriggerDelay);
    const identity = { user: userEmail, documentId: this.document.id };
    const runtime = new Runtime(this.clock, identity, this.executionIds);
    this.runtime = runtime;
    this.logs = new LogCapture(() => this.clock.now());
    this.globals = createGlobals({
      runtime,
      documents: this.documents,
      ui: this.ui,
      addOnName: options.addOnName ?? 'Enrich for Sheets',
      triggers: this.triggers,
      addOn: options.addOn === true,
      logs: this.logs,
      people: { activeUser: userEmail, locale: 'en', scriptTimeZone: this.#timeZone },
      lastBundle: () => this.#lastBundle,
      ...(shared ? { sharedWith: shared.globals } : {}),
      fetch: {
        handler: options.fetchHandler,
        ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
        ...(options.urlFetchDailyQuota === undefined ? {} : { dailyQuota: options.urlFetchDailyQuota }),
      },
    });
    this.cache = this.globals.CacheService;
    this.properties = this.globals.PropertiesService;
    this.locks = this.globals.LockService;
    this.urlFetch = this.globals.UrlFetchApp;
    this.#runner = new ExecutionRunner({
      runtime,
      // node:vm takes any object as the global scope; the fakes stand in for the real services there.
      globals: this.globals as unknown as Record<string, unknown>,
      document: this.document,
      addOn: options.addOn === true,
      userEmail,
      ownerEmail: options.ownerEmail ?? userEmail,
      recalculate: options.recalculateAfterExecution !== false,
      onBundle: (bundle) => {
        if (bundle !== this.#lastBundle) this.runtime.manifest = readManifest(bundle.distDir);
        this.#lastBundle = bundle;
      },
    });
    this.triggerQuota = shared?.triggerQuota ?? new TriggerRuntimeQuota(options.account);
    this.#triggerRunner = new TriggerRunner({
      runtime,
      document: this.document,
      triggers: this.triggers,
      executions: this.#runner,
      quota: this.triggerQuota,
    });
    this.user = new UserActions({
      runtime,
      document: this.document,
      fire: (bundle, type, fields) => this.#triggerRunner.spreadsheetTriggers(bundle, type, fields),
      settle: (bundle) => this.#runner.settle(bundle),
      edit: (bundle, sheet, a1, block) => {
        const before = this.triggerRuns.length;
        this.edit(bundle, sheet, a1, block);
        return this.triggerRuns.length - before;
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
    const id = `emulated-spreadsheet-${this.documentNumbers.next++}`;
    const model = new SpreadsheetModel(id, name, this.#timeZone);
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
      ? cellAt(this.document, caller.sheet, caller.a1)
      : cellAt(this.document, this.document.activeSheet.name, 'A1');
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
   * Runs `work` (several executions, `alongside` emulators' of this backend too) as if at one instant:
   * each starts as the window opens (or as one of `atOnce` ends), unlocked reads see that instant (race.ts).
   */
  concurrently<T>(work: () => T, options: { atOnce?: number; alongside?: readonly Emulator[] } = {}): T {
    return inRaceAmong([this, ...(options.alongside ?? [])], work, options.atOnce);
  }

  /**
   * A user's edit: the text or formula goes in (the same formula typed over itself changes nothing,
   * X8), Sheets runs what it must (the formula, and formulas reading the cell), then the installable
   * Edit triggers fire, then the Change triggers (EDIT, T9), each as its own execution. `input` may
   * be a block of rows (a fill-down): every cell goes in as typed, Sheets runs what it must once,
   * and the triggers fire once for the block (T6). `triggersFirst` fires the Edit triggers before
   * the formulas run (which starts first is not published, T6: the add-on must not depend on it);
   * `fireTriggers: false` leaves them to `fireEditTriggers`. Answers what the (first) cell showed.
   */
  edit(
    bundle: LoadedBundle,
    sheet: SheetRef,
    a1: string,
    input: string | readonly (readonly string[])[],
    options: { triggersFirst?: boolean; fireTriggers?: boolean } = {},
  ): FormulaOutcome {
    const { sheet: model, row, column } = cellAt(this.document, sheet, a1);
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
    const shown = shownAt(model, row, column);
    if (fire && !options.triggersFirst) this.fireEditTriggers(bundle, sheet, target, fields);
    if (fire) this.user.change(bundle, 'EDIT');
    return shown;
  }

  /** What a formula's cell and its spill area show now. */
  shown(sheet: SheetRef, a1: string): FormulaOutcome {
    const { sheet: model, row, column } = cellAt(this.document, sheet, a1);
    return shownAt(model, row, column);
  }

  /**
   * A re-run nobody asked for: Sheets may re-run a formula on its own (reopening is reported to),
   * and nothing may count on it. Tests that prove such a re-run costs nothing use this, and say so.
   */
  rerunUnasked(bundle: LoadedBundle, sheet: SheetRef, a1: string): FormulaOutcome {
    const { sheet: model, row, column } = cellAt(this.document, sheet, a1);
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
    const model = sheetNamed(this.document, sheet);
    const edited = parseA1(a1, model.maxRows, model.maxColumns);
    if (!edited) throw new Error(`Emulator: "${a1}" is not A1 notation`);
    const range = new FakeRange(this.runtime, model, edited);
    return this.#triggerRunner.spreadsheetTriggers(bundle, 'ON_EDIT', {
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
    return this.#triggerRunner.spreadsheetTriggers(bundle, 'ON_OPEN', { source: this.spreadsheet });
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
    return this.#triggerRunner.triggersUntil(bundle, untilMs);
  }

  /** Every time-driven trigger run so far, with the error it ended with, if any. */
  get triggerRuns(): readonly TriggerRun[] {
    return this.#triggerRunner.triggerRuns;
  }

  cell(sheet: SheetRef, a1: string): CellView {
    return cellView(cellAt(this.document, sheet, a1));
  }

  values(sheet: SheetRef, a1: string): CellValue[][] {
    return valuesIn(sheetNamed(this.document, sheet), a1);
  }
}

export function createEmulator(options: EmulatorOptions): Emulator {
  return new Emulator(options);
}
