// Runs the BUILT add-on (dist/, from `npm run build`) in the emulator against the fake API, on
// one virtual clock. Named helpers keep the tests about what a user sees.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freshLog, writeLog } from '../../src/core/api/pace-log';
import { accountScope } from '../../src/core/cache/keys';
import { PROPERTY_PREFIX } from '../../src/core/platform/stored-keys';
import type { BulkProgress } from '../../src/shared/bulk-rpc';
import { VirtualClock } from '../../tools/emulator/clock';
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type LoadedBundle,
} from '../../tools/emulator/emulator';
import type { FetchRequest } from '../../tools/emulator/urlfetch';
import { FakeApi, type FakeApiOptions } from '../../tools/fake-api/fake-api';
import { assertDistIsFresh } from '../dist-freshness';
import { sha256 } from '../unit/helpers/platform';
import { asTheSidebarSays } from '../unit/helpers/sidebar-words';

type FetchAnswer = ReturnType<FakeApi['handle']>;

export const DIST = join(__dirname, '../../dist');

export interface World {
  clock: VirtualClock;
  api: FakeApi;
  emu: Emulator;
  bundle: LoadedBundle;
  key: string;
}

export function createWorld(
  options: {
    credits?: number;
    api?: Omit<FakeApiOptions, 'clock'>;
    emulator?: Partial<EmulatorOptions>;
    saveKey?: boolean;
    /** Sees every request before the fake API: return an answer to replace it, or call `next`. */
    intercept?: (request: FetchRequest, next: () => FetchAnswer) => FetchAnswer;
    /** Another build to load (the benchmark's naive baseline); default dist/. */
    distDir?: string;
    /**
     * A key on a plan of this many requests a second, really allowed by the API: the user set it as
     * the ceiling in Credit settings, and the add-on learned it earlier (a new account starts at the
     * documented 1 a second and learns upwards, which test/bundle/pace.test.ts covers). For tests
     * about something else than learning the pace.
     */
    plan?: number;
  } = {},
): World {
  const distDir = options.distDir ?? DIST;
  if (!existsSync(join(distDir, 'Code.js')))
    throw new Error(`${distDir} is missing: run \`npm run build\` first.`);
  if (distDir === DIST) assertDistIsFresh(distDir);
  const clock = new VirtualClock();
  const paced = options.plan === undefined ? {} : { rateLimitPerSecond: options.plan };
  const api = new FakeApi({ clock, ...paced, ...options.api });
  const key = api.createAccount({ credits: options.credits ?? 1000 });
  const intercept = options.intercept;
  const fetchHandler = (req: FetchRequest): FetchAnswer =>
    intercept ? intercept(req, () => api.handle(req)) : api.handle(req);
  const emu = createEmulator({ fetchHandler, clock, ...options.emulator });
  const bundle = emu.loadBundle(distDir);
  if (bundle.functions.includes('onOpen')) {
    // Opening the document: Sheets runs onOpen as a simple trigger, which builds the menu.
    emu.runExecution(bundle, 'onOpen', [{ authMode: 'LIMITED' }], { context: 'simple-trigger' });
  }
  if (options.saveKey !== false) {
    if (bundle.functions.includes('setApiKey')) {
      emu.runExecution(bundle, 'setApiKey', [key, 'user'], { context: 'sidebar' });
    } else {
      // The naive baseline has no settings: its key sits where it reads it.
      emu.globals.PropertiesService.getUserProperties().setProperty('enrich.apiKey', key);
    }
  }
  if (options.plan !== undefined) {
    seedLearnedPace(emu, key, options.plan);
    if (bundle.functions.includes('saveSettings'))
      saveSettings({ emu, bundle } as World, { requestsPerSecond: options.plan });
  }
  return { clock, api, emu, bundle, key };
}

/**
 * Another spreadsheet of the same Google backend as `world`, on its clock and fake API: by default
 * the same user's (their user properties, with the key saved there, and their user cache follow
 * them), or `user`'s, who saves `key` (default the world's) as their own. Opened as a user opens a
 * file: onOpen builds the menu. `plan` seeds the pace the account learned, as createWorld does.
 */
