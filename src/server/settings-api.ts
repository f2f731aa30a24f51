// Server side of the sidebar's settings calls.

import { paceProperty, paceSummary, paceView } from '../core/api/pacing';
import { parseSettings, settingsToStore, updateSettings } from '../core/billing/settings';
import { accountScope } from '../core/cache/keys';
import { PROPERTY } from '../core/platform/stored-keys';
import type { PaceSummary, Settings } from '../shared/rpc';
import { appsScriptClock, digestHashPort } from './adapters/apps-script';
import { readApiKey } from './api-key';
import { followBudget } from './collector/ended-formulas';
import {
  documentProperties,
  documentProperty,
  setDocumentProperty,
  userProperties,
} from './platform/properties';
import { rememberSpreadsheetFacts } from './platform/spreadsheet';

export const getSettings = (): Settings => parseSettings(documentProperty(PROPERTY.settings));

/** Applies a change from the sidebar; a bad value throws a message the sidebar shows as is. */
export function saveSettings(change: Partial<Record<keyof Settings, unknown>>): Settings {
  const storedText = documentProperty(PROPERTY.settings);
  const current = parseSettings(storedText);
  const updated = updateSettings(current, change ?? {});
  if (!updated.ok) throw new Error(updated.message);
  const kept = settingsToStore(storedText, current, updated.settings);
  setDocumentProperty(PROPERTY.settings, JSON.stringify(kept));
  if (updated.settings.formulaDailyCap !== current.formulaDailyCap) followBudget(updated.settings);
  rememberSpreadsheetFacts();
  return updated.settings;
}

/** The pace learned for the key in use, as found in the user's properties. */
export function getPace(): PaceSummary | null {
  const all = documentProperties()?.getProperties();
  return all ? paceSummaryIn(all, parseSettings(all[PROPERTY.settings] ?? null)) : null;
}

/** The pace as the sidebar shows it; `all`: the document properties a call already read (the key). */
export function paceSummaryIn(all: Record<string, string>, settings: Settings): PaceSummary | null {
  // Read whole once: the user's own key and the key's pace.
  let user: Record<string, string> | undefined;
  const userRead = () => (user ??= userProperties().getProperties());
  const found = readApiKey(all, userRead);
  if (!found) return null;
  const now = appsScriptClock.now();
  const scope = accountScope(digestHashPort, found.key);
  // The key's pace is the user's, in every spreadsheet (core/api/pacing.ts).
  const pace = paceView(userRead(), paceProperty(scope), settings.requestsPerSecond, now);
  return paceSummary(pace, settings.requestsPerSecond, now);
}
