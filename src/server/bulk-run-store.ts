// The spreadsheet's one bulk run as its document property keeps it, for the sidebar's bulk and
// recipe calls (bulk.ts, recipes.ts): read and saved, and the ports a run begins with
// (core/runs/start.ts): the past runs' layouts, its columns and combined sheet created.

import { formulaClaims } from '../core/bulk/formula-owners';
import { parsePastRuns } from '../core/bulk/past-runs';
import { type BulkRun, parseRun, serializeRun } from '../core/bulk/run';
import { PROPERTY } from '../core/platform/stored-keys';
import type { StartPorts } from '../core/runs/start';
import { claimsIn } from '../core/watches/watch';
import type { BulkRunConfig } from '../shared/bulk-rpc';
import { createColumns, createCombinedSheet, type RunSheet, sheetPort } from './adapters/bulk-sheets';
import type { ExecutionContext } from './context';
import { requireDocumentProperties } from './platform/properties';
import { requireActiveSpreadsheet } from './platform/spreadsheet';
import { locked } from './sidebar-call';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const properties = requireDocumentProperties;
export const readRun = () => parseRun(properties().getProperty(PROPERTY.bulkRun));
/** The runs a new one replaced, newest first: their cells keep their receipts. */
export const readPastRuns = () => parsePastRuns(properties().getProperty(PROPERTY.pastBulkRuns));
/**
 * Whose columns the sheet's outputs are (core/bulk/owners.ts): the runs' and the watches', in one
 * read, and those our formulas fill on the sheet a run or watch is set up on.
 */
export const readColumnClaims = (sheet: Sheet, on: Pick<BulkRunConfig, 'sheetName' | 'headerRow'>) => [
  ...claimsIn(properties().getProperties()),
  ...formulaClaims(on.sheetName, on.headerRow, sheet.getDataRange().getFormulas()),
];
export const saveRun = (run: BulkRun) => properties().setProperty(PROPERTY.bulkRun, serializeRun(run));

/** Where a run of this call begins: the run's property, its sheet's columns, the combined sheet. */
export function startPorts(ctx: ExecutionContext): StartPorts<RunSheet> {
  return {
    clock: ctx.deps.client.clock,
    locked: (work) => locked(ctx, work),
    readRun,
    saveRun,
    readPastRuns,
    savePastRuns: (text) => properties().setProperty(PROPERTY.pastBulkRuns, text),
    sheetPort: (prepared) => sheetPort(prepared.sheet),
    createColumns: (prepared, headerRow) => createColumns(prepared.sheet, headerRow, prepared.layout),
    createCombinedSheet: (config, op) => createCombinedSheet(requireActiveSpreadsheet(), config, op),
    spreadsheetId: () => requireActiveSpreadsheet().getId(),
    day: () => ctx.day(),
    token: () => Utilities.getUuid(),
  };
}
