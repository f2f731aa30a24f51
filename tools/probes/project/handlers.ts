// What Apps Script runs by itself: the simple onOpen (the menu; RT1, T8), and the installable
// triggers step 1 installs: Open (T8), Edit (T6, X9), Change (T9) and time-driven every minute
// (X5, X6). Each records what it saw; the probes in probes/events.ts read the records.

import type { Json } from '../json';
import { RECORDS } from './records';
import { SHEETS, spreadsheet, TYPED } from './sheets';
import { MENU_ITEMS, MENU_TITLE } from './steps';
import { allowedOrRefused, append, attempt, count, recall, remember } from './store';
import { URLS } from './urls';

interface EventLike {
  readonly authMode?: unknown;
  readonly changeType?: unknown;
  readonly triggerUid?: unknown;
  readonly value?: unknown;
  readonly range?: GoogleAppsScript.Spreadsheet.Range;
}

function buildMenu(): void {
  const menu = SpreadsheetApp.getUi().createMenu(MENU_TITLE);
  for (const item of MENU_ITEMS) menu.addItem(item.caption, item.functionName);
  menu.addToUi();
}

function identityHere(): string {
  const user = attempt(() => Session.getEffectiveUser().getEmail());
  if (!user.ok) return 'refused';
  return user.value === '' ? 'empty' : 'an address';
}

/** RT1: what the simple trigger's mode lets a script do. Writing waits for step 1's scratch sheet. */
function whatThisModeAllows(): Json {
  const scratch = attempt(() => spreadsheet().getSheetByName(SHEETS.scratch));
  const sheet = scratch.ok ? scratch.value : null;
  return {
    storage: allowedOrRefused(() => PropertiesService.getScriptProperties().getProperty('probe.none')),
    readDocument: allowedOrRefused(() => spreadsheet().getSheets()),
    writeDocument: sheet ? allowedOrRefused(() => sheet.getRange('Z1').setValue('opened')) : 'not tried',
    urlFetch: allowedOrRefused(() => UrlFetchApp.fetch(URLS.ok)),
    triggers: allowedOrRefused(() => ScriptApp.getProjectTriggers()),
    identity: identityHere(),
  };
}

export function onOpen(event?: EventLike): void {
  const start = Date.now();
  buildMenu();
  const allows = whatThisModeAllows();
  attempt(() =>
    remember(RECORDS.simpleOpen, { start, end: Date.now(), authMode: String(event?.authMode), allows }),
  );
}

export function probeOpened(event?: EventLike): void {
  const start = Date.now();
  remember(RECORDS.installableOpen, { start, end: Date.now(), authMode: String(event?.authMode) });
}

/** Reads the typed cell as the trigger sees it, and whether the formula had ended before and after. */
function typedAsSeen(range: GoogleAppsScript.Spreadsheet.Range): Json {
  const doneBefore = recall(RECORDS.typedFormula) !== undefined;
  const formula = range.getFormula();
  const value = String(range.getValue());
  const doneAfter = recall(RECORDS.typedFormula) !== undefined;
  return { formula, value, doneBefore, doneAfter };
}

export function probeEdited(event: EventLike): void {
  const start = Date.now();
  const range = event.range;
  if (!range) return;
  const where = `${range.getSheet().getName()}!${range.getA1Notation()}`;
  append(RECORDS.edits, where);
  if (where !== `${SHEETS.typed}!${TYPED.cell}`) return;
  const seen = typedAsSeen(range) as { [key: string]: Json };
  remember(RECORDS.typedTrigger, {
    ...seen,
    start,
    end: Date.now(),
    eventHasValue: event.value !== undefined,
  });
}

/** T9: every change the Change trigger is told of, by its type. */
export function probeChanged(event: EventLike): void {
  append(RECORDS.changes, String(event.changeType));
}

/** X5, X6: the first run records its event and fails on purpose; the next runs are counted. */
export function probeTick(event: EventLike): void {
  if (count(RECORDS.ticks) > 1) return;
  remember(RECORDS.tickEvent, {
    authMode: String(event.authMode),
    hasTriggerUid: typeof event.triggerUid === 'string' && event.triggerUid !== '',
    keys: Object.keys(event).sort(),
  });
  throw new Error('Probe X5: the first run of this trigger fails on purpose');
}
