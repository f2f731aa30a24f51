// The triggers Sheets runs: time-driven ones as the clock reaches them, installable Edit and Open
// triggers when a user edits or opens the document. Each runs as its own execution (6 min, no user
// interface) under its owner's authorization; a failed run is recorded, and the next still happens.
// Ids in docs/platform-assumptions.md: X5 a failed run does not stop the next, X6 the time-driven
// event object, X7 a trigger's active spreadsheet.

import type { LoadedBundle } from './bundle';
import { tooltipOf } from './errors';
import type { ExecutionRunner } from './execution';
import { EXECUTION_BUDGET_MS, type Runtime } from './runtime';
import type { TriggerRecord, TriggerRegistry } from './script-app';
import type { SpreadsheetModel } from './sheet-model';

export interface TriggerRun {
  readonly at: number;
  readonly handler: string;
  /** 'time-driven trigger', 'edit trigger' or 'open trigger'. */
  readonly kind: string;
  readonly error: string | null;
}

interface TriggerSetup {
  readonly runtime: Runtime;
  readonly document: SpreadsheetModel;
  readonly triggers: TriggerRegistry;
  readonly executions: ExecutionRunner;
}

export class TriggerRunner {
  readonly #setup: TriggerSetup;
  readonly triggerRuns: TriggerRun[] = [];

  constructor(setup: TriggerSetup) {
    this.#setup = setup;
  }

  triggersUntil(bundle: LoadedBundle, untilMs: number): number {
    const { runtime, triggers } = this.#setup;
    let count = 0;
    for (;;) {
      const next = triggers.nextRunAt();
      if (next === null || next > untilMs) break;
      runtime.clock.advanceTo(next);
      const due = triggers.nextDue(runtime.clock.now());
      if (!due) continue;
      this.#fire(bundle, due);
      if (triggers.triggers.includes(due)) triggers.ran(due);
      count++;
    }
    runtime.clock.advanceTo(untilMs);
    return count;
  }

  /**
   * Runs every installable Edit or Open trigger of the open document, each as its own execution
   * under its owner's authorization (6 min), with the event object Apps Script gives. Answers how
   * many ran. Script writes never come here: only a user's edit or opening the file does.
   */
  spreadsheetTriggers(
    bundle: LoadedBundle,
    eventType: 'ON_EDIT' | 'ON_OPEN',
    eventFields: Record<string, unknown>,
  ): number {
    const { triggers, document } = this.#setup;
    const installed = triggers.triggers.filter(
      (trigger) => trigger.eventType === eventType && trigger.documentId === document.id,
    );
    for (const trigger of installed) {
      const event = { authMode: 'FULL', triggerUid: trigger.id, user: trigger.user, ...eventFields };
      this.#fire(bundle, trigger, event, eventType === 'ON_EDIT' ? 'edit trigger' : 'open trigger');
    }
    return installed.length;
  }

  #fire(
    bundle: LoadedBundle,
    trigger: TriggerRecord,
    event: Record<string, unknown> = { authMode: 'FULL', triggerUid: trigger.id },
    kind = 'time-driven trigger',
  ): void {
    const at = this.#setup.runtime.clock.now();
    try {
      this.#setup.executions.run(bundle, trigger.handler, [event], {
        label: `${kind} ${trigger.handler}`,
        authMode: 'FULL',
        budgetMs: EXECUTION_BUDGET_MS,
        hasUi: false,
        documentId: trigger.documentId,
        // An add-on's trigger runs against the document it was installed in: Google's
        // @OnlyCurrentDoc add-on template reads getActiveSpreadsheet() in its hourly trigger.
        hasActiveSpreadsheet: true,
        user: trigger.user,
        hasActiveUser: false,
      });
      this.triggerRuns.push({ at, handler: trigger.handler, kind, error: null });
    } catch (error) {
      // A failed trigger run is reported to its owner by email; the next run still happens.
      this.triggerRuns.push({ at, handler: trigger.handler, kind, error: tooltipOf(error) });
    }
  }
}
