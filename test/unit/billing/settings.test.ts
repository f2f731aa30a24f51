import {
  DEFAULT_SETTINGS,
  parseSettings,
  settingsToStore,
  updateSettings,
} from '../../../src/core/billing/settings';
import type { Settings } from '../../../src/shared/rpc';

/** What the sidebar's form sends on Save: every field as it shows it, with the user's change. */
const form = (shown: Settings, change: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(shown).map(([name, value]) => [name, String(value)])),
  ...change,
});

function save(storedText: string | null, change: Record<string, string>): string {
  const before = parseSettings(storedText);
  const updated = updateSettings(before, form(before, change));
  if (!updated.ok) throw new Error(updated.message);
  return JSON.stringify(settingsToStore(storedText, before, updated.settings));
}

describe('the settings a document stores', () => {
  it('are only those its users set, though the form sends every field', () => {
    const first = save(null, { formulaDailyCap: '500' });
    expect(first).toBe('{"formulaDailyCap":500}');
    // Set once, kept: a later Save of another field keeps it, even back at the default.
    expect(save(first, { runHardCap: '200' })).toBe('{"formulaDailyCap":500,"runHardCap":200}');
    expect(save(first, { formulaDailyCap: '100' })).toBe('{"formulaDailyCap":100}');
  });

  it('let a default changed in a later version reach a document that saved another setting', () => {
    const stored = save(null, { formulaDailyCap: '500' });
    const before = DEFAULT_SETTINGS.confirmAbove;
    try {
      DEFAULT_SETTINGS.confirmAbove = 60;
      expect(parseSettings(stored)).toMatchObject({ formulaDailyCap: 500, confirmAbove: 60 });
    } finally {
      DEFAULT_SETTINGS.confirmAbove = before;
    }
  });

  it('drop the "Keep results for (days)" a document saved: answers are kept whatever their age', () => {
    const stored = '{"formulaDailyCap":500,"cacheTtlDays":7}';
    expect(parseSettings(stored)).not.toHaveProperty('cacheTtlDays');
    expect(save(stored, { runHardCap: '200' })).toBe('{"formulaDailyCap":500,"runHardCap":200}');
  });
});
