// The Edit triggers of the user's edits, run beside the user rather than before the page answers.
// In Sheets a trigger runs while the user goes on typing; here the edits wait until the user moves
// time on ("+1 min") or has been idle a few seconds, so a trigger that waits a minute for a job
// neither holds the page nor makes the idle clock leap.
import type { VirtualClock } from '../emulator/clock';
import type { Emulator, LoadedBundle } from '../emulator/emulator';

/** How long the user is idle before the Edit triggers of their edits run by themselves. */
const IDLE_BEFORE_TRIGGERS_MS = 5_000;

interface PendingEdit {
  readonly sheet: string;
  /** The cell or block edited. */
  readonly a1: string;
  readonly fields: { value?: unknown; oldValue?: unknown };
}

export class PendingEditTriggers {
  readonly #emu: Emulator;
  readonly #bundle: LoadedBundle;
  readonly #clock: VirtualClock;
  #edits: PendingEdit[] = [];
  #lastEditAt = 0;

  constructor(emu: Emulator, bundle: LoadedBundle) {
    this.#emu = emu;
    this.#bundle = bundle;
    this.#clock = emu.clock;
  }

  /** An edit made (with `fireTriggers: false`); its triggers run later. */
  add(edit: PendingEdit): void {
    this.#edits.push(edit);
    this.#lastEditAt = this.#clock.now();
  }

  /** Runs the Edit triggers of the edits made so far, oldest first. */
  runAll(): void {
    for (const edit of this.#edits.splice(0)) {
      this.#emu.fireEditTriggers(this.#bundle, edit.sheet, edit.a1, edit.fields);
    }
  }

  /** Runs them once the user has been idle long enough. */
  runIfIdle(): void {
    if (this.#edits.length > 0 && this.#clock.now() - this.#lastEditAt >= IDLE_BEFORE_TRIGGERS_MS)
      this.runAll();
  }
}
