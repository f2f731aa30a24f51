// The add-on's settings for one spreadsheet, stored as one JSON value in document properties.
// Reading never fails: a missing or damaged value falls back to the defaults.
import type { Settings } from '../../shared/rpc';
import { SETTINGS_ANSWERS } from '../text/catalogue/sidebar/settings-answers';
import { parseJsonObject } from '../text/json-text';

export const DEFAULT_SETTINGS: Settings = {
  formulaDailyCap: 100,
  confirmAbove: 25,
  runHardCap: 0,
  requestsPerSecond: 50,
};

const LIMITS: Record<keyof Settings, { min: number; max: number }> = {
  formulaDailyCap: { min: 0, max: 1_000_000 },
  confirmAbove: { min: 0, max: 1_000_000 },
  runHardCap: { min: 0, max: 10_000_000 },
  requestsPerSecond: { min: 1, max: 100 },
};

export function parseSettings(text: string | null | undefined): Settings {
  const stored: Partial<Record<keyof Settings, unknown>> = parseJsonObject(text) ?? {};
  const settings = { ...DEFAULT_SETTINGS };
  for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[name];
    if (typeof value === 'number' && Number.isFinite(value)) {
      settings[name] = Math.min(LIMITS[name].max, Math.max(LIMITS[name].min, value));
    }
  }
  return settings;
}

/**
 * What a document stores after a change: the settings its users set, and nothing else, so that a
 * default changed in a later version reaches every document that kept it. A setting counts as set
 * once it was stored, or when this change gives it another value than it had (the sidebar sends
 * every field on Save, the untouched ones included).
 */
export function settingsToStore(
  storedText: string | null | undefined,
  before: Settings,
  after: Settings,
): Partial<Settings> {
  const stored = storedKeys(storedText);
  const kept: Partial<Settings> = {};
  for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (stored.has(name) || after[name] !== before[name]) kept[name] = after[name];
  }
  return kept;
}

const storedKeys = (text: string | null | undefined) => new Set(Object.keys(parseJsonObject(text) ?? {}));

/** Checks a change from the sidebar; answers the new settings or a message saying what is wrong. */
export function updateSettings(
  current: Settings,
  change: Partial<Record<keyof Settings, unknown>>,
): { ok: true; settings: Settings } | { ok: false; message: string } {
  const next = { ...current };
  for (const [name, raw] of Object.entries(change)) {
    if (!(name in DEFAULT_SETTINGS)) return { ok: false, message: SETTINGS_ANSWERS.unknownSetting.say(name) };
    const key = name as keyof Settings;
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    const { min, max } = LIMITS[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
      return { ok: false, message: SETTINGS_ANSWERS.outOfBounds.say(settingCaption(key), min, max) };
    next[key] = value;
  }
  return { ok: true, settings: next };
}

/** What the sidebar calls each setting, and the unit its number is in. */
const SETTING_NAMES: Record<keyof Settings, { label: string; unit: string }> = {
  formulaDailyCap: { label: SETTINGS_ANSWERS.dailyBudget.text, unit: SETTINGS_ANSWERS.creditsADay.text },
  confirmAbove: { label: SETTINGS_ANSWERS.confirmAbove.text, unit: SETTINGS_ANSWERS.credits.text },
  runHardCap: { label: SETTINGS_ANSWERS.perRunCap.text, unit: SETTINGS_ANSWERS.credits.text },
  requestsPerSecond: { label: SETTINGS_ANSWERS.mostPerSecond.text, unit: SETTINGS_ANSWERS.plansFigure.text },
};

/** "Keep results for (days)": the field's label in the sidebar, and how its messages name it. */
export function settingCaption(key: keyof Settings): string {
  const { label, unit } = SETTING_NAMES[key];
  return SETTINGS_ANSWERS.caption.say(label, unit);
}
