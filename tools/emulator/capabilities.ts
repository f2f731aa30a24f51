// What each authorization mode lets a script call. A service method names the capability it needs
// when it enters the runtime (runtime.ts); the manifest's scopes may refuse it too (manifest.ts).
//
// Verified: custom functions may use Cache, Properties, Lock, UrlFetch and Utilities and may read the
// spreadsheet but not write it or open another one; they run without a user (Session.getActiveUser
// throws there and in time-driven triggers).
// Assumed (ids of docs/platform-assumptions.md):
// - RT1: what AuthMode.LIMITED allows beyond the open document, its menus and storage

import type { AuthModeName } from './enums';
import { NO_UI_MESSAGE, noPermission, SCOPES } from './errors';

export type Capability =
  /** Utilities, Logger, HtmlService output building, enums: allowed everywhere. */
  | 'free'
  /** CacheService, PropertiesService, LockService. */
  | 'storage'
  | 'fetch'
  | 'sheet-read'
  | 'sheet-write'
  /** SpreadsheetApp.openById / openByUrl: another document than the open one. */
  | 'sheet-open'
  | 'ui'
  /** ScriptApp trigger management. */
  | 'triggers'
  /** Session.getEffectiveUser. */
  | 'identity'
  /** Session.getActiveUser: there is none in a formula or a time-driven trigger. */
  | 'active-identity';

/** What the refusal depends on: the execution's mode, and whether it has a user and a screen. */
interface Entitlement {
  readonly authMode: AuthModeName;
  readonly hasUi: boolean;
  readonly hasActiveUser: boolean;
}

/** The platform's refusal of `call` in this execution, or null when its mode allows it. */
export function refuse(execution: Entitlement, capability: Capability, call: string): Error | null {
  if (capability === 'free') return null;
  if (capability === 'ui') return execution.hasUi ? null : new Error(NO_UI_MESSAGE);
  if (capability === 'active-identity' && !execution.hasActiveUser) {
    return noPermission(call, SCOPES.userEmail);
  }
  const allowed = ALLOWED[execution.authMode];
  if (allowed.has(capability)) return null;
  // Apps Script names a class's static methods in full, an object's methods alone.
  const named = call.replace(/^(Range|Sheet|Spreadsheet)\./, '');
  if (capability === 'sheet-write') return noPermission(named);
  return noPermission(named, SCOPE_OF[capability]);
}

const ALLOWED: Record<AuthModeName, ReadonlySet<Capability>> = {
  NONE: new Set<Capability>([]),
  CUSTOM_FUNCTION: new Set<Capability>(['storage', 'fetch', 'sheet-read']),
  LIMITED: new Set<Capability>(['storage', 'sheet-read', 'sheet-write']),
  FULL: new Set<Capability>([
    'storage',
    'fetch',
    'sheet-read',
    'sheet-write',
    'sheet-open',
    'triggers',
    'identity',
    'active-identity',
  ]),
};

const SCOPE_OF: Partial<Record<Capability, string>> = {
  fetch: SCOPES.externalRequest,
  'sheet-read': SCOPES.spreadsheets,
  'sheet-open': SCOPES.spreadsheets,
  triggers: SCOPES.scriptApp,
  identity: SCOPES.userEmail,
  'active-identity': SCOPES.userEmail,
};