export function openAnotherSpreadsheet(
  world: World,
  options: {
    name?: string;
    user?: string;
    key?: string;
    plan?: number;
    emulator?: Partial<EmulatorOptions>;
  } = {},
): World {
  const emu = createEmulator({
    fetchHandler: (request) => world.api.handle(request),
    ...options.emulator,
    sharedWith: world.emu,
    spreadsheetName: options.name ?? 'Leads Q4',
    ...(options.user ? { userEmail: options.user } : {}),
  });
  const other: World = {
    ...world,
    emu,
    bundle: emu.loadBundle(world.bundle.distDir),
    key: options.key ?? world.key,
  };
  emu.runExecution(other.bundle, 'onOpen', [{ authMode: 'LIMITED' }], { context: 'simple-trigger' });
  if (options.user || options.key) sidebar(other, 'setApiKey', other.key, 'user');
  if (options.plan !== undefined) seedLearnedPace(emu, other.key, options.plan);
  return other;
}

/**
 * The same spreadsheet as `world`, opened by an editor (`email`): the sheets and document stores
 * are the world's; the editor's formulas read the owner's user properties (P6).
 */
export function openAsEditor(world: World, email = 'editor@example.com'): World {
  const emu = createEmulator({
    fetchHandler: (request) => world.api.handle(request),
    addOn: true,
    sharedWith: world.emu,
    sameSpreadsheet: true,
    userEmail: email,
    ownerEmail: 'owner@example.com',
  });
  return { ...world, emu, bundle: emu.loadBundle(world.bundle.distDir) };
}

/**
 * The user's memory across spreadsheets is gone (core/cache/user-memory.ts): for tests of what the
 * document's own layers keep, which the memory would otherwise answer for.
 */
export function forgetUserMemory(world: World): void {
  const user = world.emu.properties.storeFor({ user: 'owner@example.com' });
  for (const key of [...user.keys()]) if (key.startsWith(PROPERTY_PREFIX.memoryPage)) user.delete(key);
}

/** Writes the pace note an account that ran clean at `rate` a second would have left. */
function seedLearnedPace(emu: Emulator, key: string, rate: number): void {
  const log = { ...freshLog(rate, rate), good: rate, changedAt: emu.clock.now() - 3_600_000 };
  const name = `${PROPERTY_PREFIX.pace}${accountScope(sha256, key)}`;
  emu.globals.PropertiesService.getUserProperties().setProperty(name, writeLog(log));
}

/**
 * Calls the server as the sidebar does (google.script.run), in an execution of its own; a refusal
 * it throws reads as the sidebar words it (client/rpc-client.ts).
 */
export const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  asTheSidebarSays(() => world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T);

/** The sidebar's loop over a bulk run: calls again when told, until it leaves `running`. */
export function drive(world: World, runId: string, maxCalls = 50): BulkProgress {
  let progress = sidebar<BulkProgress>(world, 'continueBulkRun', runId);
  for (let i = 0; i < maxCalls && progress.state === 'running'; i++) {
    if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
    progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
  }
  return progress;
}

/** What the sidebar showed of a bulk run while a slice call was in flight, and the ledger then. */
export interface ProgressSeen {
  at: number;
  shown: BulkProgress;
  charged: number;
}

/**
 * A world whose sidebar asks how a bulk run goes every 5 s (of the POSTs' time) while a call passed
 * to `whileSending` is in flight, as it does during a slice of minutes: google.script.run's calls
 * run at once (platform-assumptions H3).
 */
export function worldAskingProgress(options: Omit<Parameters<typeof createWorld>[0], 'intercept'>) {
  const seen: ProgressSeen[] = [];
  let askedAt = Number.NEGATIVE_INFINITY;
  let sending = false;
  const world: World = createWorld({
    ...options,
    intercept: (request, next) => {
      const now = world.clock.now();
      if (sending && request.method === 'POST' && now >= askedAt + 5_000) {
        askedAt = now;
        seen.push({ at: now, shown: sidebar<BulkProgress>(world, 'getBulkRun'), charged: spent(world) });
      }
      return next();
    },
  });
  const whileSending = <T>(call: () => T): T => {
    sending = true;
    try {
      return call();
    } finally {
      sending = false;
    }
  };
  return { world, seen, whileSending };
}

