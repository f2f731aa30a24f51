// The triggers Sheets runs: time-driven ones as the clock reaches them, installable Edit, Change,
// Form-submit and Open triggers when a user edits the document, changes its structure, sends a
// form response to it or opens it. Each runs as its own execution (6 min, no user interface) under
// its owner's authorization, its run time counted against the owner's daily trigger quota
// (trigger-quota.ts); a failed run is recorded, and the next still happens.
// Ids in docs/platform-assumptions.md: X5 a failed run does not stop the next, X6 the time-driven
// event object, X7 a trigger's active spreadsheet, T9 and T10 the Change and Form-submit events,
// T11 the runtime quota.

import type { LoadedBundle } from './bundle';
import { tooltipOf } from './errors';
import type { ExecutionRunner } from './execution';
import { EXECUTION_BUDGET_MS, type Runtime } from './runtime';
import type { TriggerEventType, TriggerRecord, TriggerRegistry } from './script-app';
import type { SpreadsheetModel } from './sheet-model';
import { quotaExceeded, type TriggerRuntimeQuota } from './trigger-quota';

export interface TriggerRun {
  readonly at: number;
  readonly handler: string;
  /** 'time-driven trigger', 'edit trigger', 'change trigger', 'form submit trigger' or 'open trigger'. */
  readonly kind: string;
  readonly error: string | null;
  /** Virtual milliseconds it ran, counted against its owner's daily quota. */
  readonly ms: number;
}

interface TriggerSetup {
  readonly runtime: Runtime;
  readonly document: SpreadsheetModel;
  readonly triggers: TriggerRegistry;
  readonly executions: ExecutionRunner;
  readonly quota: TriggerRuntimeQuota;
}

/** The installable triggers a user's action in the document fires. */
export type DocumentEventType = Exclude<TriggerEventType, 'CLOCK'>;

const KIND: Record<DocumentEventType, string> = {
  ON_EDIT: 'edit trigger',
  ON_OPEN: 'open trigger',
  ON_CHANGE: 'change trigger',
  ON_FORM_SUBMIT: 'form submit trigger',
};

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
   * Runs every installable trigger of `eventType` on the open document, each as its own execution
   * under its owner's authorization (6 min), with the event object Apps Script gives. Answers how
   * many ran. Script writes never come here: only a user's action (an edit, a change of the
   * structure, a form response, opening the file) does.
   */
  spreadsheetTriggers(
    bundle: LoadedBundle,
    eventType: DocumentEventType,
    eventFields: Record<string, unknown>,
  ): number {
    const { triggers, document } = this.#setup;
    const installed = triggers.triggers.filter(
      (trigger) => trigger.eventType === eventType && trigger.documentId === document.id,
    );
    for (const trigger of installed) {
      // Event Objects: a Sheets form response's event names no user (T10).
      const who = eventType === 'ON_FORM_SUBMIT' ? {} : { user: trigger.user };
      const event = { authMode: 'FULL', triggerUid: trigger.id, ...who, ...eventFields };
      this.#fire(bundle, trigger, event, KIND[eventType]);
    }
    return installed.length;
  }

  #fire(
    bundle: LoadedBundle,
    trigger: TriggerRecord,
    event: Record<string, unknown> = { authMode: 'FULL', triggerUid: trigger.id },
    kind = 'time-driven trigger',
  ): void {
    const { clock } = this.#setup.runtime;
    const { quota } = this.#setup;
    const at = clock.now();
    const left = quota.leftMs(trigger.user, at);
    if (left <= 0) {
      // The day's runtime is spent: the trigger fails as it starts (T11).
      this.triggerRuns.push({ at, handler: trigger.handler, kind, error: tooltipOf(quotaExceeded()), ms: 0 });
      return;
    }
    const cut = left < EXECUTION_BUDGET_MS;
    let error: string | null = null;
    try {
      this.#setup.executions.run(bundle, trigger.handler, [event], {
        label: `${kind} ${trigger.handler}`,
        authMode: 'FULL',
        budgetMs: Math.min(EXECUTION_BUDGET_MS, left),
        ...(cut ? { outOfTime: quotaExceeded } : {}),
        hasUi: false,
        documentId: trigger.documentId,
        // An add-on's trigger runs against the document it was installed in: Google's
        // @OnlyCurrentDoc add-on template reads getActiveSpreadsheet() in its hourly trigger.
        hasActiveSpreadsheet: true,
        user: trigger.user,
        hasActiveUser: false,
      });
    } catch (thrown) {
      // A failed trigger run is reported to its owner by email; the next run still happens.
      error = tooltipOf(thrown);
    }
    const ms = (this.#setup.executions.lastEndedAt ?? clock.now()) - at;
    quota.charge(trigger.user, at, ms);
    this.triggerRuns.push({ at, handler: trigger.handler, kind, error, ms });
  }
}
