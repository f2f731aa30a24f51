// The menu's first three steps (steps.ts): each runs its phase of every probe, and keeps what a
// probe saw, or the error it met, so that one probe failing never stops the others.

import type { Json } from '../json';
import type { Probe, RunContext, Seen } from '../probe';
import { PROBES } from './catalogue';
import { RECORDS } from './records';
import { prepareSheets, SHEETS, sheetNamed, spreadsheet } from './sheets';
import { attempt, forgetEverything, messageOf, recall, remember } from './store';

/** The installable triggers of the probes, handled in handlers.ts. */
function installTriggers(): void {
  for (const trigger of ScriptApp.getProjectTriggers()) ScriptApp.deleteTrigger(trigger);
  const document = spreadsheet();
  ScriptApp.newTrigger('probeOpened').forSpreadsheet(document).onOpen().create();
  ScriptApp.newTrigger('probeEdited').forSpreadsheet(document).onEdit().create();
  ScriptApp.newTrigger('probeChanged').forSpreadsheet(document).onChange().create();
  ScriptApp.newTrigger('probeTick').timeBased().everyMinutes(1).create();
}

export function removeTriggers(): void {
  for (const trigger of ScriptApp.getProjectTriggers()) ScriptApp.deleteTrigger(trigger);
}

export const resultKey = (probe: Probe) => `result.${probe.name}`;
export const errorKey = (probe: Probe) => `error.${probe.name}`;

export function currentContext(): RunContext {
  return { stamp: String(recall(RECORDS.stamp) ?? 'none') };
}

function keep(probe: Probe, phase: () => Seen | undefined): void {
  try {
    const result = phase();
    if (result) remember(resultKey(probe), result as unknown as Json);
  } catch (error) {
    attempt(() => remember(errorKey(probe), messageOf(error)));
  }
}

export function probeStep1(): void {
  const context: RunContext = { stamp: String(Date.now()) };
  forgetEverything();
  remember(RECORDS.stamp, context.stamp);
  prepareSheets();
  for (const probe of PROBES) {
    const run = probe.run;
    if (run) keep(probe, () => run(context));
  }
  installTriggers();
  sheetNamed(SHEETS.scratch).activate();
}

/** Runs one phase of every probe that has it; what the phase saw is read in the report. */
function runPhase(phase: 'setup' | 'poke', context: RunContext): void {
  for (const probe of PROBES) {
    const act = probe[phase];
    if (!act) continue;
    keep(probe, () => {
      act(context);
      return undefined;
    });
  }
}

export function probeStep2(): void {
  runPhase('setup', currentContext());
  // The person types next, there; and S14 wants the user on a sheet other than the formulas'.
  sheetNamed(SHEETS.typed).activate();
}

export function probeStep3(): void {
  runPhase('poke', currentContext());
}
