// What emulators of several spreadsheets of one Google backend share (EmulatorOptions.sharedWith):
// the clock, the stores behind Properties and Cache (a user's follow the user across documents,
// P5, C6), the trigger runtime quota, the numbering of documents, and one document's installable
// triggers for everyone who opens it. An Emulator is one.
import type { VirtualClock } from './clock';
import type { AppsScriptGlobals } from './globals';
import type { TriggerRegistry } from './script-app';
import type { SpreadsheetModel } from './sheet-model';
import type { TriggerRuntimeQuota } from './trigger-quota';

export interface SharedBackend {
  readonly clock: VirtualClock;
  readonly globals: AppsScriptGlobals;
  /** Its open document: another person opens the same one with `sameSpreadsheet`. */
  readonly document: SpreadsheetModel;
  readonly triggerQuota: TriggerRuntimeQuota;
  /** Execution ids, counted across the backend so that a shared lock's owner is one execution. */
  readonly executionIds: { next: number };
  /** The installable triggers: another person opening the same document fires its triggers. */
  readonly triggers: TriggerRegistry;
  /** The next document's number, one count across the emulators sharing a backend. */
  readonly documentNumbers: { next: number };
}
