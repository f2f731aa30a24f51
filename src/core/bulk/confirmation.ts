// What the sidebar asks before a run whose cost needs a yes, in figures (the sidebar words them,
// client/panels/bulk/text.ts). The estimate alone is not what the user will spend: the per-run cap
// stops the run first when it is lower, and the account's balance, which the add-on cannot read,
// may stop it sooner. The question says both.
import type { BulkPreview, RunConfirmation } from '../../shared/bulk-rpc';

/**
 * The figures of the question for a run that needs confirming; null when it needs none.
 * `perLookup` is what one new lookup is estimated at (the slice stops at the cap with the same
 * figure); `runHardCap` 0 means no cap.
 */
export function runConfirmation(
  preview: Pick<BulkPreview, 'toLookUp' | 'estimatedCredits' | 'estimateIsBound' | 'needsConfirmation'>,
  perLookup: number,
  runHardCap: number,
): RunConfirmation | null {
  if (!preview.needsConfirmation) return null;
  const over = runHardCap > 0 && preview.estimatedCredits > runHardCap && perLookup > 0;
  return {
    lookups: preview.toLookUp,
    credits: preview.estimatedCredits,
    bound: preview.estimateIsBound,
    cap: over ? { credits: runHardCap, perLookup, fits: Math.floor((runHardCap + 1e-9) / perLookup) } : null,
  };
}
