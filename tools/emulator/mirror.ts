// Typing the fakes against @types/google-apps-script. A fake class `implements Mirror<Real, 'a' | 'b'>`:
// it must have exactly the real methods it names, accept every real overload, and answer with the
// real return type, except that Apps Script objects (Range, Sheet, Cache, ...) are swapped for the
// emulator's fakes, in parameters and results alike. A misspelled method, a missing overload or a
// wrong return type then fails to compile.
//
// Enums are the exception: the typings declare them as numeric enums, to which every `number` is
// assignable, so a type-level swap cannot tell `Integer` from `AuthMode`. Methods that take or return
// an enum are left out of `Mirror` and typed by the enum's member names (see `EnumName`), which is
// also what Apps Script's enum objects print as.

import type { FakeCache } from './cache';
import type { FakeHtmlOutput, FakeHtmlTemplate } from './html';
import type { FakeLock } from './lock';
import type { FakeLogger } from './logger';
import type { FakeProperties } from './properties';
import type { FakeRange } from './range';
import type {
  FakeAuthorizationInfo,
  FakeClockTriggerBuilder,
  FakeSpreadsheetTriggerBuilder,
  FakeTrigger,
  FakeTriggerBuilder,
} from './script-app';
import type { FakeUser } from './session';
import type { FakeSheet, FakeSpreadsheet } from './spreadsheet';
import type { FakeMenu, FakePromptResponse, FakeUi } from './ui';
import type { FakeHttpResponse } from './urlfetch';
import type { BlobSourceLike, FakeBlob } from './utilities';

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

/** The member names of an Apps Script enum object, e.g. 'OK' | 'CANCEL' | ... for `Button`. */
export type EnumName<E extends object> = Extract<keyof E, string>;

/** Apps Script exposes enums as objects whose members print as their names. */
export function enumOf<const N extends string>(names: readonly N[]): Readonly<Record<N, N>> {
  return Object.freeze(Object.fromEntries(names.map((name) => [name, name]))) as Record<N, N>;
}

export type ButtonName = EnumName<typeof GoogleAppsScript.Base.Button>;
export type ButtonSetName = EnumName<typeof GoogleAppsScript.Base.ButtonSet>;
export type AuthModeName = EnumName<typeof GoogleAppsScript.Script.AuthMode>;
