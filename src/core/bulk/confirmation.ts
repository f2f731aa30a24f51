// What the sidebar asks before a run whose cost needs a yes. The estimate alone is not what the
// user will spend: the per-run cap stops the run first when it is lower, and the account's balance,
// which the add-on cannot read, may stop it sooner. The question says both.
import type { BulkPreview, RunConfirmation } from '../../shared/bulk-rpc';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import type { Counted } from '../text/catalogue/sidebar/said';
import { creditsAmount } from '../text/credits';

const A = BULK_ANSWERS;

/** "1 new lookup", "1,200 lookups". */
const counted = (count: number, noun: Counted) =>
  `${creditsAmount(count)} ${count === 1 ? noun.one : noun.many}`;

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
  const cost = (preview.estimateIsBound ? A.upTo : A.about).say(preview.estimatedCredits);
  if (!(runHardCap > 0 && preview.estimatedCredits > runHardCap && perLookup > 0)) {
    return {
      text: A.willSpend.say(cost, counted(preview.toLookUp, A.newLookups), A.balance.text),
      button: A.runAndSpend.say(cost),
    };
  }
  const over = A.overCap.say(counted(preview.toLookUp, A.newLookups), cost, runHardCap);
  const fit = Math.floor((runHardCap + 1e-9) / perLookup);
  if (fit === 0) return { text: A.payNone.say(over, perLookup), button: A.runStopsAtOnce.text };
  const most = fit * perLookup;
  return {
    text: A.stopsAfter.say(over, counted(fit, A.lookups), most, A.balance.text),
    button: A.runAndSpendUpTo.say(most),
  };
}
