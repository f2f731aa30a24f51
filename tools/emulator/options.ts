// What an emulator is created with (emulator.ts).
import type { VirtualClock } from './clock';
import type { ClockTriggerDelay } from './clock-trigger-delay';
import type { SharedBackend } from './shared-backend';
import type { AccountKind } from './trigger-quota';
import type { FetchHandler, FetchRequest } from './urlfetch';

export interface EmulatorOptions {
  readonly fetchHandler: FetchHandler;
  /** Virtual milliseconds per HTTP round trip (a fetchAll batch costs one). Default 300. */
  readonly latencyMs?: number | ((request: FetchRequest) => number);
  /** Run as an editor add-on (trigger rules, no active spreadsheet in time-driven triggers). */
  readonly addOn?: boolean;
  readonly clock?: VirtualClock;
  /** The person at the keyboard. Default owner@example.com. */
  readonly userEmail?: string;
  /** The spreadsheet's owner, whose user properties formulas read. Default: the user. */
  readonly ownerEmail?: string;
  readonly timeZone?: string;
  readonly spreadsheetName?: string;
  /** The add-on menu's caption. Default "Enrich for Sheets". */
  readonly addOnName?: string;
  readonly urlFetchDailyQuota?: number;
  /** Recalculate formulas a menu/sidebar/trigger execution wrote, as Sheets does after it. Default true. */
  readonly recalculateAfterExecution?: boolean;
  /** Whose daily trigger runtime quota applies (90 min consumer, 6 h Workspace), or its ms. Default consumer. */
  readonly account?: AccountKind | number;
  /**
   * How late a recurring time-driven trigger runs after its nominal times (T5): 'seeded' (a delay
   * within the hour of its own, from its id), or 'latest' (the latest Google documents: for a
   * bound). Default 'seeded'.
   */
  readonly clockTriggerDelay?: ClockTriggerDelay;
  /**
   * Another spreadsheet of the same Google backend: this emulator's document is a new one, on the
   * other's clock, sharing its script, user and document stores of Properties and Cache (a user's
   * properties and cache follow the user across documents, P5, C6) and the daily quotas. Each
   * emulator keeps its own sheets, document properties and cache, locks and triggers.
   */
  readonly sharedWith?: SharedBackend;
  /**
   * With `sharedWith`: the same spreadsheet, opened by another person (`userEmail`, an editor when
   * `ownerEmail` is the other's user): its sheets and document stores too.
   */
  readonly sameSpreadsheet?: boolean;
}
