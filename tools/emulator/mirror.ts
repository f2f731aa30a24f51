// Typing the fakes against @types/google-apps-script. `Mirror<Real, 'a' | 'b'>` is the named methods
// of a real interface with every real overload and the real return type, except that Apps Script
// objects (Range, Sheet, Cache, ...) are swapped for the emulator's fakes, in parameters and results
// alike. `MirroredFakes` below checks each fake class against it: a misspelled method, a missing
// overload or a wrong return type fails to compile here. A new fake class gets a line there, and
// a pair in `Pairs` if another fake's method takes or returns it.
//
// The check lives here rather than in an `implements` clause on each class because it needs the
// whole table of fakes: the fakes import nothing from this file, so they import no one another
// through it either.
//
// Enums are the exception: the typings declare them as numeric enums, to which every `number` is
// assignable, so a type-level swap cannot tell `Integer` from `AuthMode`. Methods that take or return
// an enum are left out of the check and typed by the enum's member names (enums.ts).

import type { FakeCache, FakeCacheService } from './cache';
import type { FakeHtmlOutput, FakeHtmlService, FakeHtmlTemplate, OutputMethods } from './html';
import type { FakeLock, FakeLockService } from './lock';
import type { FakeLogger } from './logger';
import type { FakeProperties, FakePropertiesService, PropertiesMethods } from './properties';
import type { RangeMethods } from './range-cells';
import type {
  FakeAuthorizationInfo,
  FakeClockTriggerBuilder,
  FakeScriptApp,
  FakeSpreadsheetTriggerBuilder,
  FakeTrigger,
  FakeTriggerBuilder,
} from './script-app';
import type { FakeSession, FakeUser } from './session';
import type { SheetMethods } from './sheet-structure';
import type { FakeRange, FakeSheet, FakeSpreadsheet, SpreadsheetMethods } from './spreadsheet';
import type { FakeSpreadsheetApp } from './spreadsheet-app';
import type { FakeMenu, FakePromptResponse, FakeUi } from './ui';
import type { FakeHttpResponse, FakeUrlFetchApp } from './urlfetch';
import type { BlobMethods, BlobSourceLike, FakeBlob, FakeUtilities, UtilitiesMethods } from './utilities';

type Pairs = [
  [GoogleAppsScript.Spreadsheet.Range, FakeRange],
  [GoogleAppsScript.Spreadsheet.Sheet, FakeSheet],
  [GoogleAppsScript.Spreadsheet.Spreadsheet, FakeSpreadsheet],
  [GoogleAppsScript.Base.Ui, FakeUi],
  [GoogleAppsScript.Base.Menu, FakeMenu],
  [GoogleAppsScript.Base.PromptResponse, FakePromptResponse],
  [GoogleAppsScript.Base.User, FakeUser],
  [GoogleAppsScript.Base.Logger, FakeLogger],
  [GoogleAppsScript.Base.Blob, FakeBlob],
  [GoogleAppsScript.Base.BlobSource, BlobSourceLike],
  [GoogleAppsScript.HTML.HtmlOutput, FakeHtmlOutput],
  [GoogleAppsScript.HTML.HtmlTemplate, FakeHtmlTemplate],
  [GoogleAppsScript.Cache.Cache, FakeCache],
  [GoogleAppsScript.Properties.Properties, FakeProperties],
  [GoogleAppsScript.Lock.Lock, FakeLock],
  [GoogleAppsScript.URL_Fetch.HTTPResponse, FakeHttpResponse],
  [GoogleAppsScript.Script.Trigger, FakeTrigger],
  [GoogleAppsScript.Script.TriggerBuilder, FakeTriggerBuilder],
  [GoogleAppsScript.Script.ClockTriggerBuilder, FakeClockTriggerBuilder],
  [GoogleAppsScript.Script.SpreadsheetTriggerBuilder, FakeSpreadsheetTriggerBuilder],
  [GoogleAppsScript.Script.AuthorizationInfo, FakeAuthorizationInfo],
];

/** Exact match both ways, so a structurally similar interface is never swapped by mistake. */
type Lookup<R, P extends unknown[]> = P extends [[infer Real, infer Fake], ...infer Rest]
  ? [R] extends [Real]
    ? [Real] extends [R]
      ? Fake
      : Lookup<R, Rest>
    : Lookup<R, Rest>
  : R;

/** Swaps one type, element types of arrays included; distributes over unions (`Sheet | null`); keeps `any`. */
export type Swap<R> = 0 extends 1 & R
  ? R
  : R extends unknown
    ? R extends readonly (infer E)[]
      ? Lookup<E, Pairs>[]
      : Lookup<R, Pairs>
    : never;

type SwapAll<A extends unknown[]> = { [I in keyof A]: Swap<A[I]> };

/**
 * A function type with up to eight overloads, each swapped. Fewer overloads repeat the same one;
 * insertSheet, the largest used here, has exactly eight.
 */
type Swapped<F> = F extends {
  (...a: infer A1): infer R1;
  (...a: infer A2): infer R2;
  (...a: infer A3): infer R3;
  (...a: infer A4): infer R4;
  (...a: infer A5): infer R5;
  (...a: infer A6): infer R6;
  (...a: infer A7): infer R7;
  (...a: infer A8): infer R8;
}
  ? ((...a: SwapAll<A1>) => Swap<R1>) &
      ((...a: SwapAll<A2>) => Swap<R2>) &
      ((...a: SwapAll<A3>) => Swap<R3>) &
      ((...a: SwapAll<A4>) => Swap<R4>) &
      ((...a: SwapAll<A5>) => Swap<R5>) &
      ((...a: SwapAll<A6>) => Swap<R6>) &
      ((...a: SwapAll<A7>) => Swap<R7>) &
      ((...a: SwapAll<A8>) => Swap<R8>)
  : never;

