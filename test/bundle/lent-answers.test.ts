// Answers the memory across the user's spreadsheets lends become the document's own (issue 38): a
// bulk run, a recipe or a preview that takes an answer from the memory keeps it in this
// document's durable store, so that once the memory no longer holds it nothing is bought again;
// and a run during which the hidden sheet was deleted says so when it ends. Prices are the spec's:
// a website from a company name, 1 credit.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import {
  callFunction,
  createWorld,
  drive,
  forgetUserMemory,
  openAnotherSpreadsheet,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const CACHE = '_enrich_cache';
const HOUR = 3_600_000;

const websites = (sheetName: string): BulkRunConfig => ({
  sheetName,
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
});

const companies = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Company ${from + i}`);

function leads(world: World, sheetName: string, names: readonly string[]): void {
  typeValues(world, `A1:A${names.length + 1}`, [['Company'], ...names.map((name) => [name])], sheetName);
}

/** Hours later the fast cache has forgotten everything. */
function hoursLater(world: World): void {
  world.clock.advance(7 * HOUR);
  world.emu.cache.forgetEverything();
}

/** A bulk run's slices, the first `before` of them before `meanwhile` happens. */
function runWith(world: World, sheetName: string, before: number, meanwhile: () => void): BulkProgress {
  const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites(sheetName));
  let progress = sidebar<BulkProgress>(world, 'startBulkRun', websites(sheetName), preview.estimatedCredits);
  for (let call = 0; call < before; call++) {
    progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
    if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
  }
  meanwhile();
  return progress.state === 'running' ? drive(world, progress.runId) : progress;
}

describe('a bulk run during which the hidden sheet was deleted', () => {
  it('says so when it ends', () => {
    // 30 companies, then 400 rows repeating them: a slice takes 400 rows, so the run's second
    // slice copies the last 30 rows' answers from rows above, buying nothing.
    const world = createWorld({ plan: 1 });
    const names = companies(1, 30);
    leads(world, 'Leads', [...names, ...Array.from({ length: 400 }, (_, i) => names[i % 30]!)]);
    const done = runWith(world, 'Leads', 1, () => {
      expect(sidebar<BulkProgress>(world, 'getBulkRun')).toMatchObject({ state: 'running' });
      world.emu.user.deleteSheet(world.bundle, CACHE);
    });
    expect(done).toMatchObject({ state: 'done', done: 430, creditsSpent: 30 });
    expect(spent(world)).toBe(30);
    expect(done.message).toBe(
      'The run is done, but the hidden sheet "_enrich_cache" was deleted: the 30 saved results it ' +
        'kept are lost, and buying them again would cost up to 30 credits. Saved results lets you choose.',
    );
  });
});

describe('answers the memory lends to a rerun', () => {
  /** 30 websites bought by a run, the hidden sheet deleted after it; 7 hours later, a rerun. */
  function lentToRerun(): World {
    const world = createWorld();
    leads(world, 'Leads', companies(1, 30));
    const first = runWith(world, 'Leads', 0, () => undefined);
    expect(first).toMatchObject({ state: 'done', creditsSpent: 30 });
    world.emu.user.deleteSheet(world.bundle, CACHE);
    hoursLater(world);
    leads(world, 'Again', companies(1, 30));
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites('Again'));
    expect(preview).toMatchObject({ cached: 30, toLookUp: 0, estimatedCredits: 0 });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites('Again'), 0);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', creditsSpent: 0 });
    return world;
  }

  it("become the document's own: once the memory forgets them, nothing is bought again", () => {
    const world = lentToRerun();
    hoursLater(world);
    forgetUserMemory(world);
    leads(world, 'Third', companies(1, 30));
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', websites('Third'))).toMatchObject({
      cached: 30,
      toLookUp: 0,
      estimatedCredits: 0,
    });
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 7')).toBe('7.com');
    expect(spent(world)).toBe(30);
  });
});

describe('answers the memory lends after rows of the hidden sheet were deleted', () => {
  it("become the document's own: once the memory forgets them, nothing is bought again", () => {
    const world = createWorld();
    leads(world, 'Leads', companies(1, 20));
    expect(runWith(world, 'Leads', 0, () => undefined)).toMatchObject({ state: 'done', creditsSpent: 20 });
    world.emu.user.deleteRows(world.bundle, CACHE, 2, 5);
    hoursLater(world);
    leads(world, 'Again', companies(1, 20));
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites('Again'));
    expect(preview).toMatchObject({ cached: 20, toLookUp: 0, estimatedCredits: 0 });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites('Again'), 0);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', creditsSpent: 0 });

    hoursLater(world);
    forgetUserMemory(world);
    leads(world, 'Third', companies(1, 20));
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', websites('Third'))).toMatchObject({
      cached: 20,
      estimatedCredits: 0,
    });
    expect(spent(world)).toBe(20);
  });
});

describe('answers Leads Q3 bought, lent to a bulk run in Leads Q4', () => {
  const boughtOf = (world: World, a1: string) => {
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange(a1).activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    return receipt.lines.find((line) => line.label === 'Bought')?.text;
  };

  it("are Leads Q4's own once its run took them, and its receipts say where they were bought", () => {
    const q3 = createWorld({ plan: 10, emulator: { spreadsheetName: 'Leads Q3' } });
    leads(q3, 'Leads', companies(1, 5));
    expect(runWith(q3, 'Leads', 0, () => undefined)).toMatchObject({ state: 'done', creditsSpent: 5 });
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    leads(q4, 'Leads', companies(1, 5));
    expect(runWith(q4, 'Leads', 0, () => undefined)).toMatchObject({ state: 'done', creditsSpent: 0 });
    expect(boughtOf(q4, 'B2')).toBe(
      "Saved result, free. Bought in 'Leads Q3' on 2025-01-06 04:00 for 1 credit",
    );

    hoursLater(q4);
    forgetUserMemory(q4);
    leads(q4, 'Again', companies(1, 5));
    expect(sidebar<BulkPreview>(q4, 'previewBulkRun', websites('Again'))).toMatchObject({
      cached: 5,
      estimatedCredits: 0,
    });
    expect(spent(q4)).toBe(5);
    expect(boughtOf(q4, 'B2')).toBe(
      "Saved result, free. Bought 2025-01-06 04:00 for 1 credit; that purchase is not in this spreadsheet's record (it was bought in another, or over 90 days ago)",
    );
  });
});

describe('an email Leads Q3 bought, lent to a watch and a recipe in Leads Q4', () => {
  const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
  const emails = (sheetName: string): BulkRunConfig => ({
    sheetName,
    headerRow: 1,
    type: 'pronet_profile_to_email',
    columns: { input: 1 },
    output: { mode: 'primary' },
  });

  /** Leads Q3 buys Ada's email (10 credits, the spec's price); Leads Q4 then takes it, as `take` does. */
  function lentTo(take: (q4: World) => void): World {
    const q3 = createWorld({ plan: 10, emulator: { spreadsheetName: 'Leads Q3', addOn: true } });
    typeValues(q3, 'A2', [[PROFILE]]);
    callFunction(q3, 'PRONET_EMAIL', PROFILE);
    expect(spent(q3)).toBe(10);
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10, emulator: { addOn: true } });
    take(q4);
    const paid = spent(q4);
    hoursLater(q4);
    forgetUserMemory(q4);
    typeValues(q4, 'A1:A2', [['Profile'], [PROFILE]], 'Again');
    expect(sidebar<BulkPreview>(q4, 'previewBulkRun', emails('Again'))).toMatchObject({
      cached: 1,
      estimatedCredits: 0,
    });
    expect(spent(q4)).toBe(paid);
    return q4;
  }

  it('is kept by the watch that wrote it', () => {
    lentTo((q4) => {
      typeValues(q4, 'A1', [['Profile']]);
      sidebar(q4, 'createWatch', { kind: 'lookup', config: emails('Sheet1'), dailyCap: 50 });
      q4.emu.edit(q4.bundle, 'Sheet1', 'A2', PROFILE);
      expect(q4.emu.values('Sheet1', 'B2')[0]![0]).toMatch(/@/);
      expect(spent(q4)).toBe(10);
    });
  });

  it("is kept by the recipe's step that wrote it", () => {
    lentTo((q4) => {
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
      // The phone (50 credits) is bought here; the email is Leads Q3's.
      expect(spent(q4)).toBe(60);
    });
  });
});
