// What emulators of several spreadsheets of one Google backend share (EmulatorOptions.sharedWith):
// the clock, the stores behind Properties and Cache (a user's follow the user across documents,
// P5, C6), the trigger runtime quota, and the numbering of documents. An Emulator is one.
import type { VirtualClock } from './clock';
import type { AppsScriptGlobals } from './globals';
import type { SpreadsheetModel } from './sheet-model';
import type { TriggerRuntimeQuota } from './trigger-quota';

export interface SharedBackend {
  readonly clock: VirtualClock;
  readonly globals: AppsScriptGlobals;
  /** Its open document: another person opens the same one with `sameSpreadsheet`. */
  readonly document: SpreadsheetModel;
  readonly triggerQuota: TriggerRuntimeQuota;
  /** The next document's number, one count across the emulators sharing a backend. */
  readonly documentNumbers: { next: number };
}