/** The named methods of a real Apps Script interface, with Apps Script objects swapped for fakes. */
export type Mirror<T, K extends keyof T> = { [P in K]: Swapped<T[P]> };

/** Compiles only if `Fake` has each method `K` of `Real` as `Mirror` types it. */
type Mirrors<Fake extends Mirror<Real, K>, Real, K extends keyof Real> = [Fake, Real, K];

/** Every fake class and the real methods it mirrors (methods taking or returning enums aside). */
export type MirroredFakes = [
  Mirrors<
    FakeCache,
    GoogleAppsScript.Cache.Cache,
    'get' | 'getAll' | 'put' | 'putAll' | 'remove' | 'removeAll'
  >,
  Mirrors<FakeCacheService, GoogleAppsScript.Cache.CacheService, 'getScriptCache' | 'getUserCache'>,
  Mirrors<FakeHtmlOutput, GoogleAppsScript.HTML.HtmlOutput, OutputMethods>,
  Mirrors<FakeHtmlTemplate, GoogleAppsScript.HTML.HtmlTemplate, 'evaluate' | 'getRawContent'>,
  Mirrors<
    FakeHtmlService,
    GoogleAppsScript.HTML.HtmlService,
    'createHtmlOutput' | 'createHtmlOutputFromFile' | 'createTemplate' | 'createTemplateFromFile'
  >,
  Mirrors<FakeLock, GoogleAppsScript.Lock.Lock, 'hasLock' | 'releaseLock' | 'tryLock' | 'waitLock'>,
  Mirrors<FakeLockService, GoogleAppsScript.Lock.LockService, 'getScriptLock' | 'getUserLock'>,
  Mirrors<FakeLogger, GoogleAppsScript.Base.Logger, 'clear' | 'getLog' | 'log'>,
  Mirrors<FakeProperties, GoogleAppsScript.Properties.Properties, PropertiesMethods>,
  Mirrors<
    FakePropertiesService,
    GoogleAppsScript.Properties.PropertiesService,
    'getScriptProperties' | 'getUserProperties'
  >,
  Mirrors<FakeRange, GoogleAppsScript.Spreadsheet.Range, RangeMethods>,
  Mirrors<
    FakeTrigger,
    GoogleAppsScript.Script.Trigger,
    'getHandlerFunction' | 'getTriggerSourceId' | 'getUniqueId'
  >,
  Mirrors<
    FakeClockTriggerBuilder,
    GoogleAppsScript.Script.ClockTriggerBuilder,
    'after' | 'create' | 'everyDays' | 'everyHours' | 'everyMinutes'
  >,
  Mirrors<
    FakeSpreadsheetTriggerBuilder,
    GoogleAppsScript.Script.SpreadsheetTriggerBuilder,
    'create' | 'onChange' | 'onEdit' | 'onFormSubmit' | 'onOpen'
  >,
  Mirrors<FakeTriggerBuilder, GoogleAppsScript.Script.TriggerBuilder, 'forSpreadsheet' | 'timeBased'>,
  Mirrors<FakeAuthorizationInfo, GoogleAppsScript.Script.AuthorizationInfo, 'getAuthorizationUrl'>,
  Mirrors<
    FakeScriptApp,
    GoogleAppsScript.Script.ScriptApp,
    | 'deleteTrigger'
    | 'getAuthorizationInfo'
    | 'getProjectTriggers'
    | 'getScriptId'
    | 'getUserTriggers'
    | 'newTrigger'
  >,
  Mirrors<FakeUser, GoogleAppsScript.Base.User, 'getEmail'>,
  Mirrors<
    FakeSession,
    GoogleAppsScript.Base.Session,
    'getActiveUser' | 'getActiveUserLocale' | 'getEffectiveUser' | 'getScriptTimeZone'
  >,
  Mirrors<FakeSheet, GoogleAppsScript.Spreadsheet.Sheet, SheetMethods>,
  Mirrors<FakeSpreadsheet, GoogleAppsScript.Spreadsheet.Spreadsheet, SpreadsheetMethods>,
  Mirrors<
    FakeSpreadsheetApp,
    GoogleAppsScript.Spreadsheet.SpreadsheetApp,
    'flush' | 'getUi' | 'openById' | 'openByUrl'
  >,
  Mirrors<FakeMenu, GoogleAppsScript.Base.Menu, 'addItem' | 'addSeparator' | 'addSubMenu' | 'addToUi'>,
  Mirrors<
    FakeUi,
    GoogleAppsScript.Base.Ui,
    'createAddonMenu' | 'createMenu' | 'showModalDialog' | 'showModelessDialog' | 'showSidebar'
  >,
  Mirrors<
    FakeHttpResponse,
    GoogleAppsScript.URL_Fetch.HTTPResponse,
    'getAllHeaders' | 'getBlob' | 'getContent' | 'getContentText' | 'getHeaders' | 'getResponseCode'
  >,
  Mirrors<FakeUrlFetchApp, GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch' | 'fetchAll'>,
  Mirrors<FakeBlob, GoogleAppsScript.Base.Blob, BlobMethods>,
  Mirrors<FakeUtilities, GoogleAppsScript.Utilities.Utilities, UtilitiesMethods>,
];
