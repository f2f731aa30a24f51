// The playground's world: the spreadsheets of one demo user, each a Workbook (workbook.ts) with the
// built add-on, on one fake API, one demo account and one virtual clock. The user's properties and
// cache are shared by the files as Google shares them (the emulator's `sharedWith`); each file keeps
// its sheets, document stores, triggers, undo history and selection. The page shows one file at a
// time; "New spreadsheet" in its File menu makes the next. The HTTP server only translates to and
// from this.
import { VirtualClock } from '../emulator/clock';
import type { Emulator } from '../emulator/emulator';
import { FakeApi } from '../fake-api/fake-api';
import { DEMO_CREDITS, linkDemoForm, prefill, saveKeyInAddOn } from './demo';
import type { WorkbookState } from './state';
import { type Desk, Workbook } from './workbook';

/** The file the playground opens with: the demo's inputs, examples and linked lead form. */
export const FIRST_FILE = 'Leads Q3';
/** The names "New spreadsheet" gives, in turn; the playground holds these and the first at most. */
const NEW_FILES = ['Leads Q4', 'Leads Q1', 'Leads Q2'];

export class Files implements Desk {
  readonly clock = new VirtualClock();
  readonly api: FakeApi;
  readonly demoKey: string;
  readonly distDir: string;
  readonly #files: Workbook[] = [];
  #shown = 0;

  /** `rate`: POSTs a second the fake API allows the demo key; its own default (1) unless given. */
  constructor(distDir: string, rate?: number) {
    this.distDir = distDir;
    this.api = new FakeApi({
      clock: this.clock,
      ...(rate === undefined ? {} : { rateLimitPerSecond: rate }),
    });
    this.demoKey = this.api.createAccount({ credits: DEMO_CREDITS });
    const first = new Workbook(this, FIRST_FILE);
    this.#files.push(first);
    // As a user would: the sidebar's Save button, then the document opening with the add-on menu.
    const refused = saveKeyInAddOn(first.emu, first.bundle, this.demoKey);
    if (refused !== null) throw new Error(`The add-on refused the demo key: ${refused}`);
    this.#setUp(first);
    linkDemoForm(first.emu);
  }

  /** The file the page shows and edits. */
  get active(): Workbook {
    return this.#files[this.#shown]!;
  }

  get firstEmulator(): Emulator | undefined {
    return this.#files[0]?.emu;
  }

  files(): WorkbookState['files'] {
    return { names: this.#files.map((file) => file.name), active: this.active.name };
  }

  /**
   * File > New spreadsheet: the user's next file, with a few of the demo's inputs; the user's saved
   * key is already there (it follows the user). It is then shown, which opens it.
   */
  newSpreadsheet(): void {
    const name = NEW_FILES[this.#files.length - 1];
    if (name === undefined)
      throw new RangeError(`The playground holds ${NEW_FILES.length + 1} spreadsheets at most`);
    this.#files.push(new Workbook(this, name));
    this.#setUp(this.#files.at(-1)!);
    this.show(name);
  }

  /** "Top up": the demo account gets its starting credits once more, as buying credits would. */
  topUp(): void {
    this.api.addCredits(this.demoKey, DEMO_CREDITS);
  }

  /** Shows another file: opening it runs its onOpen (the add-on menu) and its Open triggers, as Sheets does. */
  show(name: string): void {
    const index = this.#files.findIndex((file) => file.name === name);
    if (index < 0) throw new RangeError(`There is no spreadsheet named "${name}"`);
    this.#shown = index;
    this.active.open();
  }

  /**
   * A new file as the demo starts it: the add-on's onOpen as in a file where it was not used yet
   * (NONE), the demo's inputs, and a daily formula budget of the whole account, set as a user
   * would in Credit settings (the budget is the spreadsheet's own).
   */
  #setUp(file: Workbook): void {
    file.emu.runExecution(file.bundle, 'onOpen', [{ authMode: 'NONE' }], {
      context: 'simple-trigger',
      authMode: 'NONE',
    });
    prefill(file.emu);
    file.rpc('saveSettings', [{ formulaDailyCap: DEMO_CREDITS }]);
  }

  /**
   * Moves virtual time on: the triggers of the edits and form responses made so far run (the
   * add-on's drivers and watches), then every file's time-driven triggers as they fall due.
   */
  advance(ms: number): void {
    const until = this.clock.now() + ms;
    for (const file of this.#files) file.runWaitingTriggers();
    this.#runTriggersUntil(Math.max(until, this.clock.now()));
  }

  /**
   * Follows wall time while idle: one real second is one virtual second. Triggers left
   * waiting run once the user has been idle a few seconds, as they run beside the user in Sheets.
   */
  tick(ms: number): void {
    for (const file of this.#files) file.runWaitingTriggersIfIdle(ms);
    this.#runTriggersUntil(this.clock.now() + ms);
  }

  /** Every file's time-driven triggers up to `until`, in the order they fall due across files. */
  #runTriggersUntil(until: number): void {
    for (;;) {
      let next: { file: Workbook; at: number } | null = null;
      for (const file of this.#files) {
        const at = file.emu.triggers.nextRunAt();
        if (at !== null && at <= until && (next === null || at < next.at)) next = { file, at };
      }
      if (next === null) break;
      next.file.emu.runTriggersUntil(next.file.bundle, next.at);
    }
    this.clock.advanceTo(until);
  }
}
