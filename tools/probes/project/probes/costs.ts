// What each service call costs (SC1, SC2 of docs/platform-assumptions.md): each call timed over
// several calls with the script's own clock. In the emulator that clock is virtual and moves by
// exactly what service-costs.ts charges; in Google it measures the round trips.

import { isJsonObject, type Json } from '../../json';
import { type Judgement, type Probe, seen } from '../../probe';
import { SHEETS, sheetNamed, spreadsheet } from '../sheets';
import { msPerCall } from '../store';

const TIMES = 10;
const TRIGGER_TIMES = 3;
/** Google's averages vary from run to run: slower than the emulator charges by less than this is noise. */
const NOISE = 1.15;

/**
 * The emulator must be as slow as Google, never faster: a call Google takes longer over than the
 * emulator charges (beyond noise) contradicts the assumption; a faster one confirms it.
 */
export function costJudge(observed: Json, expected: Json): Judgement {
  if (!isJsonObject(observed) || !isJsonObject(expected)) return { agrees: false, detail: 'no timings' };
  const slower = Object.entries(expected).flatMap(([call, charged]) => {
    const took = observed[call];
    if (typeof took !== 'number') return [`${call} was not timed`];
    return took > Number(charged) * NOISE
      ? [`${call} took ${took} ms, the emulator charges ${String(charged)}`]
      : [];
  });
  return slower.length === 0 ? { agrees: true } : { agrees: false, detail: slower.join('; ') };
}

const keys = (prefix: string) => Array.from({ length: TIMES }, (_, i) => `${prefix}-${i}`);

function propertyCosts(): Record<string, number> {
  const store = PropertiesService.getUserProperties();
  const names = keys('sc1');
  return {
    'PropertiesService.getScriptProperties': msPerCall(TIMES, () => PropertiesService.getScriptProperties()),
    'Properties.setProperty': msPerCall(TIMES, (i) => store.setProperty(names[i]!, 'v')),
    'Properties.getProperty': msPerCall(TIMES, (i) => store.getProperty(names[i]!)),
    'Properties.getProperties': msPerCall(TIMES, () => store.getProperties()),
    'Properties.setProperties': msPerCall(TIMES, (i) => store.setProperties({ [names[i]!]: 'w' })),
    'Properties.deleteProperty': msPerCall(TIMES, (i) => store.deleteProperty(names[i]!)),
  };
}

function cacheCosts(stamp: string): Record<string, number> {
  const cache = CacheService.getScriptCache();
  const names = keys(`sc1-${stamp}`);
  return {
    'CacheService.getScriptCache': msPerCall(TIMES, () => CacheService.getScriptCache()),
    'Cache.put': msPerCall(TIMES, (i) => cache.put(names[i]!, 'v', 600)),
    'Cache.get': msPerCall(TIMES, (i) => cache.get(names[i]!)),
    'Cache.getAll': msPerCall(TIMES, () => cache.getAll(names)),
    'Cache.putAll': msPerCall(TIMES, (i) => cache.putAll({ [names[i]!]: 'w' }, 600)),
    'Cache.remove': msPerCall(TIMES, (i) => cache.remove(names[i]!)),
    'Cache.removeAll': msPerCall(TIMES, () => cache.removeAll(names)),
  };
}

function lockCosts(): Record<string, number> {
  const lock = LockService.getScriptLock();
  let tryMs = 0;
  let releaseMs = 0;
  for (let i = 0; i < TIMES; i++) {
    const start = Date.now();
    lock.tryLock(1_000);
    const got = Date.now();
    lock.releaseLock();
    tryMs += got - start;
    releaseMs += Date.now() - got;
  }
  return {
    'LockService.getScriptLock': msPerCall(TIMES, () => LockService.getScriptLock()),
    'Lock.tryLock': Math.round(tryMs / TIMES),
    'Lock.releaseLock': Math.round(releaseMs / TIMES),
  };
}

