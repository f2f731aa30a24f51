// ScriptApp: installable triggers, on the virtual clock.
//
// Verified: managing triggers needs authorization a custom function does not have (runtime.ts);
// an editor add-on may run time-driven triggers at most once an hour and may have one trigger of
// each type per user per document, past which create() throws "This add-on has created too many
// time-based triggers in this document for this Google user account."
// Assumed: the wording for a sub-hourly add-on trigger, for other trigger types, for everyMinutes
// values other than 1, 5, 10, 15, 30, and for the 20-triggers-per-user-per-script limit.
// Documented (Installable triggers): a recurring trigger's time "may be slightly randomized": a
// 9 a.m. trigger runs at a time Apps Script chooses between 9 and 10 a.m., the same each day: see
// clock-trigger-delay.ts.
// Ids in docs/platform-assumptions.md: T1-T3 wordings, T4 authorization, T5 the delay, X6.

import { type ClockTriggerDelay, clockTriggerDelayMs } from './clock-trigger-delay';
import { type AuthModeName, enumOf } from './enums';
import { gasError } from './errors';
import type { Runtime } from './runtime';
import type { FakeSpreadsheet } from './spreadsheet';

export type TriggerEventType = 'CLOCK' | 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE' | 'ON_FORM_SUBMIT';

export interface TriggerRecord {
  readonly id: string;
  readonly handler: string;
  readonly eventType: TriggerEventType;
  readonly user: string;
  /** The document the trigger belongs to: its spreadsheet, or for an add-on the open document. */
  readonly documentId: string | null;
  /** Clock triggers: the interval, or null for a one-off `after(ms)` trigger. */
  readonly everyMs: number | null;
  nextRunAt: number | null;
}

