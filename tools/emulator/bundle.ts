// Loading the built add-on (dist/Code.js) into node:vm, the way Apps Script runs a project: every
// execution gets a fresh global scope, runs the script's top-level code in that execution's
// authorization mode, then calls one top-level function. Nothing a script keeps in a global
// variable survives to the next execution, as on the platform (assumption RT5 of
// docs/platform-assumptions.md). Files are read as UTF-8 (H1); Date follows the virtual clock (RT6).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { isDate } from './cell';
import type { VirtualClock } from './clock';

export interface CompiledBundle {
  readonly distDir: string;
  readonly script: vm.Script;
}

export interface LoadedBundle extends CompiledBundle {
  /** The script's callable top-level functions (custom functions, menu and sidebar entry points). */
  readonly functions: readonly string[];
}

/**
 * Compiled scripts by file and version. A script compiled once runs in any number of contexts, and
 * V8 keeps the code of its functions between them: every world of a test file loads the same
 * Code.js, and compiling it again for each cost each world its parse and its functions' compiling.
 * Nothing of a run is kept: each execution still gets a fresh global scope (`instantiate`).
 */
const COMPILED = new Map<string, vm.Script>();

export function compileBundle(distDir: string): CompiledBundle {
  const file = join(distDir, 'Code.js');
  if (!existsSync(file)) throw new Error(`Emulator: no Code.js in ${distDir}; run the build first`);
  const { mtimeMs, size } = statSync(file);
  const version = `${file}|${mtimeMs}|${size}`;
  let script = COMPILED.get(version);
  if (!script) {
    script = new vm.Script(readFileSync(file, 'utf8'), { filename: file });
    COMPILED.set(version, script);
  }
  return { distDir, script };
}

/** Reads "<name>.html" next to Code.js, for HtmlService. */
export function htmlFileReader(bundle: () => CompiledBundle | null): (name: string) => string | null {
  return (name) => {
    const current = bundle();
    if (!current) return null;
    const file = join(current.distDir, `${name}.html`);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
}

/**
 * A `Date` for the script's realm whose "now" is the virtual clock. It is built inside the context,
 * sharing the realm's Date.prototype, so `instanceof Date`, `Date()` and the static methods behave
 * as the script expects.
 */
function virtualDate(context: vm.Context, clock: VirtualClock): DateConstructor {
  const factory = VIRTUAL_DATE.runInContext(context) as (now: () => number) => DateConstructor;
  return factory(() => clock.now());
}

/** Compiled once: every execution's context runs it. */
const VIRTUAL_DATE = new vm.Script(
  `(now) => {
    const RealDate = Date;
    function VirtualDate(...args) {
      if (!new.target) return new RealDate(now()).toString();
      return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
    }
    Object.setPrototypeOf(VirtualDate, RealDate);
    VirtualDate.prototype = RealDate.prototype;
    VirtualDate.now = () => now();
    return VirtualDate;
  }`,
);

/** Each context's own Array, asked once: a range of 10,000 rows is 10,001 arrays to copy. */
const REALM_ARRAYS = new WeakMap<vm.Context, ArrayConstructor>();
const REALM_ARRAY = new vm.Script('Array');

function realmArray(context: vm.Context): ArrayConstructor {
  let RealmArray = REALM_ARRAYS.get(context);
  if (!RealmArray) {
    RealmArray = REALM_ARRAY.runInContext(context) as ArrayConstructor;
    REALM_ARRAYS.set(context, RealmArray);
  }
  return RealmArray;
}

/**
 * Copies arguments into the script's realm (its own Array and Date), so `instanceof Array` and
 * `instanceof Date` hold for a range or a date cell as they do in Apps Script.
 */
export function intoRealm(context: vm.Context, value: unknown): unknown {
  if (isDate(value)) return new (context.Date as DateConstructor)(value.getTime());
  if (Array.isArray(value)) {
    const copy = new (realmArray(context))(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = intoRealm(context, value[i]);
    return copy;
  }
  return value;
}

/**
 * A fresh global scope with the services, then the script's top-level code. The global is an
 * ordinary one, as V8 gives Apps Script: over a contextified sandbox every global name a script
 * reads (Object, JSON, Math…) went through node's interceptor, ~30 times slower, and that was much
 * of the add-on's time in the tests.
 */
export function instantiate(
  bundle: CompiledBundle,
  globals: Record<string, unknown>,
  clock: VirtualClock,
): vm.Context {
  const context: vm.Context = Object.assign(vm.createContext(vm.constants.DONT_CONTEXTIFY), globals);
  context.Date = virtualDate(context, clock);
  bundle.script.runInContext(context);
  return context;
}

/** The callable top-level functions of an instantiated script, without the injected globals. */
export function functionNames(context: vm.Context, injected: Record<string, unknown>): string[] {
  return Object.keys(context).filter(
    (name) =>
      !(name in injected) && name !== 'Date' && !name.endsWith('_') && typeof context[name] === 'function',
  );
}

/**
 * A top-level function of the script. Names ending in "_" are private in Apps Script: neither
 * menus, google.script.run nor triggers can call them.
 */
export function topLevelFunction(
  context: vm.Context,
  name: string,
): ((...args: unknown[]) => unknown) | null {
  if (name.endsWith('_')) return null;
  const value: unknown = context[name];
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown) : null;
}

/** Sheets matches custom function names without regard to case: =pronet_email(A2) works. */
export function customFunction(context: vm.Context, name: string): ((...args: unknown[]) => unknown) | null {
  const wanted = name.toUpperCase();
  const match = Object.keys(context).find((key) => key.toUpperCase() === wanted && !key.endsWith('_'));
  return match === undefined ? null : topLevelFunction(context, match);
}
