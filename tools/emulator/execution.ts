// How Sheets runs the add-on: a formula (a custom function: 30 s, read-only, no user), a menu item or
// sidebar call (6 min), a simple trigger (30 s) or a trigger (trigger-runner.ts). Each run is one
// execution on the runtime, in a fresh scope.
//
// Verified: a custom function's error shows as #ERROR! with its message in the tooltip; a
// single-cell argument arrives as a value and a range as a 2-D array; an argument that is an error
// makes the formula show that error; an unknown function shows #NAME? ("Unknown function: 'X'.").
// Assumed: functions are looked up without regard to case; "Script function not found: X" for a
// missing menu/trigger function. How a result is laid out: formula-result.ts.
// Ids in docs/platform-assumptions.md: X3 recalculation (recalculation.ts), X8, E3 (case: verified).

import {
  type CompiledBundle,
  compileBundle,
  customFunction,
  functionNames,
  instantiate,
  intoRealm,
  type LoadedBundle,
  topLevelFunction,
} from './bundle';
import { type CellError, type Outcome, PARSE_ERROR } from './cell';
import type { AuthModeName } from './enums';
import { gasError, tooltipOf } from './errors';
import { parseFormula } from './formula';
import { type FormulaOutcome, shownAt, toGrid } from './formula-result';
import { formulasToRun } from './recalculation';
import {
  type CellAddress,
  CUSTOM_FUNCTION_BUDGET_MS,
  EXECUTION_BUDGET_MS,
  type ExecutionSpec,
  type Runtime,
  SIMPLE_TRIGGER_BUDGET_MS,
} from './runtime';
import type { SheetModel, SpreadsheetModel } from './sheet-model';

export type ExecutionContext = 'menu' | 'sidebar' | 'simple-trigger' | 'time-trigger';

export interface ExecutionOptions {
  /** Default FULL; a simple trigger defaults to LIMITED. */
  readonly authMode?: AuthModeName;
  /** Default 'menu'. */
  readonly context?: ExecutionContext;
}

/** Thrown by runCustomFunction: `message` is the #ERROR! tooltip, `code` the cell's text. */
export class SheetsError extends Error {
  readonly code: CellError['code'];
  constructor(error: CellError) {
    super(error.message);
    this.name = 'SheetsError';
    this.code = error.code;
  }
}

interface RunnerSetup {
  readonly runtime: Runtime;
  readonly globals: Record<string, unknown>;
  readonly document: SpreadsheetModel;
  readonly addOn: boolean;
  readonly userEmail: string;
  readonly ownerEmail: string;
  readonly recalculate: boolean;
  readonly onBundle: (bundle: CompiledBundle) => void;
}

class UnknownFunction extends Error {}

const MAX_RECALCULATION_PASSES = 10;

export class ExecutionRunner {
  readonly #setup: RunnerSetup;
  /**
   * When the last `run` ended, before Sheets recalculated what it wrote: those formulas run as
   * executions of their own, which a trigger's runtime does not count (T11).
   */
  lastEndedAt: number | null = null;

  constructor(setup: RunnerSetup) {
    this.#setup = setup;
  }

  /**
   * Compiles Code.js and runs its top-level code once in AuthMode.NONE, as opening the document
   * does for an add-on not yet used there: a service call at the top level fails here, early.
   */
  load(distDir: string): LoadedBundle {
    const compiled = compileBundle(distDir);
    this.#setup.onBundle(compiled);
    const { runtime, globals, document, userEmail } = this.#setup;
    const functions = runtime.run(
      {
        label: 'loading Code.js',
        authMode: 'NONE',
        budgetMs: SIMPLE_TRIGGER_BUDGET_MS,
        hasUi: true,
        documentId: document.id,
        hasActiveSpreadsheet: true,
        user: userEmail,
        hasActiveUser: true,
      },
      () => functionNames(instantiate(compiled, globals, runtime.clock), globals),
    );
    return { ...compiled, functions };
  }

  customFunction(bundle: LoadedBundle, name: string, args: readonly unknown[], caller: CellAddress): unknown {
    const outcome = this.#callCustom(bundle, name, args, caller);
    if ('error' in outcome) throw new SheetsError(outcome.error);
    return outcome.value;
  }

