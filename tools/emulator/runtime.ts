// What the platform knows about the execution in progress: its authorization mode, its time budget,
// whether it has a user interface, an open document and an active user. Every service method starts
// with `runtime.enter(capability, call)`, which throws the platform's timeout once the budget is
// spent and the platform's permission error when the mode does not allow the call (capabilities.ts).
//
// Verified: simple triggers have 30 s, other executions 6 min.
// Assumed (ids of docs/platform-assumptions.md):
// - RT2: an execution stops at the first service call or wait past its deadline, caught or not
// - RT3: service calls take no virtual time (the platform's 3-800 ms a call is not emulated)
// - RT4: killNextExecutionAtCall: the time limit may strike at any service call

import { type Capability, refuse } from './capabilities';
import type { VirtualClock } from './clock';
import type { AuthModeName } from './enums';
import { ExecutionTimeout } from './errors';
import { type Manifest, missingScope, notInManifest } from './manifest';
import type { RaceWindow } from './race';
import { DEFAULT_COST_MS, SERVICE_COST_MS } from './service-costs';

export interface CellAddress {
  readonly sheetName: string;
  readonly row: number;
  readonly column: number;
}

export interface ExecutionSpec {
  readonly label: string;
  readonly authMode: AuthModeName;
  readonly budgetMs: number;
  readonly hasUi: boolean;
  /** The document whose properties, cache and lock apply; null for a script with no document. */
  readonly documentId: string | null;
  /** False only where no document is open (a standalone script); triggers of add-ons have theirs. */
  readonly hasActiveSpreadsheet: boolean;
  /** Whose user properties, user cache and user lock apply (a formula uses the owner's). */
  readonly user: string;
  readonly hasActiveUser: boolean;
  /**
   * A formula run for an editor: it reads the owner's user properties and may not write them (P6).
   */
  readonly userStoresReadOnly?: boolean;
  /** The cell whose formula runs, for custom functions. */
  readonly caller?: CellAddress;
  /**
   * What the platform throws when the budget runs out; default its timeout. A trigger whose budget
   * the daily trigger runtime quota cut short ends with the quota's message (trigger-quota.ts).
   */
  readonly outOfTime?: () => Error;
}

export interface Execution extends ExecutionSpec {
  readonly id: number;
  readonly startedAt: number;
  readonly deadline: number;
  timedOut: boolean;
}

/**
 * One access to a store: which (`document properties`, `user cache`, `sheet`…), whether it wrote,
 * and the keys it named (a sheet's name for a sheet), or null for the whole store (getProperties).
 */
export interface StoreAccess {
  readonly store: string;
  readonly write: boolean;
  readonly keys: readonly string[] | null;
}

export interface FinishedExecution {
  readonly label: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly lockWaitMs: number;
  readonly timedOut: boolean;
  /** The service methods it called, in order (free utilities excepted). */
  readonly calls: readonly string[];
  /** Virtual milliseconds it spent in service calls. */
  readonly serviceMs: number;
  /** The stores it read and wrote, in order: for the footprint (bench/footprint.ts). */
  readonly stored: readonly StoreAccess[];
}

/** A call from a sidebar (google.script.run): the one kind of execution that starts while another runs. */
const isSidebarCall = (spec: ExecutionSpec) => spec.label.startsWith('sidebar ');

/** The error an execution out of time ends with, caught or not. */
const outOfTime = (spec: ExecutionSpec): Error => spec.outOfTime?.() ?? new ExecutionTimeout();

export const CUSTOM_FUNCTION_BUDGET_MS = 30_000;
export const SIMPLE_TRIGGER_BUDGET_MS = 30_000;
export const EXECUTION_BUDGET_MS = 6 * 60_000;

export interface Identity {
  readonly user: string;
  readonly documentId: string | null;
}

export class Runtime {
  readonly clock: VirtualClock;
  /** Open while executions are modelled as running at once (see race.ts). */
  race: RaceWindow | null = null;
  /** The loaded script's manifest: what its scopes and URL allowlist allow (manifest.ts). */
  manifest: Manifest | null = null;
  /** Whether service calls cost their time (service-costs.ts); off only to compare with free calls. */
  costs = true;
  /** Whether the running execution holds a lock; LockService registers it. */
  holdsLock: () => boolean = () => false;
  #current: Execution | null = null;
  /** Execution ids, one count across the emulators of one backend: a lock's owner is never ambiguous. */
  readonly #ids: { next: number };
  #endHooks: ((execution: Execution) => void)[] = [];
  /** Who acts outside any execution: a test setting up data, the playground's grid. */
  #outside: Identity;

  constructor(
    clock: VirtualClock,
    outside: Identity = { user: 'owner@example.com', documentId: null },
    ids: { next: number } = { next: 1 },
  ) {
    this.clock = clock;
    this.#outside = outside;
    this.#ids = ids;
  }

  get current(): Execution | null {
    return this.#current;
  }

  identity(): Identity {
    return this.#current ?? this.#outside;
  }

  setOutsideIdentity(identity: Identity): void {
    this.#outside = identity;
  }

  /** Called when any execution ends, however it ends: locks are released here. */
  onExecutionEnd(hook: (execution: Execution) => void): void {
    this.#endHooks.push(hook);
  }

  /**
   * Runs `body` as one execution. A timeout ends it with the platform's error even if the script
   * caught the error and carried on, as Apps Script stops the script outright.
   */
  run<T>(spec: ExecutionSpec, body: (execution: Execution) => T): T {
    const outer = this.#current;
    if (!outer) return this.#runOne(spec, body);
    if (!isSidebarCall(outer) || !isSidebarCall(spec))
      throw new Error(`Emulator: ${spec.label} cannot start inside ${outer.label}`);
    return this.#meanwhile(outer, () => this.#runOne(spec, body));
  }

