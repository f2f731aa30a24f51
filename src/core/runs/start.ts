// Starting a run, a bulk run's or a recipe's first step: refused while another run of the
// spreadsheet is on, refused until the user confirmed the price a preview asked them to (a deleted
// hidden sheet's loss included), a refresh's rows cleared first; then the run begins under the lock,
// the run it replaces remembered (bulk/past-runs.ts) and its columns created. The server reads the
// sheet and creates its columns and sheets (server/bulk-run-store.ts, server/bulk.ts).

import type { BulkRunConfig } from '../../shared/bulk-rpc';
import type { Recipe, RecipePreview } from '../../shared/recipe-rpc';
import { type RunLayout, rememberRun } from '../bulk/past-runs';
import { clearRows } from '../bulk/refresh';
import { type BulkRun, newRun, startRefusal } from '../bulk/run';
import type { BulkSheetPort } from '../bulk/slice/ports';
import type { Operation } from '../operations/types';
import type { RecipeSheet, RecipeState } from '../recipes/steps';
import { refuse } from '../text/catalogue/sidebar/refuse';
import type { RunPorts } from './ports';
import { bulkPreview, type PreviewDeps, type ReadSheet } from './preview';
import type { RecipeRunPorts } from './recipe-steps';

/** Where a run begins: the spreadsheet's run and the past runs' layouts, its sheet `S` as read. */
export interface StartPorts<S extends ReadSheet>
  extends Pick<RunPorts, 'clock' | 'spreadsheetId' | 'day' | 'token'>,
    Pick<RecipeRunPorts, 'locked' | 'readRun'> {
  saveRun(run: BulkRun): void;
  /** The layouts of the runs this one's forerunners replaced, newest first (bulk/past-runs.ts). */
  readPastRuns(): RunLayout[];
  /** Saves them as `rememberRun` wrote them. */
  savePastRuns(text: string): void;
  /** The run's sheet as a slice writes it. */
  sheetPort(prepared: S): BulkSheetPort;
  /** Writes the headers of the columns the layout creates. */
  createColumns(prepared: S, headerRow: number): void;
  /** Creates the one sheet of every company's employees; answers its name. */
  createCombinedSheet(config: BulkRunConfig, op: Operation): string;
}

/**
 * Creates the run (its output columns first) and saves it, under the lock; refuses while another
 * run of this spreadsheet is running or paused. `recipe`: the run is a step of that recipe.
 */
export function beginRun<S extends ReadSheet>(
  ports: StartPorts<S>,
  config: BulkRunConfig,
  op: Operation,
  prepared: S,
  recipe: RecipeState | null,
): BulkRun {
  const now = ports.clock.now();
  return ports.locked(() => {
    const replaced = ports.readRun();
    const refusal = startRefusal(replaced);
    if (refusal !== null) throw new Error(refusal);
    if (replaced) ports.savePastRuns(rememberRun(ports.readPastRuns(), replaced));
    ports.createColumns(prepared, config.headerRow);
    const spreadsheetId = ports.spreadsheetId();
    const combined = config.employeesTo === 'combined-sheet' ? ports.createCombinedSheet(config, op) : null;
    const created = newRun({
      id: ports.token(),
      config,
      spreadsheetId,
      layout: prepared.layout,
      firstRow: prepared.firstRow,
      lastRow: prepared.lastRow,
      combinedSheet: combined,
      now,
      ...(recipe ? { recipe } : {}),
    });
    ports.saveRun(created);
    return created;
  });
}

/**
 * Starts a bulk run over its sheet as `read` reads it, at the price its preview shows: the user
 * must have confirmed `confirmedCredits` when the preview asks. A refresh clears its rows first.
 */
export function startBulk<S extends ReadSheet>(
  ports: StartPorts<S>,
  deps: PreviewDeps,
  config: BulkRunConfig,
  op: Operation,
  read: (config: BulkRunConfig) => S,
  confirmedCredits: number,
): BulkRun {
  let prepared = read(config);
  if (prepared.lastRow < prepared.firstRow) throw refuse('bulk', 'noRows');
  const { preview, refresh } = bulkPreview(deps, config, op, prepared);
  if (preview.needsConfirmation && !(Number(confirmedCredits) >= preview.estimatedCredits))
    throw refuse('bulk', 'confirmRunFirst', preview.estimatedCredits, deps.confirmAbove);
  // The user saw what the deleted hidden sheet lost and confirmed the price: the run goes on without it.
  if (preview.lostResults !== undefined) deps.paid.cache.acceptLostSheet();
  if (refresh) {
    // Checked before any row is cleared: a refusal must leave the sheet as it was.
    const refusal = startRefusal(ports.readRun());
    if (refusal !== null) throw new Error(refusal);
    const day = ports.day();
    clearRows(ports.sheetPort(prepared), prepared.table, prepared.layout, refresh.rows, day);
    Object.assign(config, { paidAfter: refresh.cutoff, refreshedOn: day });
    prepared = read(config);
  }
  return beginRun(ports, config, op, prepared, null);
}

/** Starts a recipe's first step at the price its preview shows, confirmed when the preview asks. */
export function startRecipe(
  ports: Pick<RecipeRunPorts, 'startStep'>,
  deps: PreviewDeps,
  checked: { recipe: Recipe; sheet: RecipeSheet },
  preview: RecipePreview,
  confirmedCredits: number,
): BulkRun {
  if (preview.rows === 0) throw refuse('bulk', 'noRows');
  if (preview.needsConfirmation && !(Number(confirmedCredits) >= preview.creditsMax))
    throw refuse('bulk', 'confirmRecipeFirst', preview.creditsMax, deps.confirmAbove);
  // The user saw what the deleted hidden sheet lost and confirmed the price: the run goes on without it.
  if (preview.lostResults !== undefined) deps.paid.cache.acceptLostSheet();
  return ports.startStep(checked.recipe, checked.sheet, 0, []);
}
