// A bulk slice's call runs for minutes (core/bulk/slice/ports.ts BULK_SLICE). Meanwhile the panel
// asks for the run every few seconds: the slice saves how far it got every 10 s (core/runs/
// bulk-run.ts), and google.script.run's calls run at once, so the count and credits keep moving.
import type { BulkProgress } from '../../../shared/bulk-rpc';
import { call } from '../../rpc-client';

/** How often the run is asked for while a slice's call runs. */
const ASK_EVERY_MS = 5_000;

/**
 * The slice's answer. Until it comes, the run as the slice last saved it is shown, while the run
 * shown is still this one and running (a Pause or Cancel clicked meanwhile is never undone).
 */
export async function whileSending(
  slice: Promise<BulkProgress>,
  shown: () => BulkProgress | null,
  show: (progress: BulkProgress) => void,
): Promise<BulkProgress> {
  let sending = true;
  const ask = async () => {
    const run = await call('getBulkRun');
    const now = shown();
    const same = run?.runId === now?.runId && now?.state === 'running' && run?.state === 'running';
    // Its slice holds the run's lease: this sidebar's own, not another's.
    if (sending && same && run) show({ ...run, busy: false });
  };
  const timer = window.setInterval(() => void ask().catch(() => undefined), ASK_EVERY_MS);
  try {
    return await slice;
  } finally {
    sending = false;
    window.clearInterval(timer);
  }
}
