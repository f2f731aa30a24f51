// Server side of the sidebar's settings calls.

import { paceText } from '../core/api/pacing';
import { parseSettings, SETTINGS_PROPERTY, settingsToStore, updateSettings } from '../core/billing/settings';
import type { PaceSummary, Settings } from '../shared/rpc';
import { appsScriptClock } from './adapters/apps-script';
import { executionContext } from './context';
import { documentProperty, setDocumentProperty } from './platform/properties';

export function getSettings(): Settings {
  return parseSettings(documentProperty(SETTINGS_PROPERTY));
}

/** Applies a change from the sidebar; a bad value throws a message the sidebar shows as is. */
export function saveSettings(change: Partial<Record<keyof Settings, unknown>>): Settings {
  const storedText = documentProperty(SETTINGS_PROPERTY);
  const current = parseSettings(storedText);
  const updated = updateSettings(current, change ?? {});
  if (!updated.ok) throw new Error(updated.message);
  const kept = settingsToStore(storedText, current, updated.settings);
  setDocumentProperty(SETTINGS_PROPERTY, JSON.stringify(kept));
  return updated.settings;
}

/** The pace learned for the account whose key is in use, as found in the document properties. */
export function getPace(): PaceSummary | null {
  const context = executionContext();
  if (!context) return null;
  const { pace, settings } = context;
  return {
    text: paceText(pace, settings.requestsPerSecond, appsScriptClock.now()),
    refusalsToday: pace.refusalsToday,
  };
}
