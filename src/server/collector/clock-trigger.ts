// The collector's time-driven trigger: every minute in a bound script, hourly as an add-on, while
// anything is pending for this user in this document or a watch is on (the hourly check finds the
// rows the Sheets API and other scripts write, which fire no trigger), and deleted once neither is. A custom
// function may not call ScriptApp, so a formula only records its job; the trigger is created from
// a context that may create one (a sidebar call, the menu, a bulk run, a driver's pass). The ids of
// the triggers made here are remembered in document properties (core/jobs/trigger-records.ts):
// the platform does not say how often a trigger runs, and a user's triggers of other documents
// must not be touched.
import { readQueue } from '../../core/formula-queue/records';
import { isPending, jobScope, readJobs } from '../../core/jobs/registry';
import { type ClockTrigger, clockTriggersOf, clockTriggersText } from '../../core/jobs/trigger-records';
import { PROPERTY, TRIGGER_HANDLER } from '../../core/platform/stored-keys';
import { watchesIn } from '../../core/watches/watch';
import type { BackgroundCollection } from '../../shared/jobs-rpc';
import { documentProperties, writeProperty } from '../platform/properties';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { orWarn } from '../warn';
import { type CollectorContext, collectorContext } from './context';
import { withTriggerLock } from './trigger-lock';

type Trigger = GoogleAppsScript.Script.Trigger;

const rememberedTriggers = () => clockTriggersOf(documentProperties()?.getProperty(PROPERTY.clockTriggers));

function rememberTriggers(list: readonly ClockTrigger[]): void {
  const properties = documentProperties();
  if (properties) writeProperty(properties, PROPERTY.clockTriggers, clockTriggersText(list));
}

/**
 * This user's clock triggers for this document: those remembered here (or named by the running
 * trigger's event), and any whose source is this spreadsheet. Triggers are per user: another
 * user's never show here and are left to that user's own executions.
 */
function jobTriggers(extraIds: readonly string[] = []): Trigger[] {
  const ids = new Set([...rememberedTriggers().map((item) => item.id), ...extraIds]);
  const documentId = activeSpreadsheet()?.getId() ?? null;
  return ScriptApp.getProjectTriggers().filter(
    (trigger) =>
      trigger.getHandlerFunction() === TRIGGER_HANDLER.clock &&
      (ids.has(trigger.getUniqueId()) ||
        (documentId !== null && trigger.getTriggerSourceId() === documentId)),
  );
}

/**
 * Every minute where the platform allows it (a script bound to the spreadsheet), else every hour:
 * an editor add-on may not run a time-driven trigger more often, and create() says so. Trying is
 * the one test that cannot be wrong about how the script was deployed; a build setting could be.
 */
function createTrigger(): ClockTrigger {
  const builder = () => ScriptApp.newTrigger(TRIGGER_HANDLER.clock).timeBased();
  try {
    return { id: builder().everyMinutes(1).create().getUniqueId(), every: 'minute' };
  } catch {
    return { id: builder().everyHours(1).create().getUniqueId(), every: 'hour' };
  }
}

/**
 * Makes sure one clock trigger runs for this user and document, creating it if needed; never a
 * second one. Answers how often it runs. Throws when a trigger cannot be created.
 */
export function ensureJobTrigger(): BackgroundCollection {
  return withTriggerLock(() => {
    const remembered = rememberedTriggers();
    const [kept, ...duplicates] = jobTriggers();
    for (const trigger of duplicates) ScriptApp.deleteTrigger(trigger);
    const dropped = new Set(duplicates.map((trigger) => trigger.getUniqueId()));
    const others = remembered.filter((item) => !dropped.has(item.id) && item.id !== kept?.getUniqueId());
    const entry: ClockTrigger = kept
      ? {
          id: kept.getUniqueId(),
          every: remembered.find((item) => item.id === kept.getUniqueId())?.every ?? 'hour',
        }
      : createTrigger();
    rememberTriggers([...others, entry]);
    return entry.every;
  });
}

/**
 * ensureJobTrigger for callers that go on without it: pending jobs must not depend on the sidebar
 * staying open, but failing to create the trigger only logs ('off': the sidebar still collects).
 */
export function keepCollecting(): BackgroundCollection {
  return orWarn('Background collection could not be turned on', 'off', ensureJobTrigger);
}

/**
 * Deletes this user's clock trigger when no job of theirs is pending and no watch is on. Answers
 * the state after. An entry point: it takes no argument from its caller.
 */
export const removeJobTriggerIfIdle = (): BackgroundCollection => removeIdle([]);

/** removeJobTriggerIfIdle, also deleting the triggers `extraIds` (the one running, by its event). */
export function removeIdle(extraIds: readonly string[]): BackgroundCollection {
  if (hasPendingJobs()) return currentBackground();
  return withTriggerLock(() => {
    const mine = jobTriggers(extraIds);
    for (const trigger of mine) ScriptApp.deleteTrigger(trigger);
    const gone = new Set([...mine.map((trigger) => trigger.getUniqueId()), ...extraIds]);
    rememberTriggers(rememberedTriggers().filter((item) => !gone.has(item.id)));
    return 'off';
  });
}

/** How this user's clock trigger for this document runs now. */
export function currentBackground(): BackgroundCollection {
  const [trigger] = jobTriggers();
  if (!trigger) return 'off';
  return rememberedTriggers().find((item) => item.id === trigger.getUniqueId())?.every ?? 'hour';
}

function hasPendingJobs(): boolean {
  const context = collectorContext();
  if (!context) return false;
  const all = context.deps.store.getAll();
  return pendingWork(context, all) > 0 || watchesIn(all).some((watch) => watch.on);
}

/** This account's jobs still pending and formulas still queued, from the document properties `all`. */
export function pendingWork(context: CollectorContext, all: Record<string, string>): number {
  const { scope, deps } = context;
  const jobs = readJobs(deps.store, all).filter((job) => isPending(job) && jobScope(job) === scope);
  return jobs.length + readQueue(all, scope, deps.client.clock.now()).length;
}
