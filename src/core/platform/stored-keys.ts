// Every name the add-on keeps data under, in one list: document and user properties, the
// document cache, the hidden sheet, and the handlers its users' triggers name. These names are the add-on's storage format. A user's key,
// settings, paid answers, jobs and spending are found again after an update only by these names:
// renaming one orphans what every user has stored under it (a paid answer bought again, a job's
// result lost, the spending forgotten). test/unit/platform/stored-keys.test.ts pins each as a
// literal, so that a rename fails a test instead. A module that owns a key's format names it
// from here; no other file writes these literals.

/** Single properties, one value each (JSON unless said), in document properties unless said. */
export const PROPERTY = {
  /** The API key: user properties (the default) or document properties (shared with editors). */
  apiKey: 'enrich.apiKey',
  /** The credit settings: budget, thresholds, pace (core/billing/settings.ts). */
  settings: 'enrich.settings',
  /** The bulk run of this document, running, paused or finished (core/bulk/run.ts). */
  bulkRun: 'enrich.bulk.run',
  /**
   * The layouts of the last bulk runs a new run replaced, for receipts and whose columns they
   * wrote (core/bulk/past-runs.ts).
   */
  pastBulkRuns: 'enrich.bulk.pastRuns',
  /** The user's own recipes (core/recipes/custom.ts). */
  customRecipes: 'enrich.recipes',
  /** Which drivers (Edit, Open triggers) follow each account here (core/jobs/trigger-records.ts). */
  drivers: 'enrich.drivers',
  /** The ids of this document's clock triggers and how often each runs (trigger-records.ts). */
  clockTriggers: 'enrich.jobTriggers',
  /** When a trigger found the user's authorization lapsed: the sidebar says so once (text: ms). */
  reauthorize: 'enrich.reauthorize',
  /** When the API answered 402, cleared by the next paid answer: the sidebar says it once (text: ms). */
  outOfCredits: 'enrich.outOfCredits',
  /** The spend ledger's last reservation number (text). */
  spendSequence: 'spend:seq',
  /** Every watch of this document paused by the API's 401 or 402, and why (core/watches/pause.ts). */
  watchesPaused: 'enrich.watches.paused',
  /**
   * Which sheet is the hidden sheet of paid answers, by its id, and what it held when last written
   * (`{"id":…,"n":answers,"c":credits}`): found again whatever a user renames or edits, and a
   * deleted one is told from one never made (server/adapters/own-sheet.ts).
   */
  cacheSheet: 'enrich.sheet.cache',
  /**
   * The spreadsheet's time zone, id and name (`{"tz":…,"id":…,"name":…}`), written where reading
   * them costs nothing that matters (opening the file, saving settings or the key), so that a
   * formula reads them with its settings rather than in three round trips (server/platform/spreadsheet.ts).
   */
  spreadsheet: 'enrich.spreadsheet',
  /** Which sheet is the hidden record of purchases, by its id (`{"id":…}`). */
  ledgerSheet: 'enrich.sheet.ledger',
  /**
   * User properties: this user's trigger runtime in the quota's current day, counted by the add-on
   * in every document (core/watches/runtime.ts).
   */
  triggerRuntime: 'enrich.triggerRuntime',
  /**
   * User properties: what the memory across the user's spreadsheets let go for room, by the
   * spreadsheet that bought it, until the user reads it in Saved results (core/cache/user-memory.ts).
   */
  memoryEvicted: 'enrich.memory.evicted',
} as const;

