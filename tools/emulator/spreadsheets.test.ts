// Several spreadsheets of one Google backend (EmulatorOptions.sharedWith): what follows the user
// across documents and what stays with each document (P5, C6, P6 of docs/platform-assumptions.md).
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator, type Emulator } from './emulator';

const CODE = `
function remember(name, value) {
  PropertiesService.getUserProperties().setProperty(name, value);
  PropertiesService.getDocumentProperties().setProperty(name, value);
  CacheService.getUserCache().put(name, value);
  CacheService.getDocumentCache().put(name, value);
  SpreadsheetApp.getActiveSheet().getRange('A1').setValue(value);
}
function recall(name) {
  return [
    PropertiesService.getUserProperties().getProperty(name),
    PropertiesService.getDocumentProperties().getProperty(name),
    CacheService.getUserCache().get(name),
    CacheService.getDocumentCache().get(name),
    SpreadsheetApp.getActiveSheet().getRange('A1').getValue(),
  ];
}
function OWNERS_NOTE(name) { return PropertiesService.getUserProperties().getProperty(name); }
function KEEP_NOTE(name) { PropertiesService.getUserProperties().setProperty(name, 'kept'); return 'kept'; }
function documentId() { return SpreadsheetApp.getActiveSpreadsheet().getId(); }
`;

const fetchHandler = () => ({ status: 404, body: '' });

function open(emu: Emulator) {
  return emu.loadBundle(writeBundle(CODE));
}

afterAll(removeBundles);

describe('several spreadsheets of one user (P5, C6)', () => {
  it("share the user's properties and cache; each keeps its own document stores and sheets", () => {
    const leads = createEmulator({ fetchHandler, spreadsheetName: 'Leads Q3' });
    const q4 = createEmulator({ fetchHandler, spreadsheetName: 'Leads Q4', sharedWith: leads });
    leads.runExecution(open(leads), 'remember', ['list', 'q3'], { context: 'sidebar' });

    expect(q4.runExecution(open(q4), 'recall', ['list'], { context: 'sidebar' })).toEqual([
      'q3',
      null,
      'q3',
      null,
      '',
    ]);
    expect(q4.runExecution(open(q4), 'documentId', [], { context: 'sidebar' })).not.toBe(
      leads.runExecution(open(leads), 'documentId', [], { context: 'sidebar' }),
    );
    expect(q4.clock).toBe(leads.clock);
  });

  it("another user's spreadsheet sees none of them", () => {
    const leads = createEmulator({ fetchHandler });
    const bobs = createEmulator({ fetchHandler, userEmail: 'bob@example.com', sharedWith: leads });
    leads.runExecution(open(leads), 'remember', ['list', 'q3'], { context: 'sidebar' });

    expect(bobs.runExecution(open(bobs), 'recall', ['list'], { context: 'sidebar' })).toEqual([
      null,
      null,
      null,
      null,
      '',
    ]);
  });

  it("an editor's formula reads the owner's user properties and may not write them (P6)", () => {
    const leads = createEmulator({ fetchHandler });
    leads.runExecution(open(leads), 'remember', ['list', 'q3'], { context: 'sidebar' });
    const editor = createEmulator({
      fetchHandler,
      userEmail: 'eve@example.com',
      ownerEmail: 'owner@example.com',
      sharedWith: leads,
      sameSpreadsheet: true,
    });
    const bundle = open(editor);

    expect(editor.runCustomFunction(bundle, 'OWNERS_NOTE', ['list'])).toBe('q3');
    expect(() => editor.runCustomFunction(bundle, 'KEEP_NOTE', ['mine'])).toThrow(
      'You do not have permission to call Properties.setProperty',
    );
    expect(editor.runExecution(bundle, 'recall', ['list'], { context: 'sidebar' })).toEqual([
      null,
      'q3',
      null,
      'q3',
      'q3',
    ]);
    // The owner's own formula may.
    expect(leads.runCustomFunction(open(leads), 'KEEP_NOTE', ['mine'])).toBe('kept');
  });
});
