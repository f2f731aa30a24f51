// Who may spend a key (issue 40): the key panel says a key saved for the user is theirs alone
// ("only you"); an editor's formula in the owner's spreadsheet reads the owner's user properties
// (docs/platform-assumptions.md P6), so it must not spend that key, and its cell says what to do. A
// key shared with the spreadsheet is spent by its editors' formulas, as the panel says. Credits
// are the fake API's ledger: COMPANY_WEBSITE costs 1 credit.

import { keySavedWords } from '../../src/core/text/catalogue/sidebar/key';
import type { KeySaveResult } from '../../src/shared/rpc';
import { createWorld, enterFormula, openAsEditor, sidebar, spent, typeValues, type World } from './harness';

describe("a key saved for the spreadsheet's owner alone", () => {
  it("is not spent by an editor's formula, whose cell says what to do", () => {
    const owner = createWorld({ plan: 10 });
    typeValues(owner, 'A2:A3', [['Acme Corporation'], ['Globex']]);
    const editor = openAsEditor(owner, 'eve@example.com');

    const shown = enterFormula(editor, 'B2', '=COMPANY_WEBSITE(A2)');

    expect(spent(owner)).toBe(0);
    expect(shown.error?.message).toBe(
      "Error: Set your API key: the key here is saved for the spreadsheet's owner alone, so an editor's formula may not spend it. Share a key with this spreadsheet (Extensions > Enrich for Sheets > Open sidebar), or ask the owner to.",
    );
    // The owner's own formula spends it, as the panel says.
    expect(enterFormula(owner, 'B3', '=COMPANY_WEBSITE(A3)').error).toBeNull();
    expect(spent(owner)).toBe(1);
  });

  it('still shows an editor what the owner already bought, for free', () => {
    const owner = createWorld({ plan: 10 });
    typeValues(owner, 'A2', [['Acme Corporation']]);
    const bought = enterFormula(owner, 'B2', '=COMPANY_WEBSITE(A2)');
    const editor = openAsEditor(owner, 'eve@example.com');

    const shown = enterFormula(editor, 'C2', '=COMPANY_WEBSITE(A2)');

    expect(shown.error).toBeNull();
    expect(shown.values).toEqual(bought.values);
    expect(spent(owner)).toBe(1);
  });

  it("is spent by an editor's formula once the owner shares it with the spreadsheet", () => {
    const owner = createWorld({ plan: 10 });
    sidebar(owner, 'setApiKey', owner.key, 'document');
    const editor = openAsEditor(owner, 'eve@example.com');
    typeValues(editor, 'A2', [['Acme Corporation']]);

    expect(enterFormula(editor, 'B2', '=COMPANY_WEBSITE(A2)').error).toBeNull();
    expect(spent(owner)).toBe(1);
  });
});

/** The user has `count` of the add-on's triggers in other spreadsheets (Google allows 20 a user). */
function triggersElsewhere(world: World, count: number): void {
  for (let i = 0; i < count; i++)
    world.emu.triggers.triggers.push({
      id: `elsewhere-${i}`,
      handler: i % 2 === 0 ? 'collectOnEdit' : 'collectOnOpen',
      eventType: i % 2 === 0 ? 'ON_EDIT' : 'ON_OPEN',
      user: 'owner@example.com',
      documentId: `other-spreadsheet-${Math.floor(i / 2)}`,
      everyMs: null,
      nextRunAt: null,
    });
}

describe('saving the key when the user has used up their triggers', () => {
  it("says that this spreadsheet's work waits for edits or the sidebar, and what to do", () => {
    const world = createWorld({ saveKey: false, emulator: { addOn: true } });
    triggersElsewhere(world, 19);

    const saved = sidebar<KeySaveResult>(world, 'setApiKey', world.key, 'user');

    expect(saved.saved).toBe(true);
    expect(keySavedWords(saved)).toBe(
      "Key saved. Google allows 20 of the add-on's triggers a person, and refused this spreadsheet's Open trigger: results that take a while arrive here when someone edits the sheet or the sidebar is open, not on reopening. To free triggers, remove the key in the sidebar of spreadsheets you no longer use.",
    );
  });

  it('says that it waits for the sidebar alone when no trigger could be made', () => {
    const world = createWorld({ saveKey: false, emulator: { addOn: true } });
    triggersElsewhere(world, 20);

    const saved = sidebar<KeySaveResult>(world, 'setApiKey', world.key, 'user');

    expect(keySavedWords(saved)).toBe(
      "Key saved. Google allows 20 of the add-on's triggers a person, and refused this spreadsheet's Edit and Open triggers: results that take a while arrive here only while the sidebar is open. To free triggers, remove the key in the sidebar of spreadsheets you no longer use.",
    );
  });
});
