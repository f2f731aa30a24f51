// Paid once across all your spreadsheets (issue 33): an answer bought with an account's key in one
// spreadsheet of a user is free in every other spreadsheet of that user using the same account,
// by a formula, a bulk run and a watch; a different account's key pays, another user pays, and an
// editor of a shared-key spreadsheet reads the owner's memory. Credits are the fake API's ledger:
// PRONET_EMAIL costs 10 credits a lookup.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import {
  createWorld,
  drive,
  enterFormula,
  enterFormulaBeforeItsTrigger,
  openAnotherSpreadsheet,
  openAsEditor,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const OTHER_PROFILE = 'https://www.pronet.com/in/grace-hopper';

function boughtInLeadsQ3(options: { addOn?: boolean } = {}): { q3: World; email: unknown } {
  const q3 = createWorld({
    plan: 10,
    emulator: { spreadsheetName: 'Leads Q3', ...(options.addOn ? { addOn: true } : {}) },
  });
  typeValues(q3, 'A2', [[PROFILE]]);
  const shown = enterFormula(q3, 'B2', '=PRONET_EMAIL(A2)');
  expect(shown.error).toBeNull();
  expect(spent(q3)).toBe(10);
  return { q3, email: shown.values[0]![0] };
}

/** Leads Q4, another spreadsheet of the user with the key shared in it, opened by Eve, an editor. */
function eveInLeadsQ4(q3: World): World {
  const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
  sidebar(q4, 'setApiKey', q4.key, 'document');
  return openAsEditor(q4, 'eve@example.com');
}

const emailConfig = (): BulkRunConfig => ({
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'pronet_profile_to_email',
  columns: { input: 1 },
  output: { mode: 'primary' },
});

