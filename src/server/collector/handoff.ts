// What a formula hands to the collector: a custom function has 30 s and cannot write the sheet,
// so what it could not look up in time is recorded here (core/formula-queue/records.ts), and the
// add-on's own executions (the drivers) buy it and enter the formula again. A formula reaches the
// collector only through this file and the record of installed drivers, never its triggers.
import { anyEnded, parseQueued, queueKey, removeQueued, saveQueued } from '../../core/formula-queue/records';
import { noteJobStarted } from '../../core/jobs/signal';
import type { Drivers } from '../../core/jobs/trigger-records';
import type { LookupItem, LookupResult } from '../../core/lookup/items';
import { CELL_TEXT } from '../../core/text/catalogue/cells';
import { queuedText } from '../../core/text/catalogue/queue';
import { appsScriptClock } from '../adapters/apps-script';
import type { ExecutionContext } from '../context';
import { orWarn } from '../warn';

type Range = GoogleAppsScript.Spreadsheet.Range;

/**
 * Hands to the add-on's own executions what this formula's run left: the lookups it had no time or
 * turn for are queued (the answer is what their rows say; null when nothing was queued); those the
 * day's formula budget refused wait for the next day.
 */
export function handOver(
  context: ExecutionContext,
  items: readonly LookupItem[],
  results: ReadonlyMap<string, LookupResult>,
  drivers: () => Drivers,
): string | null {
  const count = (kept: (result: LookupResult | undefined) => boolean) =>
    new Set(items.filter((item) => kept(results.get(item.key))).map((item) => item.key)).size;
  const left = count((result) => result?.kind === 'deferred');
  if (left > 0) return queueThisFormula(context, left, drivers);
  const refused = count((result) => result?.kind === 'refused' && result.message !== CELL_TEXT.ownersKeyOnly);
  // A budget of 0 refuses the next day too: nothing is kept for it.
  if (refused > 0 && context.settings.formulaDailyCap > 0) waitForTheNextDay(context, refused);
  return null;
}

/** Where this formula is, and the record of its cell as the formula read the store; null if unknown. */
function thisFormula(context: ExecutionContext, left: number) {
  const range = SpreadsheetApp.getActiveRange() as Range | null;
  const formula = range?.getFormula() ?? '';
  if (!range || formula === '') return null;
  const of = range.getSheet();
  const sheet = of.getName();
  const a1 = range.getA1Notation();
  const before = parseQueued(context.opening[queueKey(sheet, a1)]);
  const since = appsScriptClock.now();
  const sheetId = of.getSheetId();
  return {
    record: { sheet, sheetId, a1, formula, left, since, scope: context.scope, by: 'formula' },
    before,
  };
}

/**
 * Called by a formula that leaves `left` lookups unsent: records where it is, and tells the drivers
 * that follow the user. Answers what its waiting rows say, or null when it could not be recorded
 * (its rows then say they were not sent). In the document properties as the formula read them, a
 * record of this cell for the same formula means an execution of the add-on entered it again, and
 * no Edit trigger follows that.
 */
function queueThisFormula(context: ExecutionContext, left: number, drivers: () => Drivers): string | null {
  return orWarn("Could not queue the formula's lookups", null, () => {
    const here = thisFormula(context, left);
    if (!here) return null;
    const { record, before } = here;
    saveQueued(context.deps.store, record, before);
    // A collector at work started before this formula, the typing edit's trigger maybe: it may be
    // stopped (the day's trigger quota) with no other trigger to follow, so no time is promised.
    const atWork = context.deps.editNote ? noteJobStarted(context.deps.editNote, record.since) : false;
    const { edit, open } = drivers();
    return queuedText({
      left,
      pace: context.pace.rate,
      editFollows: edit && !atWork,
      followsUser: edit || open,
      typedNow: before?.formula !== record.formula,
    });
  });
}

/**
 * The day's formula budget refused `left` lookups: its rows say so, true until the day turns, and
 * nothing would run the formula again then. Its record, marked with the day, waits for the hourly
 * check, which buys them within the next day's budget and enters the formula again; the note gets
 * the trigger of this typing (or of the opening) to turn that check on, which a formula may not.
 * Written once a day: a re-run that finds its record waiting writes nothing.
 */
function waitForTheNextDay(context: ExecutionContext, left: number): void {
  // Its rows say the budget is reached all the same; only the next day's answer is at stake.
  orWarn('Could not keep the formula for the next day', undefined, () => {
    const here = thisFormula(context, left);
    const budgetDay = context.day();
    if (!here || (here.before?.formula === here.record.formula && here.before.budgetDay === budgetDay))
      return;
    saveQueued(context.deps.store, { ...here.record, budgetDay }, here.before);
    if (context.deps.editNote) noteJobStarted(context.deps.editNote, here.record.since);
  });
}

/**
 * What this formula's rows say instead of looking anything up, when something outside it ended its
 * queued work (the key was replaced) and entered it again to say so; said once: the record goes,
 * and the next run (the user typing it again) looks its rows up. Null otherwise. The cell is
 * asked of Sheets only when some record was ended.
 */
export function endedHere(context: ExecutionContext): string | null {
  const stored = context.opening;
  if (!anyEnded(stored)) return null;
  return orWarn("Could not read the formula's queue", null, () => {
    const range = SpreadsheetApp.getActiveRange() as Range | null;
    if (!range) return null;
    const record = parseQueued(stored[queueKey(range.getSheet().getName(), range.getA1Notation())]);
    if (!record?.ended || record.formula !== range.getFormula()) return null;
    removeQueued(context.deps.store, [record]);
    return record.ended;
  });
}
