// Keys of what triggers and formulas record for the probes that read them later (store.ts).

export const RECORDS = {
  stamp: 'stamp',
  /** The simple onOpen: when it ran, its authorization mode, what that mode allowed (RT1, T8). */
  simpleOpen: 'open.simple',
  /** The installable Open trigger (T8). */
  installableOpen: 'open.installable',
  /** Every cell an installable Edit trigger saw edited, as 'Sheet!A1' (T6, T9). */
  edits: 'edit.cells',
  /** Every changeType an installable Change trigger saw, in order (T9). */
  changes: 'change.types',
  /** The typed formula's run (T6, X9). */
  typedFormula: 'typed.formula',
  /** What the Edit trigger of the typed formula saw (T6, X9). */
  typedTrigger: 'typed.trigger',
  /** Runs of the time-driven trigger and its first event (X5, X6). */
  ticks: 'tick.runs',
  tickEvent: 'tick.event',
  /** What the custom function PROBE_CONTEXT saw (S14, SE1). */
  context: 'formula.context',
  /** What PROBE_USER_STORES saw of its owner's user stores (P6). */
  userStores: 'formula.userStores',
  /** What PROBE_EDITOR_STORES, typed by an editor, saw of the owner's user properties (P6). */
  editorStores: 'formula.editorStores',
  /** PROBE_OVERTIME: the last heartbeat, and whether its catch block could still write (RT2). */
  overtimeBeat: 'overtime.beat',
  overtimeCaught: 'overtime.caught',
} as const;

export const runsOf = (key: string): string => `runs.${key}`;
export const argsOf = (key: string): string => `args.${key}`;
