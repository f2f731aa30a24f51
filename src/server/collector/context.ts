// What the job collector runs with in a driver's execution: the execution's context, its lookup's
// services with the sheets employee lists are written to; and the options of a pass.

import type { CollectorDeps } from '../../core/jobs/collector-ports';
import { listSheetPort } from '../adapters/employee-sheets';
import { type ExecutionContext, executionContext } from '../context';

export type CollectorContext = ExecutionContext & { deps: CollectorDeps };

/**
 * The collector's services, or null when there is nothing it could do: no API key (jobs are
 * polled with the key that started them), or no document (the registry lives in document
 * properties).
 */
export function collectorContext(): CollectorContext | null {
  const context = executionContext({ canWriteSheets: true });
  return context && { ...context, deps: { ...context.deps, sheets: listSheetPort() } };
}