/** What a formula's cell shows once typed: its value, or the #ERROR! tooltip after its "Error: ". */
export function shows(world: World, a1: string, formula: string): unknown {
  const outcome = enterFormula(world, a1, formula);
  if (outcome.error === null) return outcome.values[0]![0];
  expect(outcome.error.message).toMatch(/^Error: /);
  return outcome.error.message.slice('Error: '.length);
}

/** The inputs of the POSTs the fake API received, in order. */
export const sentInputs = (world: World) =>
  world.api
    .callsFor(world.key)
    .filter((call) => call.method.toUpperCase() === 'POST')
    .map((call) => call.input);

/** Changes settings through the sidebar's own server call. */
export function saveSettings(world: World, change: Record<string, unknown>): void {
  world.emu.runExecution(world.bundle, 'saveSettings', [change], { context: 'sidebar' });
}

/**
 * Puts values in a sheet from outside any execution: data that is there before the test's story
 * starts. Formulas that read the cells run again, as in Sheets; no Edit trigger fires (a user's
 * typing is `enterFormula` or `world.emu.edit`).
 */
export function typeValues(world: World, a1: string, rows: unknown[][], sheet = 'Sheet1'): void {
  const target = world.emu.spreadsheet.getSheetByName(sheet) ?? world.emu.spreadsheet.insertSheet(sheet);
  // Past the grid's 1,000 rows a user adds rows first, as Sheets asks.
  const missing = Number(/(\d+)$/.exec(a1)?.[1] ?? 0) - target.getMaxRows();
  if (missing > 0) target.insertRowsAfter(target.getMaxRows(), missing);
  target.getRange(a1).setValues(rows as never);
  world.emu.settle(world.bundle);
}

/**
 * The user types a formula in a cell: Sheets runs it and the installed Edit triggers fire (after
 * it by default; `triggersFirst` for the other order). Answers what the cell shows then. Typing a
 * formula over itself is no edit to Sheets: a test that wants a re-run uses `rerunUnasked`.
 */
export function enterFormula(
  world: World,
  a1: string,
  formula: string,
  sheet = 'Sheet1',
  options: { triggersFirst?: boolean } = {},
) {
  if (world.emu.cell(sheet, a1).formula === formula)
    throw new Error(`${a1} already holds ${formula}: Sheets would not run it again (use rerunUnasked)`);
  return world.emu.edit(world.bundle, sheet, a1, formula, options);
}

/**
 * The user types a formula, and its edit's trigger has not run yet (Google runs it beside the
 * formula; drivers.test.ts covers it): for tests of what the formula or the other drivers do alone.
 */
export function enterFormulaBeforeItsTrigger(world: World, a1: string, formula: string, sheet = 'Sheet1') {
  return world.emu.edit(world.bundle, sheet, a1, formula, { fireTriggers: false });
}

/** A re-run Sheets may make on its own and nothing may count on: a test of its cost names it. */
export function rerunUnasked(world: World, a1: string, sheet = 'Sheet1') {
  return world.emu.rerunUnasked(world.bundle, sheet, a1);
}

/**
 * Runs one custom function directly, as a formula typed in a cell of its own (each call is a new
 * entry, which Sheets runs); answers its value or throws the #ERROR! tooltip.
 */
export function callFunction(world: World, name: string, ...args: unknown[]): unknown {
  return world.emu.runCustomFunction(world.bundle, name, args);
}

export const spent = (world: World) => world.api.spent(world.key);
type ApiCall = ReturnType<FakeApi['callsFor']>[number];
const isPost = (call: ApiCall) => call.method.toUpperCase() === 'POST';

/**
 * The free question the collector asks when a list arrives shorter than asked (can the balance pay
 * for one employee, at a domain that names nobody?): not a lookup.
 */
const isBalanceProbe = (call: ApiCall) =>
  isPost(call) && call.type === 'company_domain_to_employees' && call.input === 'nobody.invalid';

/** Lookups sent to the API (the collector's balance question apart). */
export const postsSent = (world: World) =>
  world.api.callsFor(world.key).filter((call) => isPost(call) && !isBalanceProbe(call)).length;

export const balanceProbes = (world: World) => world.api.callsFor(world.key).filter(isBalanceProbe).length;
