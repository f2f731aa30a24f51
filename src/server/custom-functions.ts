// The entry of every custom function: `=PRONET_EMAIL(A2)` and `=COMPANY_WEBSITE(A2:A500)` alike.
// Runs under the custom-function rules: 30 s, read-only spreadsheet, no services that need
// authorization. One execution answers a whole range, with one batched lookup per distinct input.

import { keepLent } from '../core/bulk/slice/lent';
import { resultKey } from '../core/cache/keys';
import { formulaRows } from '../core/formulas/formula-rows';
import type { Prepared } from '../core/formulas/request';
import { type Drivers, followsTheUser } from '../core/jobs/trigger-records';
import { formulaAnswer } from '../core/lookup/formula-cells';
import type { LookupItem, LookupResult } from '../core/lookup/items';
import { lookupMany } from '../core/lookup/pass';
import { CELL_TEXT } from '../core/text/catalogue/cells';
import { gridCellRef, parseCell } from '../core/text/cell-refs';
import { digestHashPort } from './adapters/apps-script';
import { formulaMaySpend } from './api-key';
import { endedHere, handOver } from './collector/handoff';
import { currentDrivers } from './collector/installed-drivers';
import { CUSTOM_FUNCTION_BUDGET_MS } from './config';
import { executionContext } from './context';

/**
 * The cell of a formula's row `index` (`#<sheet id>!B7` for row 5 of a range typed in B2), for the
 * record of purchases; read from the calling cell once, and only when something is bought.
 */
function servedCells(): (index: number) => string | undefined {
  let anchor: { sheet: number; row: number; column: number } | null | undefined;
  return (index) => {
    if (anchor === undefined) {
      try {
        const range = SpreadsheetApp.getActiveRange() as GoogleAppsScript.Spreadsheet.Range | null;
        const cell = range ? parseCell(range.getA1Notation()) : null;
        // The sheet by its id, one call (its name took two); shown by name where it is read.
        anchor = range && cell ? { sheet: range.getGridId(), ...cell } : null;
      } catch {
        anchor = null;
      }
    }
    return anchor ? gridCellRef(anchor.sheet, anchor.row + index, anchor.column) : undefined;
  };
}

export function customFunction(functionName: string, args: unknown[]): unknown {
  const rows = formulaRows(functionName, args);
  if (!rows.ok) throw new Error(rows.message);
  const prepared = rows.rows;
  if (!rows.isRange && prepared[0]!.prepared.kind === 'invalid')
    throw new Error(prepared[0]!.prepared.message);

  const wanted = prepared.filter((row) => row.prepared.kind === 'request');
  let results = new Map<string, LookupResult>();
  let apiKey: string | undefined;
  let followsUser = () => false;
  let queued: string | null = null;
  if (wanted.length > 0) {
    const context = executionContext({ canWriteSheets: false, lookupFromOpening: true });
    if (!context) throw new Error(CELL_TEXT.noKey);
    apiKey = context.apiKey;
    // Read only when a job is pending: whether an edit of this spreadsheet will collect it.
    let drivers: Drivers | undefined;
    const driversNow = () => (drivers ??= currentDrivers(context.scope));
    followsUser = () => followsTheUser(driversNow());
    const served = servedCells();
    const firstRow = new Map<string, number>();
    const items: LookupItem[] = wanted.map((row) => {
      const request = (row.prepared as Extract<Prepared, { kind: 'request' }>).request;
      const key = resultKey(digestHashPort, context.scope, request);
      row.key = key;
      if (!firstRow.has(key)) firstRow.set(key, prepared.indexOf(row));
      // Read only for what is bought: a cell answered from the cache never asks where it is.
      return {
        key,
        op: row.op!,
        request,
        get served() {
          return served(firstRow.get(key)!);
        },
      };
    });
    const now = context.deps.client.clock.now();
    const ended = endedHere(context);
    // The queue's promise ended here (collector/handoff.ts): nothing is sent, each lookup says why.
    if (ended !== null) {
      for (const { key } of items) results.set(key, { kind: 'deferred', reason: 'not-sent', message: ended });
      return formulaAnswer(rows, results, { followsUser, queued: ended, apiKey });
    }
    results = lookupMany(context.deps, items, {
      buyer: 'formula',
      // Asked for only when something is bought: a cell answered from the cache needs none of the
      // three (the pace is read from the user's properties the formula holds).
      get spreadsheetId() {
        return context.spreadsheetId();
      },
      get day() {
        return context.day();
      },
      deadline: now + CUSTOM_FUNCTION_BUDGET_MS,
      formulaDailyCap: context.settings.formulaDailyCap,
      retryServerErrors: false,
      pollJobs: true,
      get maxRequestsPerSecond() {
        return context.pace.rate;
      },
      refusal: () =>
        formulaMaySpend({ key: context.apiKey, scope: context.keyScope }, context.userProperties)
          ? null
          : CELL_TEXT.ownersKeyOnly,
    });
    // An answer the memory lent becomes this document's own: once the memory lets it go for room,
    // a re-run Sheets makes unasked would otherwise buy it again.
    try {
      keepLent(context.deps.cache, results, { store: context.deps.store, read: context.opening });
    } catch {
      // Only credits are at stake, and the memory still lends it meanwhile.
    }
    // What this execution had no time or turn for, or the day's budget refused, is handed to the
    // add-on's own executions.
    queued = handOver(context, items, results, driversNow);
  }
  return formulaAnswer(rows, results, { followsUser, queued, apiKey });
}
