// The footprint of a formula (issue 38): for a single-cell miss (`=COMPANY_WEBSITE(A1)` over a new
// name, the formula's own execution, its edit's trigger not run), a hit (the same input in another
// cell) and a 200-row range miss, what the execution touches and leaves:
//
// (a) the stored things it touched, read or written: one per store and key family. The emulator
//     notes each store call's keys (tools/emulator/runtime.ts `noteStored`). A key is counted by
//     its family (FAMILIES below, this file's own reading of the storage format, not src/'s): every
//     `r1:` answer and its chunks are one family, every `inflight:` shard one, `enrich.settings`
//     one. A read of a whole store (`getProperties`) is one thing, "<store>: whole": what it
//     returns arrives in one call, and the execution cannot be seen to use one family of it rather
//     than another. A sheet counts only when it is one of the add-on's stores (`_enrich_…`); the
//     user's own sheets, where the formula reads its inputs, are not stores.
// (b) the records it left for a later execution to finish: after it ended, what it wrote that
//     still stands and means work undone (PENDING below): a claim, a reservation not settled, a
//     page of purchases waiting for `_enrich_ledger`, a stash, a queued formula, the "memory
//     behind" note, a job to collect. The footprint is (a) + (b).
// (c) its Apps Script calls, in order, and their cost on the emulator's clock (service-costs.ts).
// (d) the add-on's functions it entered (module-count.ts: V8 coverage over a source-mapped build).
import { join } from 'node:path';
import { enterFormulaBeforeItsTrigger, saveSettings, typeValues, type World } from '../test/bundle/harness';
import type { StoreAccess } from '../tools/emulator/runtime';
import { buildMapped, functionCounter } from './module-count';
import { LATENCY_MS, onPlan } from './pace-ways';

/** Key families, first match wins; a key none matches is a family of its own. */
const FAMILIES: [RegExp, string][] = [
  [/^r1:.*#s\d+$/, 'stash pieces'],
  [/^r1:/, 'paid answers'],
  [/^held-failure:/, 'held failures'],
  [/^inflight:/, 'claims'],
  [/^spend:hold:/, 'reservations'],
  [/^spend:job:/, 'job reservations'],
  [/^spend:rows:/, 'purchase pages'],
  [/^spend:day:/, 'day totals'],
  [/^spend:month:/, 'month totals'],
  [/^spend:seq$/, 'reservation numbers'],
  [/^stash:/, 'stash notes'],
  [/^pace:/, 'pace log'],
  [/^memory:/, 'memory pages'],
  [/^fq:/, 'queued formulas'],
  [/^job:/, 'jobs'],
  [/^watch:/, 'watches'],
  [/^enrich\.apiKey$/, 'the key'],
  [/^enrich\.settings$/, 'settings'],
  [/^enrich\.sheet\.cache$/, 'hidden sheet record'],
  [/^enrich\.sheet\.ledger$/, 'ledger sheet record'],
  [/^enrich\.memory\.behind$/, 'memory behind note'],
  [/^enrich\.jobs\.signal$/, 'jobs note'],
];

const familyOf = (key: string) => FAMILIES.find(([pattern]) => pattern.test(key))?.[1] ?? key;

/** Families whose records, standing after the execution that wrote them, are work left undone. */
const PENDING: Record<string, string> = {
  claims: 'claim',
  reservations: 'reservation not settled',
  'purchase pages': 'purchases waiting for _enrich_ledger',
  'stash notes': 'stash waiting for the hidden sheet',
  'queued formulas': 'queued formula',
  'memory behind note': 'memory behind',
  'jobs note': 'jobs waiting',
  jobs: 'job to collect',
};

/** A claim shard or page emptied is no record. */
const EMPTY = new Set(['', '{}', '[]', 'null']);

/**
 * A reservation settled is no work left: `closed` (booked under the lock, in the write that closed
 * it; the marker only waits to be deleted by a later writer), or settled by its buyer (`"k":1`,
 * written with the answers: what each purchase cost), which is the record of the purchase, read as
 * booked by every reader (Spending, receipts, the report), and no longer a claim. The next locked
 * section only folds it into the day's totals and pages.
 */
const settled = (family: string, value: string) =>
  family === 'reservations' && (value === 'closed' || /"k":1[,}]/.test(value));

