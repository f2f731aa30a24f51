// The spreadsheet's one bulk run as its document property keeps it, for the sidebar's bulk and
// recipe calls (bulk.ts, recipes.ts): read, saved, and begun (its columns created, then saved).

import { parsePastRuns, rememberRun } from '../core/bulk/past-runs';
import {
  BULK_RUN_PROPERTY,
  type BulkRun,
  newRun,
  parseRun,
  serializeRun,
  startRefusal,
} from '../core/bulk/run';
import type { Operation } from '../core/operations/types';
import { PROPERTY } from '../core/platform/stored-keys';
import type { RecipeState } from '../core/recipes/steps';
import { claimsIn } from '../core/watches/watch';
import type { BulkRunConfig } from '../shared/bulk-rpc';
import { createColumns, createCombinedSheet, type RunSheet } from './adapters/bulk-sheets';
import type { ExecutionContext } from './context';
import { requireDocumentProperties } from './platform/properties';
import { requireActiveSpreadsheet } from './platform/spreadsheet';
import { locked } from './sidebar-call';

const properties = requireDocumentProperties;
export const readRun = () => parseRun(properties().getProperty(BULK_RUN_PROPERTY));
/** The runs a new one replaced, newest first: their cells keep their receipts. */
export const readPastRuns = () => parsePastRuns(properties().getProperty(PROPERTY.pastBulkRuns));
/** Whose columns the sheet's outputs are: the runs' and the watches' (core/bulk/owners.ts), in one read. */
export const readColumnClaims = () => claimsIn(properties().getProperties());
export const saveRun = (run: BulkRun) => properties().setProperty(BULK_RUN_PROPERTY, serializeRun(run));

/**
 * Creates the run (its output columns first) and saves it, under the lock; refuses while another
 * run of this spreadsheet is running or paused. `recipe`: the run is a step of that recipe.
 */
export function beginRun(
  ctx: ExecutionContext,
  config: BulkRunConfig,
  op: Operation,
  prepared: RunSheet,
  recipe: RecipeState | null,
): BulkRun {
  const now = ctx.deps.client.clock.now();
  return locked(ctx, () => {
    const replaced = readRun();
    const refusal = startRefusal(replaced);
    if (refusal !== null) throw new Error(refusal);
    if (replaced) properties().setProperty(PROPERTY.pastBulkRuns, rememberRun(readPastRuns(), replaced));
    createColumns(prepared.sheet, config.headerRow, prepared.layout);
    const spreadsheet = requireActiveSpreadsheet();
    const combined =
      config.employeesTo === 'combined-sheet' ? createCombinedSheet(spreadsheet, config, op) : null;
    const created = newRun({
      id: Utilities.getUuid(),
      config,
      spreadsheetId: spreadsheet.getId(),
      layout: prepared.layout,
      firstRow: prepared.firstRow,
      lastRow: prepared.lastRow,
      combinedSheet: combined,
      now,
      ...(recipe ? { recipe } : {}),
    });
    saveRun(created);
    return created;
  });
}