/** Families of document properties: the prefix, then an id. */
export const PROPERTY_PREFIX = {
  /** `job:<result key>`: one async job of the registry (core/jobs/registry.ts). */
  job: 'job:',
  /** `fq:<sheet>!<A1>`: a formula's queued lookups (core/formula-queue/records.ts). */
  queuedFormula: 'fq:',
  /** `inflight:<hex digit>`: 16 shards of in-flight claims (core/lookup/claims.ts). */
  claims: 'inflight:',
  /** `spend:day:<YYYY-MM-DD>`: a day's spending, by source and operation (core/billing/ledger.ts). */
  spendDay: 'spend:day:',
  /** `spend:month:<YYYY-MM>`: a folded month's spending. */
  spendMonth: 'spend:month:',
  /** `spend:hold:r<n>`: credits reserved for lookups under way. */
  spendReservation: 'spend:hold:',
  /** `spend:job:<job id>`: credits reserved for an async job until it completes. */
  spendJobReservation: 'spend:job:',
  /**
   * `spend:rows:<slot 0-7>`: a page of the purchase record waiting for the hidden ledger sheet
   * (billing/purchase-pages.ts), the page's own id `p<n>` inside; that id names its row there.
   */
  spendRows: 'spend:rows:',
  /** `stash:<result key>`: where an answer stashed in the fast cache lies (core/cache/stash.ts). */
  stashNote: 'stash:',
  /** `pace:<account scope>`: the account's shared send log (core/api/pace-log.ts). */
  pace: 'pace:',
  /** `watch:<id>`: one watch, its configuration, caps, counts and lease (core/watches/watch.ts). */
  watch: 'watch:',
  /**
   * User properties: `memory:<n>`, a page of the memory of paid answers across the user's
   * spreadsheets, numbered in the order written (core/cache/user-memory.ts).
   */
  memoryPage: 'memory:',
} as const;

/**
 * Paid answers: `r1:<account scope>:<request hash>` (core/cache/keys.ts), the same key in the
 * document properties, the fast cache and the hidden sheet. A new version orphans every answer.
 */
export const RESULT_KEY_VERSION = 'r1';

/** What follows a result key for the pieces of one long answer. */
export const KEY_SUFFIX = {
  /** `<key>#<n>`: the chunks of an answer over 8 KB in document properties (property-layout.ts). */
  chunk: '#',
  /** `<key>#s<n>`: the pieces of a stashed answer in the fast cache (stash.ts). */
  stashPiece: '#s',
} as const;

/** The document cache (CacheService): single keys. */
export const CACHE_KEY = {
  /**
   * The Edit trigger's note (platform/edit-note.ts), a key a line, so that no writer overwrites
   * another's line: whether jobs wait (jobs/signal.ts), the collector's role while one collects,
   * which sheets and columns watches follow (watches/note.ts), and answers the memory across the
   * user's spreadsheets lacks, for the owner's next trigger to give it (server/user-memory.ts).
   */
  editNote: {
    jobs: 'enrich.jobs.signal',
    collector: 'enrich.jobs.collector',
    watches: 'enrich.watches.note',
    memory: 'enrich.memory.behind',
  },
} as const;

/** The document cache: families of keys. */
export const CACHE_PREFIX = {
  /** `held-failure:<result key>`: a provider error shown again for free (held-failures.ts). */
  heldFailure: 'held-failure:',
} as const;

/** Sheets the add-on keeps data in. */
export const SHEET_NAME = {
  /** The hidden sheet of paid answers (server/adapters/sheet-store.ts). */
  resultCache: '_enrich_cache',
  /** The hidden sheet of the purchase record, a page a row (billing/purchase-log.ts). */
  ledger: '_enrich_ledger',
  /** The spend report, made again each time it is opened (server/report-api.ts). */
  spendReport: 'Enrich spend report',
} as const;

/**
 * The bundle's top-level functions that users' installed triggers call: a trigger stores its
 * handler's name, so a renamed function leaves every installed trigger calling nothing.
 */
export const TRIGGER_HANDLER = {
  /** The collector's clock trigger (server/collector/clock-trigger.ts). */
  clock: 'runJobPump',
  /** The Edit and Open triggers that follow the user (server/collector/edit-open-triggers.ts). */
  edit: 'collectOnEdit',
  open: 'collectOnOpen',
  /** The Change and Form-submit triggers of watches (server/watches/triggers.ts). */
  change: 'watchOnChange',
  formSubmit: 'watchOnFormSubmit',
} as const;