const isAddOnSheet = (name: string) => name.startsWith('_enrich_') || name === 'Enrich spend report';

function storedThings(accesses: readonly StoreAccess[]): string[] {
  const things = new Set<string>();
  for (const { store, keys } of accesses) {
    if (keys === null) things.add(`${store}: whole`);
    else if (store === 'sheet') for (const name of keys.filter(isAddOnSheet)) things.add(`sheet ${name}`);
    else for (const key of keys) things.add(`${store}: ${familyOf(key)}`);
  }
  return [...things].sort();
}

type Stores = Map<string, Map<string, string>>;

/** Every property store and cache as it stands (scope → key → value). */
function snapshot(w: World): Stores {
  const stores: Stores = new Map();
  for (const [scope, store] of w.emu.properties.backing.stores)
    stores.set(`properties ${scope}`, new Map(store));
  for (const [scope, cache] of w.emu.cache.backing)
    stores.set(`cache ${scope}`, new Map([...cache.entries].map(([key, entry]) => [key, entry.value])));
  return stores;
}

function recordsLeft(accesses: readonly StoreAccess[], after: Stores): string[] {
  const written = new Set(
    accesses.filter((a) => a.write && a.store !== 'sheet').flatMap((a) => a.keys ?? []),
  );
  const left = new Set<string>();
  for (const store of after.values()) {
    for (const [key, value] of store) {
      const family = familyOf(key);
      const pending = PENDING[family];
      if (pending && written.has(key) && !EMPTY.has(value) && !settled(family, value)) left.add(pending);
    }
  }
  return [...left].sort();
}

export interface Footprint {
  calls: string[];
  serviceMs: number;
  stored: string[];
  left: string[];
  footprint: number;
  functions: number;
}

type Counter = Awaited<ReturnType<typeof functionCounter>>;

async function measure(w: World, counter: Counter, a1: string, formula: string): Promise<Footprint> {
  await counter.take();
  const executions = w.emu.runtime.finished.length;
  enterFormulaBeforeItsTrigger(w, a1, formula);
  const functions = await counter.take();
  const runs = w.emu.runtime.finished.slice(executions);
  if (runs.length !== 1) throw new Error(`${formula}: ${runs.length} executions, one expected`);
  const run = runs[0]!;
  const stored = storedThings(run.stored);
  const left = recordsLeft(run.stored, snapshot(w));
  return {
    calls: [...run.calls],
    serviceMs: run.serviceMs,
    stored,
    left,
    footprint: stored.length + left.length,
    functions,
  };
}

export interface FootprintFigures {
  miss: Footprint;
  hit: Footprint;
  range200: Footprint;
}

/** Builds the add-on with its source map into .build/mapped-dist and measures the three cases. */
export async function measureFootprint(root: string): Promise<FootprintFigures> {
  const distDir = join(root, '.build', 'mapped-dist');
  buildMapped(root, distDir);
  // Before the bundle is compiled, so that every function's count is exact.
  const counter = await functionCounter(distDir);
  try {
    const w = onPlan({ distDir, credits: 1_000_000, emulator: { latencyMs: LATENCY_MS } });
    saveSettings(w, { formulaDailyCap: 1_000_000 });
    typeValues(w, 'A1', [['Footprint Company']]);
    typeValues(
      w,
      'D1:D200',
      Array.from({ length: 200 }, (_, i) => [`Footprint Range Company ${i + 1}`]),
    );
    const miss = await measure(w, counter, 'B1', '=COMPANY_WEBSITE(A1)');
    const hit = await measure(w, counter, 'C1', '=COMPANY_WEBSITE(A1)');
    const range200 = await measure(w, counter, 'E1', '=COMPANY_WEBSITE(D1:D200)');
    return { miss, hit, range200 };
  } finally {
    await counter.stop();
  }
}

/** What `npm run footprint` prints of one case. */
export function footprintLines(name: string, f: Footprint): string[] {
  return [
    `${name}: footprint ${f.footprint} (${f.stored.length} stored things + ${f.left.length} records left), ${f.calls.length} Apps Script calls, ${f.serviceMs} ms, ${f.functions} functions entered`,
    `  stored things: ${f.stored.join('; ') || 'none'}`,
    `  records left: ${f.left.join('; ') || 'none'}`,
    `  calls: ${f.calls.join(', ')}`,
  ];
}
