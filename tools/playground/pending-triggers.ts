// The triggers of what the user does on the page (edits, and form responses sent with "Simulate a
// form response"), run beside the user rather than before the page answers. In Sheets a trigger
// runs while the user goes on typing; here they wait until the user moves time on ("+1 min") or
// has been idle a few seconds, so a trigger that waits a minute for a job neither holds the page
// nor makes the idle clock leap. Idle is the time the page's clock followed wall time since the
// action, not the virtual time executions spent meanwhile: a sidebar opening's calls are no
// seconds of the user's.
import type { Emulator, LoadedBundle } from '../emulator/emulator';

/** How long the user is idle before the triggers of their actions run by themselves. */
const IDLE_BEFORE_TRIGGERS_MS = 5_000;

interface PendingEdit {
  readonly sheet: string;
  /** The cell or block edited. */
  readonly a1: string;
  readonly fields: { value?: unknown; oldValue?: unknown };
}

export class PendingTriggers {
  readonly #emu: Emulator;
  readonly #bundle: LoadedBundle;
  /** Each action's triggers, oldest first, as Sheets queues them. */
  #waiting: (() => void)[] = [];
  /** How long the user has been idle since the last action. */
  #idleMs = 0;

  constructor(emu: Emulator, bundle: LoadedBundle) {
    this.#emu = emu;
    this.#bundle = bundle;
  }

  /** An edit made (with `fireTriggers: false`); its Edit triggers run later. */
  addEdit(edit: PendingEdit): void {
    this.#add(() => this.#emu.fireEditTriggers(this.#bundle, edit.sheet, edit.a1, edit.fields));
  }

  /** A form response landed in `row` of the form's sheet (`fireTriggers: false`); its Form-submit triggers run later. */
  addFormResponse(row: number): void {
    this.#add(() => this.#emu.user.formSubmitted(this.#bundle, row));
  }

  #add(run: () => void): void {
    this.#waiting.push(run);
    this.#idleMs = 0;
  }

  /** Runs the triggers of the actions made so far, oldest first. */
  runAll(): void {
    for (const run of this.#waiting.splice(0)) run();
  }

  /** The user stayed idle `ms` more: runs them once the user has been idle long enough. */
  runIfIdle(ms: number): void {
    this.#idleMs += ms;
    if (this.#waiting.length > 0 && this.#idleMs >= IDLE_BEFORE_TRIGGERS_MS) this.runAll();
  }
}
