// The services a script sees as globals, built over one runtime and the emulator's shared state.

import { type CompiledBundle, htmlFileReader } from './bundle';
import { FakeCacheService } from './cache';
import { FakeHtmlService } from './html';
import { FakeLockService } from './lock';
import { FakeLogger, fakeConsole, type LogCapture } from './logger';
import { FakePropertiesService, PROPERTY_DAILY_OPERATIONS } from './properties';
import type { Runtime } from './runtime';
import { FakeScriptApp, type TriggerRegistry } from './script-app';
import { FakeSession, type SessionPeople } from './session';
import type { SpreadsheetModel } from './sheet-model';
import { FakeSpreadsheetApp } from './spreadsheet-app';
import { FakeUi, type UiRecord } from './ui';
import { FakeUrlFetchApp, type UrlFetchOptions } from './urlfetch';
import { FakeUtilities } from './utilities';

/** The services a script sees as globals. */
export interface AppsScriptGlobals {
  readonly SpreadsheetApp: FakeSpreadsheetApp;
  readonly UrlFetchApp: FakeUrlFetchApp;
  readonly CacheService: FakeCacheService;
  readonly PropertiesService: FakePropertiesService;
  readonly LockService: FakeLockService;
  readonly Utilities: FakeUtilities;
  readonly ScriptApp: FakeScriptApp;
  readonly HtmlService: FakeHtmlService;
  readonly Session: FakeSession;
  readonly Logger: FakeLogger;
  readonly console: ReturnType<typeof fakeConsole>;
}

interface GlobalsSetup {
  readonly runtime: Runtime;
  readonly documents: ReadonlyMap<string, SpreadsheetModel>;
  readonly ui: UiRecord;
  /** The add-on menu's caption. */
  readonly addOnName: string;
  readonly triggers: TriggerRegistry;
  /** Whether the script runs as an editor add-on (trigger rules). */
  readonly addOn: boolean;
  readonly logs: LogCapture;
  readonly people: SessionPeople;
  /** The bundle last loaded or run, whose HTML files HtmlService reads. */
  readonly lastBundle: () => CompiledBundle | null;
  readonly fetch: UrlFetchOptions;
  /** Another spreadsheet's services, whose stores behind Properties and Cache these share. */
  readonly sharedWith?: AppsScriptGlobals;
}

export function createGlobals(setup: GlobalsSetup): AppsScriptGlobals {
  const { runtime, logs } = setup;
  return {
    SpreadsheetApp: new FakeSpreadsheetApp({
      runtime,
      documents: setup.documents,
      ui: () => new FakeUi(runtime, setup.ui, setup.addOnName),
    }),
    UrlFetchApp: new FakeUrlFetchApp(runtime, setup.fetch),
    CacheService: new FakeCacheService(runtime, setup.sharedWith?.CacheService.backing),
    PropertiesService: new FakePropertiesService(
      runtime,
      PROPERTY_DAILY_OPERATIONS,
      setup.sharedWith?.PropertiesService.backing,
    ),
    LockService: new FakeLockService(runtime, setup.sharedWith?.LockService.backing),
    Utilities: new FakeUtilities(runtime),
    ScriptApp: new FakeScriptApp(runtime, setup.triggers, setup.addOn),
    HtmlService: new FakeHtmlService(runtime, htmlFileReader(setup.lastBundle)),
    Session: new FakeSession(runtime, setup.people),
    Logger: new FakeLogger(logs),
    console: fakeConsole(logs),
  };
}
