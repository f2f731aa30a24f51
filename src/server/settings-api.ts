// Server side of the sidebar's settings calls.
import { parseSettings, SETTINGS_PROPERTY, updateSettings } from '../core/billing/settings';
import type { Settings } from '../shared/rpc';
import { documentProperty, setDocumentProperty } from './platform/properties';

export function getSettings(): Settings {
  return parseSettings(documentProperty(SETTINGS_PROPERTY));
}

/** Applies a change from the sidebar; a bad value throws a message the sidebar shows as is. */
export function saveSettings(change: Partial<Record<keyof Settings, unknown>>): Settings {
  const updated = updateSettings(getSettings(), change ?? {});
  if (!updated.ok) throw new Error(updated.message);
  setDocumentProperty(SETTINGS_PROPERTY, JSON.stringify(updated.settings));
  return updated.settings;
}