function rangeCosts(): Record<string, number> {
  const sheet = sheetNamed(SHEETS.scratch);
  // A cell of its own for each call, made before the clock starts, so no read is served twice.
  const cells = Array.from({ length: TIMES }, (_, i) => sheet.getRange(40 + i, 1));
  const getValues = msPerCall(TIMES, (i) => cells[i]!.getValues());
  const setValues = msPerCall(TIMES, (i) => cells[i]!.setValues([[i]]));
  let flushMs = 0;
  for (let i = 0; i < TIMES; i++) {
    cells[i]!.setValues([[i + 1]]);
    const start = Date.now();
    SpreadsheetApp.flush();
    flushMs += Date.now() - start;
  }
  return {
    'Range.getValues': getValues,
    'Range.setValues': setValues,
    'SpreadsheetApp.flush': Math.round(flushMs / TIMES),
  };
}

function triggerCosts(): Record<string, number> {
  let createMs = 0;
  let deleteMs = 0;
  for (let i = 0; i < TRIGGER_TIMES; i++) {
    const start = Date.now();
    const trigger = ScriptApp.newTrigger('probeNothing').timeBased().everyHours(1).create();
    const created = Date.now();
    ScriptApp.deleteTrigger(trigger);
    createMs += created - start;
    deleteMs += Date.now() - created;
  }
  return {
    'ScriptApp.getProjectTriggers': msPerCall(TIMES, () => ScriptApp.getProjectTriggers()),
    'TriggerBuilder.create': Math.round(createMs / TRIGGER_TIMES),
    'ScriptApp.deleteTrigger': Math.round(deleteMs / TRIGGER_TIMES),
  };
}

function structureCosts(): Record<string, number> {
  const document = spreadsheet();
  const sheet = sheetNamed(SHEETS.scratch);
  const cells = Array.from({ length: TIMES }, (_, i) => sheet.getRange(60 + i, 1));
  return {
    'Spreadsheet.getSheetByName': msPerCall(TIMES, () => document.getSheetByName(SHEETS.scratch)),
    'Sheet.getRange': msPerCall(TIMES, (i) => sheet.getRange(50 + i, 2)),
    'Sheet.getLastRow': msPerCall(TIMES, () => sheet.getLastRow()),
    'Range.setNote': msPerCall(TIMES, (i) => cells[i]!.setNote(`note ${i}`)),
    'Session.getEffectiveUser': msPerCall(TIMES, () => Session.getEffectiveUser()),
  };
}

export const COST_PROBES: readonly Probe[] = [
  {
    name: 'sc1-published-call-costs',
    id: 'SC1',
    asks: 'Milliseconds per call of Properties, Cache, Lock, getValues, setValues and flush, over 10 calls each.',
    expected: {
      'PropertiesService.getScriptProperties': 2,
      'Properties.setProperty': 62,
      'Properties.getProperty': 32,
      'Properties.getProperties': 40,
      'Properties.setProperties': 70,
      'Properties.deleteProperty': 60,
      'CacheService.getScriptCache': 2,
      'Cache.put': 60,
      'Cache.get': 20,
      'Cache.getAll': 25,
      'Cache.putAll': 70,
      'Cache.remove': 90,
      'Cache.removeAll': 90,
      'Lock.tryLock': 50,
      'Lock.releaseLock': 20,
      'LockService.getScriptLock': 2,
      'Range.getValues': 100,
      'Range.setValues': 150,
      'SpreadsheetApp.flush': 600,
    },
    judge: costJudge,
    run: ({ stamp }) => seen({ ...propertyCosts(), ...cacheCosts(stamp), ...lockCosts(), ...rangeCosts() }),
  },
  {
    name: 'sc2-assumed-call-costs',
    id: 'SC2',
    asks: 'Milliseconds per call of the calls no source measures: sheet structure, notes, triggers, the user.',
    expected: {
      'ScriptApp.getProjectTriggers': 100,
      'TriggerBuilder.create': 150,
      'ScriptApp.deleteTrigger': 150,
      'Spreadsheet.getSheetByName': 50,
      'Sheet.getRange': 50,
      'Sheet.getLastRow': 50,
      'Range.setNote': 100,
      'Session.getEffectiveUser': 20,
    },
    judge: costJudge,
    run: () => seen({ ...triggerCosts(), ...structureCosts() }),
  },
];