describe('an answer bought in one spreadsheet of a user', () => {
  it("is free to a formula in the user's other spreadsheet, which shows the same email", () => {
    const { q3, email } = boughtInLeadsQ3();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4' });
    typeValues(q4, 'A7', [[PROFILE]]);

    const shown = enterFormula(q4, 'C7', '=PRONET_EMAIL(A7)');

    expect(shown.error).toBeNull();
    expect(shown.values[0]![0]).toBe(email);
    expect(spent(q4)).toBe(10);
    q4.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('C7').activate();
    const receipt = sidebar<SelectionReceipt>(q4, 'getCellReceipt', null);
    expect(Object.fromEntries(receipt.lines.map((line) => [line.label, line.text]))).toMatchObject({
      Bought: "Saved result, free. Bought in 'Leads Q3' on 2025-01-06 04:00 for 10 credits",
      // Lent by the memory, it became Leads Q4's own: the memory may let it go for room.
      Kept: 'In document properties and the memory of all your spreadsheets, until you clear or refresh it (bought today)',
    });
    // Each spreadsheet's spend report is its own, and says whose: Q4 bought nothing.
    sidebar(q4, 'openSpendReport', 'today');
    expect(q4.emu.values('Enrich spend report', 'A1:A3').map(([text]) => text)).toEqual([
      "Enrich for Sheets: spend report of 'Leads Q4'",
      'Today: 2025-01-06',
      'Total: 0 credits over 0 purchases (as Spending counts them)',
    ]);
    sidebar(q3, 'openSpendReport', 'today');
    expect(q3.emu.values('Enrich spend report', 'A1:A3').map(([text]) => text)).toEqual([
      "Enrich for Sheets: spend report of 'Leads Q3'",
      'Today: 2025-01-06',
      'Total: 10 credits over 1 purchase (as Spending counts them)',
    ]);
  });

  it("becomes the other spreadsheet's own in one write, planned on the read its formula made", () => {
    const { q3, email } = boughtInLeadsQ3();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4' });
    typeValues(q4, 'A7', [[PROFILE]]);

    const shown = enterFormulaBeforeItsTrigger(q4, 'C7', '=PRONET_EMAIL(A7)');

    expect(shown.values[0]![0]).toBe(email);
    const { calls } = q4.emu.runtime.finished.at(-1)!;
    // Its key, settings and saved answers in one read of each store; the keep is one write.
    expect(calls.filter((call) => /^Properties\.get/.test(call))).toEqual([
      'Properties.getProperties',
      'Properties.getProperties',
    ]);
    expect(calls.filter((call) => /^Properties\.(set|delete)/.test(call))).toHaveLength(1);
    // Kept: the same formula elsewhere in Leads Q4 is its own hit, whatever the memory does.
    q4.emu.globals.PropertiesService.getUserProperties().deleteAllProperties();
    sidebar(q4, 'setApiKey', q4.key, 'user');
    expect(enterFormulaBeforeItsTrigger(q4, 'D7', '=PRONET_EMAIL(A7)').values[0]![0]).toBe(email);
    expect(spent(q4)).toBe(10);
  });

  it('is free to a bulk run there: only the new profile is bought', () => {
    const { q3, email } = boughtInLeadsQ3();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4' });
    typeValues(q4, 'A1:A3', [['Profile'], [PROFILE], [OTHER_PROFILE]]);

    const preview = sidebar<BulkPreview>(q4, 'previewBulkRun', emailConfig());
    expect(preview).toMatchObject({ cached: 1, toLookUp: 1, estimatedCredits: 10 });
    const started = sidebar<BulkProgress>(q4, 'startBulkRun', emailConfig(), preview.estimatedCredits);
    const done = drive(q4, started.runId);

    expect(done.state).toBe('done');
    expect(q4.emu.values('Sheet1', 'B2')).toEqual([[email]]);
    expect(spent(q4)).toBe(20);
  });

  it('is free to a watch there when the row arrives', () => {
    const { q3, email } = boughtInLeadsQ3({ addOn: true });
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', emulator: { addOn: true } });
    typeValues(q4, 'A1', [['Profile']]);
    sidebar<WatchList>(q4, 'createWatch', { kind: 'lookup', config: emailConfig(), dailyCap: 50 });

    q4.emu.edit(q4.bundle, 'Sheet1', 'A2', PROFILE);

    expect(q4.emu.values('Sheet1', 'B2')).toEqual([[email]]);
    expect(spent(q4)).toBe(10);
  });

  it("is bought again with a different account's key", () => {
    const { q3 } = boughtInLeadsQ3();
    const otherKey = q3.api.createAccount({ credits: 100 });
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', key: otherKey, plan: 10 });
    typeValues(q4, 'A2', [[PROFILE]]);

    enterFormula(q4, 'B2', '=PRONET_EMAIL(A2)');

    // Saving a key that replaces another checks it with a 1-credit lookup (key-replace.test.ts).
    const emails = q3.api.callsFor(otherKey).filter((call) => call.type === 'pronet_profile_to_email');
    expect(emails.map((call) => call.credits)).toEqual([10]);
    expect(spent(q3)).toBe(10);
  });

  it('is bought again by another user, even with the same key', () => {
    const { q3 } = boughtInLeadsQ3();
    const bobs = openAnotherSpreadsheet(q3, { name: "Bob's leads", user: 'bob@example.com', plan: 10 });
    typeValues(bobs, 'A2', [[PROFILE]]);

    enterFormula(bobs, 'B2', '=PRONET_EMAIL(A2)');

    expect(spent(q3)).toBe(20);
  });

  it("is free to an editor's formula in a spreadsheet whose key the owner shares", () => {
    const { q3, email } = boughtInLeadsQ3();
    const editor = eveInLeadsQ4(q3);
    typeValues(editor, 'A2', [[PROFILE]]);

    const shown = enterFormula(editor, 'B2', '=PRONET_EMAIL(A2)');

    expect(shown.values[0]![0]).toBe(email);
    expect(spent(q3)).toBe(10);
  });
  it("keeps what an editor's formula bought with the shared key for the owner, once the owner's trigger runs", () => {
    const { q3 } = boughtInLeadsQ3();
    const editor = eveInLeadsQ4(q3);
    typeValues(editor, 'A3', [[OTHER_PROFILE]]);

    // Eve's formula buys Grace's email; it may not write the owner's memory. The edit runs the
    // owner's Edit trigger, which keeps it there.
    const bought = enterFormula(editor, 'B3', '=PRONET_EMAIL(A3)');
    expect(spent(q3)).toBe(20);

    typeValues(q3, 'A5', [[OTHER_PROFILE]]);
    const shown = enterFormula(q3, 'B5', '=PRONET_EMAIL(A5)');
    expect(shown.values[0]![0]).toBe(bought.values[0]![0]);
    expect(spent(q3)).toBe(20);
  });
  it("tries the owner's memory again after a while, not on every edit, when it refused the answers", () => {
    const { q3 } = boughtInLeadsQ3();
    const editor = eveInLeadsQ4(q3);
    typeValues(editor, 'A3', [[OTHER_PROFILE]]);
    const owner = q3.emu.properties.storeFor({ user: 'owner@example.com' });
    // The owner's user properties are full of something else: 100 bytes are left, the memory
    // can take nothing.
    const used = [...owner].reduce((bytes, [key, value]) => bytes + Buffer.byteLength(key + value), 0);
    const fillers = Array.from({ length: 64 }, (_, i) => `filler:${String(i).padStart(2, '0')}`);
    const each = Math.floor((500 * 1024 - 100 - used) / fillers.length) - 10;
    for (const key of fillers) owner.set(key, 'x'.repeat(each));

    enterFormula(editor, 'B3', '=PRONET_EMAIL(A3)');
    expect(spent(q3)).toBe(20);
    const triggerRuns = () => editor.emu.runtime.finished.filter((run) => /edit trigger/.test(run.label));
    const before = triggerRuns().length;
    for (const row of [10, 11, 12]) editor.emu.edit(editor.bundle, 'Sheet1', `D${row}`, 'just typing');
    const edits = triggerRuns().slice(before);
    expect(edits.length).toBeGreaterThanOrEqual(3);
    for (const edit of edits) expect(edit.calls).toEqual(['CacheService.getDocumentCache', 'Cache.getAll']);

    // Room again, and half an hour later an edit gives the owner's memory what Leads Q4 bought.
    for (const key of fillers) owner.delete(key);
    q3.clock.advance(30 * 60_000);
    editor.emu.edit(editor.bundle, 'Sheet1', 'D13', 'just typing');
    typeValues(q3, 'A5', [[OTHER_PROFILE]]);
    enterFormula(q3, 'B5', '=PRONET_EMAIL(A5)');
    expect(spent(q3)).toBe(20);
  });

  it("sharing a key in one spreadsheet leaves the user's own key to their other spreadsheets", () => {
    const { q3 } = boughtInLeadsQ3();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    const shared = q3.api.createAccount({ credits: 100 });
    sidebar(q4, 'setApiKey', shared, 'document');
    typeValues(q3, 'A5', [[OTHER_PROFILE]]);

    const shown = enterFormula(q3, 'B5', '=PRONET_EMAIL(A5)');

    expect(shown.error).toBeNull();
    expect(spent(q3)).toBe(20);
    // The key shared in Leads Q4 paid for its own test only (1 credit).
    expect(q3.api.spent(shared)).toBe(1);
  });
  it("is free to a recipe's step there: only the phone is bought", () => {
    const { q3, email } = boughtInLeadsQ3();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    typeValues(q4, 'A1:A2', [['Profile'], [PROFILE]]);
    const config = {
      recipeId: 'contact-from-profile',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { profileUrl: 1 },
    };

    const preview = sidebar<RecipePreview>(q4, 'previewRecipe', config);
    expect(preview.creditsMax).toBe(50);
    const run = sidebar<BulkProgress>(q4, 'startRecipeRun', config, preview.creditsMax);

    expect(drive(q4, run.runId).state).toBe('done');
    expect(q4.emu.values('Sheet1', 'B2')).toEqual([[email]]);
    // The email (10 credits) in Leads Q3, the phone (50) here.
    expect(spent(q4)).toBe(60);
  });

  it('is free there when a filled-down column bought it, its formulas running at once', () => {
    const q3 = createWorld({ plan: 10, credits: 1000, emulator: { spreadsheetName: 'Leads Q3' } });
    saveSettings(q3, { formulaDailyCap: 1000 });
    const urls = Array.from({ length: 30 }, (_, i) => [`https://www.pronet.com/in/at-once-${i + 1}`]);
    typeValues(q3, 'A1:A30', urls);
    q3.emu.concurrently(
      () => urls.map((_, i) => enterFormulaBeforeItsTrigger(q3, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
      { atOnce: 10 },
    );
    // 30 emails at 10 credits.
    expect(spent(q3)).toBe(300);
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    typeValues(q4, 'A1:A30', urls);

    enterFormula(q4, 'B1', '=PRONET_EMAIL(A1:A30)');

    expect(q4.emu.values('Sheet1', 'B1:B30')).toEqual(q3.emu.values('Sheet1', 'B1:B30'));
    expect(spent(q3)).toBe(300);
  });
});
