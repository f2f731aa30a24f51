// What the job collector runs with in a driver's execution: the lookup's services plus the sheets
// employee lists are written to, the account, the day, the settings; and the options of a pass.

import type { PaceView } from '../../core/api/pacing';
import type { CollectorDeps, CollectorOptions } from '../../core/jobs/collector-ports';
import type { Settings } from '../../shared/rpc';
import { listSheetPort } from '../adapters/employee-sheets';
import { executionContext } from '../context';

export interface CollectorContext {
  deps: CollectorDeps;
  scope: string;
  day: string;
  settings: Settings;
  /** The pace learned for the account, as this execution found it. */
  pace: PaceView;
}

/**
 * The collector's services, or null when there is nothing it could do: no API key (jobs are
 * polled with the key that started them), or no document (the registry lives in document
 * properties).
 */
export function collectorContext(): CollectorContext | null {
  const context = executionContext({ canWriteSheets: true });
  if (!context) return null;
  return {
    deps: { ...context.deps, sheets: listSheetPort() },
    scope: context.scope,
    day: context.day(),
    settings: context.settings,
    pace: context.pace,
  };
}

/** A pass's options: `lockWaitMs` is how long this driver may wait for another's pass. */
export function collectorOptions(context: CollectorContext, lockWaitMs: number): CollectorOptions {
  return { scope: context.scope, day: context.day, lockWaitMs };
}
