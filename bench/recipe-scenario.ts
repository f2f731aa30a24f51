// The recipe scenario: 10,000 people (names and companies, 20 % repeated) with an email to find.
// Ours runs the "Email from name" recipe once; the naive way is what a user does without recipes:
// three separate bulk runs, each over the whole column (email from name, then profile URL from
// name, then email from every profile found), re-buying what the earlier runs already found. A
// third of the lookups find nothing, each lookup type deciding for itself (the fake's miss rate).
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../src/shared/bulk-rpc';
import type { RecipePreview } from '../src/shared/recipe-rpc';
import { saveSettings, spent, typeValues, type World } from '../test/bundle/harness';
import { sized } from './mode';
import { distinctLookups, onPlan, type PaceFigures, refused, type Way, wayWorld } from './pace-ways';

const ROWS = sized(10_000, 2_000);
const DUPLICATE_SHARE = 0.2;
const MISS_RATE = 0.3;

export interface RecipeFigures {
  rows: number;
  missRate: number;
  ours: { credits: number; simulatedSeconds: number };
  naive: { credits: number; simulatedSeconds: number };
}

function people(): string[][] {
  const distinct = Math.round(ROWS * (1 - DUPLICATE_SHARE));
  return Array.from({ length: ROWS }, (_, i) => {
    const n = i < distinct ? i : (i * 7) % distinct;
    return [`Bench${n} Person${n}`, `Firm ${n % 97}`];
  });
}

type Make = typeof onPlan;

function sheet(distDir: string, latencyMs: number, make: Make): World {
  const w = make({ distDir, credits: 10_000_000, api: { missRate: MISS_RATE }, emulator: { latencyMs } });
  saveSettings(w, { confirmAbove: 1_000_000 });
  typeValues(w, 'A1:B1', [['Full name', 'Company']]);
  typeValues(w, `A2:B${ROWS + 1}`, people());
  return w;
}

const call = <T>(w: World, name: string, ...args: unknown[]) =>
  w.emu.runExecution(w.bundle, name, args, { context: 'sidebar' }) as T;

/**
 * The sidebar's loop, following a recipe from step to step; answers the rows its steps ended with
 * an error (each step's count as it last showed it).
 */
function drive(w: World, first: BulkProgress): number {
  let progress = first;
  let failed = 0;
  while (progress.state === 'running') {
    if (progress.nextCallInMs) w.clock.advance(progress.nextCallInMs);
    const next = call<BulkProgress>(w, 'continueBulkRun', progress.runId);
    if (next.recipe?.step !== progress.recipe?.step) failed += progress.errors;
    progress = next;
  }
  if (progress.state !== 'done') throw new Error(`the run ended ${progress.state}: ${progress.message}`);
  return failed + progress.errors;
}

function runRecipe(w: World): number {
  const config = {
    recipeId: 'email-from-name',
    sheetName: 'Sheet1',
    headerRow: 1,
    slots: { fullName: 1, company: 2 },
  };
  const preview = call<RecipePreview>(w, 'previewRecipe', config);
  return drive(w, call<BulkProgress>(w, 'startRecipeRun', config, preview.creditsMax));
}

function runBulk(w: World, config: BulkRunConfig): void {
  const preview = call<BulkPreview>(w, 'previewBulkRun', config);
  drive(w, call<BulkProgress>(w, 'startBulkRun', config, preview.estimatedCredits));
}

/**
 * Without recipes: three runs over the whole column, each writing a column of its own (the first
 * run's Email column is renamed, as a user keeps the two apart), so nothing tells the later runs
 * which rows the earlier ones already answered.
 */
function runNaive(w: World): void {
  const base = { sheetName: 'Sheet1', headerRow: 1, output: { mode: 'primary' } } as const;
  runBulk(w, { ...base, type: 'lead_full_name_to_email', columns: { input: 1, company: 2 } });
  runBulk(w, { ...base, type: 'lead_full_name_to_pronet_url', columns: { input: 1, company: 2 } });
  const headers = w.emu.values('Sheet1', 'A1:Z1')[0]!;
  typeValues(w, `${String.fromCharCode(65 + headers.indexOf('Email'))}1`, [['Email (from name)']]);
  const profiles = headers.indexOf('Pronet URL') + 1;
  runBulk(w, { ...base, type: 'pronet_profile_to_email', columns: { input: profiles } });
}

function measure(w: World, work: (w: World) => void): { credits: number; simulatedSeconds: number } {
  const start = w.clock.now();
  work(w);
  return { credits: spent(w), simulatedSeconds: Math.round((w.clock.now() - start) / 1000) };
}

/** Ours against three separate runs, both on a plan of 10 a second (the pace learned). */
export function measureRecipe(distDir: string, latencyMs: number): RecipeFigures {
  return {
    rows: ROWS,
    missRate: MISS_RATE,
    ours: measure(sheet(distDir, latencyMs, onPlan), runRecipe),
    naive: measure(sheet(distDir, latencyMs, onPlan), runNaive),
  };
}

/**
 * Ours with the key at the way's real pace: the bound is the distinct lookups the recipe sent over
 * that pace, the minimum what they cost bought once each.
 */
export function recipeWay(distDir: string, latencyMs: number, way: Way): PaceFigures {
  const w = sheet(distDir, latencyMs, (options) => wayWorld(way, options));
  const start = w.clock.now();
  const failed = runRecipe(w);
  const needed = distinctLookups(w);
  return {
    seconds: Math.round((w.clock.now() - start) / 1000),
    boundSeconds: needed.lookups / way.keyRate,
    refused: refused(w),
    credits: spent(w),
    minimumCredits: needed.credits,
    unanswered: failed,
  };
}
