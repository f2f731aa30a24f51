// What the sidebar asks before a run whose cost needs a yes. The estimate alone is not what the
// user will spend: the per-run cap stops the run first when it is lower, and the account's balance,
// which the add-on cannot read, may stop it sooner. The question says both.
import type { BulkPreview, RunConfirmation } from '../../shared/bulk-rpc';
import { creditsAmount, creditsText } from '../text/credits';

const BALANCE =
  "If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits.";

const lookups = (count: number) => `${creditsAmount(count)} new lookup${count === 1 ? '' : 's'}`;

/**
 * The question and its button for a run that needs confirming; null when it needs none.
 * `perLookup` is what one new lookup is estimated at (the slice stops at the cap with the same
 * figure); `runHardCap` 0 means no cap.
 */
export function runConfirmation(
  preview: Pick<BulkPreview, 'toLookUp' | 'estimatedCredits' | 'estimateIsBound' | 'needsConfirmation'>,
  perLookup: number,
  runHardCap: number,
): RunConfirmation | null {
  if (!preview.needsConfirmation) return null;
  const cost = `${preview.estimateIsBound ? 'up to' : 'about'} ${creditsText(preview.estimatedCredits)}`;
  if (!(runHardCap > 0 && preview.estimatedCredits > runHardCap && perLookup > 0)) {
    return {
      text: `This run will spend ${cost} for ${lookups(preview.toLookUp)}. ${BALANCE} Run it?`,
      button: `Run and spend ${cost}`,
    };
  }
  const cap = `the per-run cap of ${creditsText(runHardCap)}`;
  const over = `These ${lookups(preview.toLookUp)} would cost ${cost}, more than ${cap} allows`;
  const fit = Math.floor((runHardCap + 1e-9) / perLookup);
  if (fit === 0) {
    return {
      text: `${over}: it cannot pay for a single lookup (${creditsText(perLookup)}). Raise the per-run cap in the settings first.`,
      button: 'Run (it stops at once)',
    };
  }
  const most = creditsText(fit * perLookup);
  const stops = `the run stops after ${creditsAmount(fit)} lookup${fit === 1 ? '' : 's'} (${most})`;
  return {
    text: `${over}: ${stops}; raise the cap in the settings, then Resume, for the rest. ${BALANCE} Run it?`,
    button: `Run and spend up to ${most}`,
  };
}
