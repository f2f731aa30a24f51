// A job this pass started, or a list it found, waits for the collector: the drivers that follow
// the user (jobs/signal.ts) are told, so the next edit of the spreadsheet collects it.
import type { JobRecord } from '../jobs/registry';
import { noteJobStarted } from '../jobs/signal';
import type { LookupDeps } from './items';

export function announceJobs(deps: LookupDeps, jobs: readonly JobRecord[]): void {
  if (!deps.editNote || jobs.length === 0) return;
  const now = deps.client.clock.now();
  try {
    noteJobStarted(deps.editNote, now);
  } catch {
    // The fast cache failed: the registry is still right, and the sidebar, the menu and the
    // hourly trigger still collect; only the next edit may not know to.
  }
}
