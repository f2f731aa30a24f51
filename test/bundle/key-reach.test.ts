// Who may spend a key (issue 40): the key panel says a key saved for the user is theirs alone
// ("only you"); an editor's formula in the owner's spreadsheet reads the owner's user properties
// (docs/platform-assumptions.md P6), so it must not spend that key, and its cell says what to do. A
// key shared with the spreadsheet is spent by its editors' formulas, as the panel says. Credits
// are the fake API's ledger: COMPANY_WEBSITE costs 1 credit.
import { createWorld, enterFormula, openAsEditor, sidebar, spent, typeValues } from './harness';

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