export const MAX_TRIGGERS_PER_USER = 20;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export class TriggerRegistry {
  readonly #delay: ClockTriggerDelay;

  constructor(delay: ClockTriggerDelay = 'seeded') {
    this.#delay = delay;
  }

  /** Set by a test: the user's authorization lapsed (the manifest asks for more than was granted). */
  authorizationRequired = false;

  readonly triggers: TriggerRecord[] = [];
  #nextId = 1;

  newId(): string {
    return String(4_000_000 + this.#nextId++);
  }

  /** How late a recurring trigger runs after each of its nominal times (T5). */
  delayMs(id: string, everyMs: number): number {
    return clockTriggerDelayMs(this.#delay, id, everyMs);
  }

  /** The clock trigger that is due first at `now`, if any. */
  nextDue(now: number): TriggerRecord | null {
    const due = this.triggers.filter((t) => t.nextRunAt !== null && t.nextRunAt <= now);
    return due.sort((a, b) => (a.nextRunAt ?? 0) - (b.nextRunAt ?? 0))[0] ?? null;
  }

  /** The next time any clock trigger is due. */
  nextRunAt(): number | null {
    const times = this.triggers.flatMap((t) => (t.nextRunAt === null ? [] : [t.nextRunAt]));
    return times.length ? Math.min(...times) : null;
  }

  /** After a run: schedule the next one, or drop a one-off trigger. */
  ran(trigger: TriggerRecord): void {
    if (trigger.everyMs === null) this.remove(trigger.id);
    else if (trigger.nextRunAt !== null) trigger.nextRunAt += trigger.everyMs;
  }

  remove(id: string): void {
    const index = this.triggers.findIndex((t) => t.id === id);
    if (index >= 0) this.triggers.splice(index, 1);
  }
}

interface Context {
  readonly runtime: Runtime;
  readonly registry: TriggerRegistry;
  readonly addOn: boolean;
}

const TRIGGER_KIND: Record<TriggerEventType, string> = {
  CLOCK: 'time-based',
  ON_OPEN: 'open',
  ON_EDIT: 'edit',
  ON_CHANGE: 'change',
  ON_FORM_SUBMIT: 'form submit',
};

function install(context: Context, draft: Omit<TriggerRecord, 'id' | 'user'>): FakeTrigger {
  const { runtime, registry, addOn } = context;
  runtime.enter('triggers', 'TriggerBuilder.create');
  const { user } = runtime.identity();
  const mine = registry.triggers.filter((t) => t.user === user);
  const oneOffTooSoon =
    draft.eventType === 'CLOCK' && draft.everyMs === null && (draft.nextRunAt ?? 0) < HOUR;
  if (addOn && ((draft.everyMs !== null && draft.everyMs < HOUR) || oneOffTooSoon)) {
    throw gasError('Add-ons may not create time-based triggers to run more frequently than once per hour.');
  }
  if (addOn && mine.some((t) => t.eventType === draft.eventType && t.documentId === draft.documentId)) {
    throw gasError(
      `This add-on has created too many ${TRIGGER_KIND[draft.eventType]} triggers in this document for this Google user account.`,
    );
  }
  if (mine.length >= MAX_TRIGGERS_PER_USER) {
    throw gasError(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
  }
  // A clock trigger counts from its creation: the end of this round trip.
  const id = registry.newId();
  const delay = draft.everyMs === null ? 0 : registry.delayMs(id, draft.everyMs);
  const created = draft.nextRunAt === null ? null : runtime.clock.now() + draft.nextRunAt + delay;
  const record: TriggerRecord = { ...draft, nextRunAt: created, id, user };
  registry.triggers.push(record);
  return new FakeTrigger(record);
}

export class FakeTrigger {
  readonly #record: TriggerRecord;

  constructor(record: TriggerRecord) {
    this.#record = record;
  }

  getHandlerFunction(): string {
    return this.#record.handler;
  }

  getUniqueId(): string {
    return this.#record.id;
  }

  getTriggerSourceId(): string {
    return this.#record.documentId ?? '';
  }

  /** Enum-typed in Apps Script; answered by name. */
  getEventType(): TriggerEventType {
    return this.#record.eventType;
  }

  getTriggerSource(): 'CLOCK' | 'SPREADSHEETS' {
    return this.#record.eventType === 'CLOCK' ? 'CLOCK' : 'SPREADSHEETS';
  }
}

export class FakeClockTriggerBuilder {
  readonly #context: Context;
  readonly #handler: string;
  #everyMs: number | null = null;
  #afterMs: number | null = null;

  constructor(context: Context, handler: string) {
    this.#context = context;
    this.#handler = handler;
  }

  everyMinutes(n: number): FakeClockTriggerBuilder {
    if (![1, 5, 10, 15, 30].includes(n))
      throw gasError('The value passed to everyMinutes must be one of 1, 5, 10, 15 or 30.');
    this.#everyMs = n * MINUTE;
    return this;
  }

  everyHours(n: number): FakeClockTriggerBuilder {
    if (!Number.isInteger(n) || n < 1) throw gasError(`Invalid argument: ${n}`);
    this.#everyMs = n * HOUR;
    return this;
  }

  everyDays(n: number): FakeClockTriggerBuilder {
    if (!Number.isInteger(n) || n < 1) throw gasError(`Invalid argument: ${n}`);
    this.#everyMs = n * 24 * HOUR;
    return this;
  }

  after(durationMilliseconds: number): FakeClockTriggerBuilder {
    this.#afterMs = Math.max(0, durationMilliseconds);
    return this;
  }

  create(): FakeTrigger {
    const { runtime } = this.#context;
    if (this.#everyMs === null && this.#afterMs === null) {
      throw gasError(
        'Emulator: a clock trigger needs everyMinutes, everyHours, everyDays or after before create()',
      );
    }
    const first = this.#afterMs ?? this.#everyMs ?? 0;
    return install(this.#context, {
      handler: this.#handler,
      eventType: 'CLOCK',
      documentId: runtime.identity().documentId,
      everyMs: this.#afterMs !== null ? null : this.#everyMs,
      // Counted from the creation by install().
      nextRunAt: first,
    });
  }
}

export class FakeSpreadsheetTriggerBuilder {
  readonly #context: Context;
  readonly #handler: string;
  readonly #documentId: string;
  #eventType: TriggerEventType | null = null;

  constructor(context: Context, handler: string, documentId: string) {
    this.#context = context;
    this.#handler = handler;
    this.#documentId = documentId;
  }

  onOpen(): FakeSpreadsheetTriggerBuilder {
    return this.#on('ON_OPEN');
  }

  onEdit(): FakeSpreadsheetTriggerBuilder {
    return this.#on('ON_EDIT');
  }

  onChange(): FakeSpreadsheetTriggerBuilder {
    return this.#on('ON_CHANGE');
  }

  onFormSubmit(): FakeSpreadsheetTriggerBuilder {
    return this.#on('ON_FORM_SUBMIT');
  }

  create(): FakeTrigger {
    if (!this.#eventType)
      throw gasError('Emulator: a spreadsheet trigger needs onOpen, onEdit, ... before create()');
    return install(this.#context, {
      handler: this.#handler,
      eventType: this.#eventType,
      documentId: this.#documentId,
      everyMs: null,
      nextRunAt: null,
    });
  }

  #on(eventType: TriggerEventType): FakeSpreadsheetTriggerBuilder {
    this.#eventType = eventType;
    return this;
  }
}

export class FakeTriggerBuilder {
  readonly #context: Context;
  readonly #handler: string;

  constructor(context: Context, handler: string) {
    this.#context = context;
    this.#handler = handler;
  }

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.#context, this.#handler);
  }

  forSpreadsheet(sheet: FakeSpreadsheet | string): FakeSpreadsheetTriggerBuilder {
    const id = typeof sheet === 'string' ? sheet : sheet.getId();
    return new FakeSpreadsheetTriggerBuilder(this.#context, this.#handler, id);
  }
}

export class FakeAuthorizationInfo {
  readonly #required: boolean;

  constructor(required: boolean) {
    this.#required = required;
  }

  /** Where the user grants what is missing; null when nothing is (as Apps Script answers). */
  getAuthorizationUrl(): string {
    return this.#required ? 'https://script.google.com/macros/d/emulated-script/authorize' : '';
  }

  /**
   * Enum-typed in Apps Script. REQUIRED once the user's grant no longer covers the manifest (a
   * new scope in an update, a revoked grant): see TriggerRegistry.authorizationRequired.
   */
  getAuthorizationStatus(): 'REQUIRED' | 'NOT_REQUIRED' {
    return this.#required ? 'REQUIRED' : 'NOT_REQUIRED';
  }
}

export class FakeScriptApp {
  readonly AuthMode = enumOf<AuthModeName>(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);
  readonly AuthorizationStatus = enumOf(['REQUIRED', 'NOT_REQUIRED'] as const);
  readonly EventType = enumOf<TriggerEventType>([
    'CLOCK',
    'ON_OPEN',
    'ON_EDIT',
    'ON_CHANGE',
    'ON_FORM_SUBMIT',
  ]);
  readonly TriggerSource = enumOf(['SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR'] as const);
  readonly #context: Context;

  constructor(runtime: Runtime, registry: TriggerRegistry, addOn: boolean) {
    this.#context = { runtime, registry, addOn };
  }

  newTrigger(functionName: string): FakeTriggerBuilder {
    this.#context.runtime.enter('triggers', 'ScriptApp.newTrigger');
    return new FakeTriggerBuilder(this.#context, String(functionName));
  }

  getProjectTriggers(): FakeTrigger[] {
    this.#context.runtime.enter('triggers', 'ScriptApp.getProjectTriggers');
    const { user } = this.#context.runtime.identity();
    return this.#context.registry.triggers.filter((t) => t.user === user).map((t) => new FakeTrigger(t));
  }

  /** getUserTriggers(spreadsheet): the user's triggers on that document (documents and forms do not exist here). */
  getUserTriggers(document: unknown): FakeTrigger[] {
    this.#context.runtime.enter('triggers', 'ScriptApp.getUserTriggers');
    const { user } = this.#context.runtime.identity();
    const id = (document as FakeSpreadsheet).getId();
    return this.#context.registry.triggers
      .filter((t) => t.user === user && t.documentId === id)
      .map((t) => new FakeTrigger(t));
  }

  deleteTrigger(trigger: FakeTrigger): void {
    this.#context.runtime.enter('triggers', 'ScriptApp.deleteTrigger');
    this.#context.registry.remove(trigger.getUniqueId());
  }

  getScriptId(): string {
    this.#context.runtime.enter('free', 'ScriptApp.getScriptId');
    return 'emulated-script-id';
  }

  getAuthorizationInfo(_authMode: unknown): FakeAuthorizationInfo {
    this.#context.runtime.enter('free', 'ScriptApp.getAuthorizationInfo');
    return new FakeAuthorizationInfo(this.#context.registry.authorizationRequired);
  }
}