  /**
   * A sidebar's call made while another of its calls runs (H3: google.script.run calls run at
   * once): it runs to its end at this instant of the other one, which waits for it meanwhile (the
   * stricter model: its time is the other's too), then goes on as it was.
   */
  #meanwhile<T>(outer: Execution, work: () => T): T {
    const saved = {
      calls: this.#calls,
      lockWaitMs: this.#lockWaitMs,
      executionCalls: this.#executionCalls,
      executionStored: this.#executionStored,
      deadline: this.clock.deadline,
    };
    this.#current = null;
    try {
      return work();
    } finally {
      this.#current = outer;
      this.#calls = saved.calls;
      this.#lockWaitMs = saved.lockWaitMs;
      this.#executionCalls = saved.executionCalls;
      this.#executionStored = saved.executionStored;
      this.clock.setDeadline(saved.deadline);
    }
  }

  #runOne<T>(spec: ExecutionSpec, body: (execution: Execution) => T): T {
    // Executions of a race window start when it opened, or when a slot frees up (race.ts).
    if (this.race) {
      const start = this.race.nextStart();
      if (start <= this.clock.now()) this.clock.rewindTo(start);
      else this.clock.advanceTo(start);
    }
    const startedAt = this.clock.now();
    const execution: Execution = {
      ...spec,
      id: this.#ids.next++,
      startedAt,
      deadline: startedAt + spec.budgetMs,
      timedOut: false,
    };
    this.#current = execution;
    this.#calls = 0;
    this.#lockWaitMs = 0;
    this.#executionCalls = [];
    this.#executionStored = [];
    const serviceMsBefore = this.#serviceMs;
    this.clock.setDeadline({
      at: execution.deadline,
      exceeded: () => {
        execution.timedOut = true;
        return outOfTime(execution);
      },
    });
    try {
      const result = body(execution);
      if (execution.timedOut) throw outOfTime(execution);
      return result;
    } catch (error) {
      if (execution.timedOut) throw outOfTime(execution);
      throw error;
    } finally {
      this.clock.setDeadline(null);
      this.#finished.push({
        label: execution.label,
        startedAt,
        endedAt: this.clock.now(),
        lockWaitMs: this.#lockWaitMs,
        timedOut: execution.timedOut,
        calls: this.#executionCalls,
        serviceMs: this.#serviceMs - serviceMsBefore,
        stored: this.#executionStored,
      });
      if (this.race) this.race.ended(this.clock.now());
      this.#current = null;
      for (const hook of this.#endHooks) hook(execution);
    }
  }

  /** The first line of every service method. Outside executions everything is allowed. */
  /**
   * Kills the next execution at its Nth service call, as the platform's time limit would if it
   * struck there: a test of what a kill at any point loses (nothing, it should be).
   */
  killNextExecutionAtCall(n: number): void {
    this.#killAtCall = n;
  }

  #killAtCall: number | null = null;
  #calls = 0;
  #executionCalls: string[] = [];
  #executionStored: StoreAccess[] = [];
  readonly #callCounts = new Map<string, number>();

  /**
   * How many times executions called each service method (by name, e.g. `Lock.tryLock`), free
   * utilities excepted: each is a round trip to a Google backend in real Apps Script.
   */
  serviceCalls(): Record<string, number> {
    return Object.fromEntries(this.#callCounts);
  }

  enter(capability: Capability, call: string): void {
    const execution = this.#current;
    if (!execution) return;
    if (capability !== 'free') {
      this.#callCounts.set(call, (this.#callCounts.get(call) ?? 0) + 1);
      this.#executionCalls.push(call);
    }
    if (this.#killAtCall !== null && ++this.#calls >= this.#killAtCall) {
      this.#killAtCall = null;
      execution.timedOut = true;
    }
    if (execution.timedOut || this.clock.now() > execution.deadline) {
      execution.timedOut = true;
      throw outOfTime(execution);
    }
    const refusal = refuse(execution, capability, call) ?? this.#outOfScope(capability, call);
    if (refusal) throw refusal;
    // The round trip to Google: past the execution's limit the clock stops there and throws.
    const cost = this.costs ? (SERVICE_COST_MS[call] ?? DEFAULT_COST_MS[capability] ?? 0) : 0;
    if (cost > 0) this.clock.block(cost, 'service');
    this.#serviceMs += cost;
  }

  /** Notes what a store call of the running execution read or wrote (outside executions: nothing). */
  noteStored(store: string, write: boolean, keys: readonly string[] | null): void {
    if (this.#current) this.#executionStored.push({ store, write, keys });
  }

  #serviceMs = 0;
  #lockWaitMs = 0;
  readonly #finished: FinishedExecution[] = [];

  /** Time the running execution spent waiting for a lock another held. */
  noteLockWait(ms: number): void {
    this.#lockWaitMs += ms;
  }

  /** Every execution that ended, with how long it ran and waited for locks: for the benchmark. */
  get finished(): readonly FinishedExecution[] {
    return this.#finished;
  }

  #outOfScope(capability: Capability, call: string): Error | null {
    const scope = missingScope(this.manifest, capability);
    return scope === null ? null : notInManifest(call.replace(/^(Range|Sheet|Spreadsheet)\./, ''), scope);
  }

  /** Virtual milliseconds executions have spent in service calls so far. */
  serviceMs(): number {
    return this.#serviceMs;
  }
}