  execution(
    bundle: LoadedBundle,
    name: string,
    args: readonly unknown[],
    options: ExecutionOptions,
  ): unknown {
    const context = options.context ?? 'menu';
    const simple = context === 'simple-trigger';
    return this.run(bundle, name, args, {
      label: `${context} ${name}`,
      authMode: options.authMode ?? (simple ? 'LIMITED' : 'FULL'),
      budgetMs: simple ? SIMPLE_TRIGGER_BUDGET_MS : EXECUTION_BUDGET_MS,
      hasUi: context !== 'time-trigger',
      documentId: this.#setup.document.id,
      hasActiveSpreadsheet: true,
      user: this.#setup.userEmail,
      hasActiveUser: context !== 'time-trigger',
    });
  }

  /** Runs the formula a cell holds, whether or not Sheets would: only `rerunUnasked` asks this. */
  evaluate(bundle: LoadedBundle, sheet: SheetModel, row: number, column: number): FormulaOutcome {
    const parsed = parseFormula(sheet.cell(row, column).formula);
    if (parsed.kind === 'invalid') return this.#place(sheet, row, column, { error: PARSE_ERROR });
    if (parsed.kind === 'value') return this.#place(sheet, row, column, sheet.resolve(parsed.arg));
    const args: unknown[] = [];
    for (const arg of parsed.args) {
      const resolved = sheet.resolve(arg);
      if ('error' in resolved) return this.#place(sheet, row, column, resolved);
      const single = resolved.values.length === 1 && resolved.values[0]?.length === 1;
      args.push(single ? resolved.values[0]![0] : resolved.values);
    }
    const caller = { sheetName: sheet.name, row, column };
    const called = this.#callCustom(bundle, parsed.name, args, caller);
    return this.#place(sheet, row, column, 'error' in called ? called : toGrid(called.value));
  }

  /**
   * Runs what Sheets runs after a batch of writes (recalculation.ts): formulas entered and not run
   * yet, then those reading a cell that changed, in turn, each once. Answers how many ran.
   */
  settle(bundle: LoadedBundle): number {
    const { document } = this.#setup;
    document.flushed();
    const done = new Set<string>();
    let ran = 0;
    for (let pass = 0; pass < MAX_RECALCULATION_PASSES; pass++) {
      const due = formulasToRun(document, document.takeChanges(), done);
      if (due.length === 0) break;
      for (const { sheet, row, column } of due) {
        // An earlier formula of this pass may have spilled over it.
        if (sheet.cell(row, column).formula === '') continue;
        this.evaluate(bundle, sheet, row, column);
        ran++;
      }
    }
    document.flushed();
    return ran;
  }

  /** Runs a top-level function as one execution; Sheets recalculates what it wrote after it. */
  run(bundle: LoadedBundle, name: string, args: readonly unknown[], spec: ExecutionSpec): unknown {
    this.#setup.onBundle(bundle);
    try {
      return this.#setup.runtime.run(spec, () => {
        const context = instantiate(bundle, this.#setup.globals, this.#setup.runtime.clock);
        const fn = topLevelFunction(context, name);
        if (!fn) throw gasError(`Script function not found: ${name}`);
        return fn(...args.map((arg) => intoRealm(context, arg)));
      });
    } finally {
      this.lastEndedAt = this.#setup.runtime.clock.now();
      if (this.#setup.recalculate) this.settle(bundle);
      else this.#setup.document.flushed();
    }
  }

  #callCustom(
    bundle: LoadedBundle,
    name: string,
    args: readonly unknown[],
    caller: CellAddress,
  ): { value: unknown } | { error: CellError } {
    this.#setup.onBundle(bundle);
    try {
      const value = this.#setup.runtime.run(
        {
          label: `=${name}()`,
          authMode: 'CUSTOM_FUNCTION',
          budgetMs: CUSTOM_FUNCTION_BUDGET_MS,
          hasUi: false,
          documentId: this.#setup.document.id,
          hasActiveSpreadsheet: true,
          user: this.#setup.ownerEmail,
          hasActiveUser: false,
          userStoresReadOnly: this.#setup.userEmail !== this.#setup.ownerEmail,
          caller,
        },
        () => {
          const context = instantiate(bundle, this.#setup.globals, this.#setup.runtime.clock);
          const fn = customFunction(context, name);
          if (!fn) throw new UnknownFunction(name);
          return fn(...args.map((arg) => intoRealm(context, arg)));
        },
      );
      return { value };
    } catch (error) {
      if (error instanceof UnknownFunction)
        return { error: { code: '#NAME?', message: `Unknown function: '${name}'.` } };
      return { error: { code: '#ERROR!', message: tooltipOf(error) } };
    }
  }

  #place(sheet: SheetModel, row: number, column: number, outcome: Outcome): FormulaOutcome {
    sheet.placeOutcome(row, column, outcome);
    return shownAt(sheet, row, column);
  }
}
