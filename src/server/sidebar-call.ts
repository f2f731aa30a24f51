// What a sidebar call that works on the spreadsheet needs: its execution context (a key is
// needed), a sheet by name, and the document lock. Each refusal throws the
// message the sidebar shows.

import { BUSY, tryWithLock } from '../core/platform/locked-section';
import type { PreviewDeps } from '../core/runs/preview';
import { refuse } from '../core/text/catalogue/sidebar/refuse';
import { digestHashPort } from './adapters/apps-script';
import { type ExecutionContext, executionContext } from './context';
import { requireActiveSpreadsheet } from './platform/spreadsheet';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const LOCK_WAIT_MS = 5_000;

export function context(): ExecutionContext {
  // A sidebar call may write sheets: the cache keeps every paid answer in its hidden sheet too.
  const found = executionContext({ canWriteSheets: true });
  if (!found) throw refuse('call', 'keyFirst');
  return found;
}

export function sheetNamed(name: string): Sheet {
  const sheet = requireActiveSpreadsheet().getSheetByName(name);
  if (!sheet) throw refuse('call', 'noSheet', name);
  return sheet;
}

export function locked<T>(ctx: ExecutionContext, work: () => T): T {
  const answer = tryWithLock(ctx.deps.lock, LOCK_WAIT_MS, work);
  if (answer === BUSY) throw refuse('call', 'busy');
  return answer;
}

/**
 * What a run's preview of this call reads besides the sheet (core/runs/preview.ts): `paid`, where
 * it finds answers already paid for, to count them free.
 */
export function previewDeps(ctx: ExecutionContext): PreviewDeps {
  return {
    paid: { cache: ctx.deps.cache, store: ctx.deps.store, hash: digestHashPort, scope: ctx.scope },
    now: ctx.deps.client.clock.now(),
    confirmAbove: ctx.settings.confirmAbove,
    runHardCap: ctx.settings.runHardCap,
  };
}
