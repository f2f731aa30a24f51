// Output columns belong to one input: a bulk run, a recipe or a watch writes only into columns made
// for the same input columns and lookup, and never counts another input's answer as its row's.
// The built add-on in the emulator against the fake API: cells are literals of the fake's data
// ("Company N" is on N.com, company_name_to_website costs 1 credit), credits are its ledger.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, spent, typeValues, type World } from './harness';

const STATUS = 'Status (Website from company name)';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const website = (input: number): BulkRunConfig => ({
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input },
  output: { mode: 'primary' },
});

/** The sidebar's loop: call again when told, until the run leaves `running`. */
function drive(world: World, runId: string): BulkProgress {
  for (let i = 0; i < 50; i++) {
    const progress = sidebar<BulkProgress>(world, 'continueBulkRun', runId);
    if (progress.state !== 'running') return progress;
    if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
  }
  throw new Error('still running');
}

const rows = (world: World, a1: string) => world.emu.values('Sheet1', a1);
const inputsSent = (world: World) => world.api.callsFor(world.key).map((call) => call.input);

describe('a bulk run on one column beside a watch on another', () => {
  /** A watch on column A ("Employer") made B and C; row 2 is answered. Column D ("Company") is new. */
  function setUp(): World {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1', [['Employer']]);
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config: website(1), dailyCap: 50 });
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    expect(rows(world, 'A1:C2')).toEqual([
      ['Employer', 'Website', STATUS],
      ['Company 1', '1.com', 'Found'],
    ]);
    // Another column of companies, pasted in: its rows are not the watch's business.
    typeValues(world, 'D1:D3', [['Company'], ['Company 2'], ['Company 3']]);
    return world;
  }

  it("previews the watch's columns as another input's, and offers new ones", () => {
    const world = setUp();
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', website(4));
    expect(preview).toMatchObject({
      rows: 2,
      alreadyFilled: 0,
      toLookUp: 2,
      estimatedCredits: 2,
      outputColumns: [{ header: 'Website (Company)', column: 5, created: true }],
      statusColumn: { header: 'Status (Website from company name, Company)', column: 6, created: true },
      columnConflicts: [
        'Columns B (Website) and C (Status (Website from company name)) hold the answers of a watch on column A (Employer): this run writes to new columns E (Website (Company)) and F (Status (Website from company name, Company)) instead.',
      ],
    });
  });

  it("writes its answers to its own columns, and the watch's rows keep theirs", () => {
    const world = setUp();
    const started = sidebar<BulkProgress>(world, 'startBulkRun', website(4), 0);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', found: 2, creditsSpent: 2 });

    // A new row typed in the watched column is looked up: row 3 was never the watch's answer.
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 4');

    expect(rows(world, 'A1:F3')).toEqual([
      [
        'Employer',
        'Website',
        STATUS,
        'Company',
        'Website (Company)',
        `Status (Website from company name, Company)`,
      ],
      ['Company 1', '1.com', 'Found', 'Company 2', '2.com', 'Found'],
      ['Company 4', '4.com', 'Found', 'Company 3', '3.com', 'Found'],
    ]);
    expect(spent(world)).toBe(4);
    expect(inputsSent(world)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
  });

  it('runs again into the same new columns, buying nothing twice', () => {
    const world = setUp();
    const started = sidebar<BulkProgress>(world, 'startBulkRun', website(4), 0);
    drive(world, started.runId);
    typeValues(world, 'D4', [['Company 5']]);
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', website(4));
    expect(preview).toMatchObject({
      alreadyFilled: 2,
      toLookUp: 1,
      outputColumns: [{ header: 'Website (Company)', column: 5, created: false }],
      statusColumn: { header: 'Status (Website from company name, Company)', column: 6, created: false },
      columnConflicts: [],
    });
    drive(world, sidebar<BulkProgress>(world, 'startBulkRun', website(4), 0).runId);
    expect(rows(world, 'D4:F4')).toEqual([['Company 5', '5.com', 'Found']]);
    expect(spent(world)).toBe(4);
  });
});

describe('a watch set up beside the columns of a bulk run on another column', () => {
  it("makes its own columns, and never counts the run's answers as its rows'", () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:A3', [['Company'], ['Company 1'], ['Company 2']]);
    drive(world, sidebar<BulkProgress>(world, 'startBulkRun', website(1), 0).runId);
    expect(rows(world, 'A1:C3')).toEqual([
      ['Company', 'Website', STATUS],
      ['Company 1', '1.com', 'Found'],
      ['Company 2', '2.com', 'Found'],
    ]);
    typeValues(world, 'D1', [['Employer']]);

    const list = sidebar<WatchList>(world, 'createWatch', {
      kind: 'lookup',
      config: website(4),
      dailyCap: 50,
    });
    expect(list.watches[0]).toMatchObject({
      columns: 'Employer (D) -> Website (Employer) (E), Status (Website from company name, Employer) (F)',
    });
    world.emu.edit(world.bundle, 'Sheet1', 'D2', 'Company 3');
    world.emu.edit(world.bundle, 'Sheet1', 'D3', 'Company 4');

    expect(rows(world, 'A1:F3')).toEqual([
      [
        'Company',
        'Website',
        STATUS,
        'Employer',
        'Website (Employer)',
        'Status (Website from company name, Employer)',
      ],
      ['Company 1', '1.com', 'Found', 'Company 3', '3.com', 'Found'],
      ['Company 2', '2.com', 'Found', 'Company 4', '4.com', 'Found'],
    ]);
    expect(spent(world)).toBe(4);
    expect(inputsSent(world)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
  });
});

describe('a recipe beside a watch of one of its lookups on other inputs', () => {
  it("keeps its steps in columns of its own, its fallback's email beside its first step's", () => {
    // A third of the lookups find nothing, each type deciding for itself (the fake's miss rate).
    const world = createWorld({ emulator: { addOn: true }, api: { missRate: 0.3 } });
    typeValues(world, 'A1:C1', [['Full name', 'Company', 'Employer']]);
    const nameToEmail: BulkRunConfig = {
      sheetName: 'Sheet1',
      headerRow: 1,
      type: 'lead_full_name_to_email',
      columns: { input: 1, company: 2 },
      output: { mode: 'primary' },
    };
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config: nameToEmail, dailyCap: 50 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', [['Ada Lovelace', 'Ironworks']]);
    expect(rows(world, 'A2:E2')).toEqual([
      ['Ada Lovelace', 'Ironworks', '', 'ada.lovelace@ironworks.com', 'Found'],
    ]);
    typeValues(world, 'C2:C3', [['Acme Corporation'], ['Acme Corporation']]);
    typeValues(world, 'A3', [['Grace Hopper']]);

    const recipe = {
      recipeId: 'email-from-name',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { fullName: 1, company: 3 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', recipe);
    expect(preview.columnConflicts).toEqual([
      'Columns D (Email) and E (Status (Email from name)) hold the answers of a watch on columns A (Full name) and B (Company): this run writes to new columns F (Email (Full name)) and G (Status (Email from name, Full name)) instead.',
    ]);
    let progress = sidebar<BulkProgress>(world, 'startRecipeRun', recipe, 100);
    for (let i = 0; i < 50 && progress.state === 'running'; i++) {
      if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
      progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
    }
    expect(progress).toMatchObject({ state: 'done', recipe: { step: 3, steps: 3, creditsSpent: 25 } });

    // The watch's row keeps its email; the recipe's answers, its fallback's included, are in its own.
    expect(rows(world, 'A1:J3')).toEqual([
      [
        'Full name',
        'Company',
        'Employer',
        'Email',
        'Status (Email from name)',
        'Email (Full name)',
        'Status (Email from name, Full name)',
        'Pronet URL',
        'Status (Profile URL from name)',
        'Status (Email from profile)',
      ],
      [
        'Ada Lovelace',
        'Ironworks',
        'Acme Corporation',
        'ada.lovelace@ironworks.com',
        'Found',
        'ada.lovelace@acme.com',
        'Found',
        '',
        '',
        '',
      ],
      [
        'Grace Hopper',
        '',
        'Acme Corporation',
        '',
        '',
        'grace.hopper@greenlinelabs.com',
        'Not found',
        'https://www.pronet.com/in/grace-hopper-e3d507',
        'Found',
        'Found',
      ],
    ]);
    // The watch's email (7), two emails from names (7 each, a miss charged too), a profile URL
    // from a name (1) and an email from a profile (10).
    expect(spent(world)).toBe(32);
    expect(inputsSent(world)).toEqual([
      'Ada Lovelace Ironworks',
      'Ada Lovelace Acme Corporation',
      'Grace Hopper Acme Corporation',
      'Grace Hopper Acme Corporation',
      'https://www.pronet.com/in/grace-hopper-e3d507',
    ]);
    // Its columns are its own now: previewed again, it names no conflict and buys nothing.
    expect(sidebar<RecipePreview>(world, 'previewRecipe', recipe)).toMatchObject({
      columnConflicts: [],
      creditsMax: 0,
    });
  });
});

describe('a column a formula of ours fills', () => {
  /** "Website" in B is a range formula's answer for A2:A3; rows 4 and 5 were typed below it later. */
  function setUp(): World {
    const world = createWorld();
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(world, 'A2:A5', [['Company 1'], ['Company 2'], ['Company 3'], ['Company 4']]);
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=COMPANY_WEBSITE(A2:A3)');
    expect(rows(world, 'B2:B3')).toEqual([['1.com'], ['2.com']]);
    return world;
  }

  it('is left to the formula: a bulk run writes to a new column, and its preview says so', () => {
    const world = setUp();
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', website(1));
    expect(preview).toMatchObject({
      outputColumns: [{ header: 'Website (Company)', column: 3, created: true }],
      statusColumn: { header: 'Status (Website from company name)', column: 4, created: true },
      columnConflicts: [
        'Column B (Website) holds the answers of the formula in B2: this run writes to new column C (Website (Company)) instead.',
      ],
    });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', website(1), 0);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', found: 4 });
    // The formula can be widened to A2:A5: nothing was written below its answer.
    expect(rows(world, 'B4:B5')).toEqual([[''], ['']]);
  });

  it('is left to the formula by a recipe too, whose preview says so: widened, the formula answers every row', () => {
    const world = setUp();
    const recipe = {
      recipeId: 'company-profile-from-name',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { companyName: 1 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', recipe);
    expect(preview.steps[0]).toMatchObject({
      outputColumns: [{ header: 'Website (Company)', column: 3, created: true }],
      statusColumn: { header: 'Status (Website from company name)', column: 4, created: true },
    });
    expect(preview.columnConflicts).toEqual([
      'Column B (Website) holds the answers of the formula in B2: this run writes to new column C (Website (Company)) instead.',
    ]);
    let progress = sidebar<BulkProgress>(world, 'startRecipeRun', recipe, preview.creditsMax);
    for (let i = 0; i < 50 && progress.state === 'running'; i++) {
      if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
      progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
    }
    expect(progress).toMatchObject({ state: 'done', recipe: { step: 6, steps: 6 } });
    // Its websites are where its preview said, C and D; nothing was written below the formula's answer.
    expect(rows(world, 'B1:D5')).toEqual([
      ['Website', 'Website (Company)', 'Status (Website from company name)'],
      ['1.com', '1.com', 'Found'],
      ['2.com', '2.com', 'Found'],
      ['', '3.com', 'Found'],
      ['', '4.com', 'Found'],
    ]);
    // The formula's 2 websites, then the recipe's: 2 websites (2 were the formula's, free), and for
    // 4 companies a phone, an email, a company page and an employee count (1 each) and the page's
    // facts (6 each): 2 + 2 + 16 + 24.
    expect(spent(world)).toBe(44);

    // Widened over the rows the recipe ran on: no #REF!, every row answered, nothing bought again.
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=COMPANY_WEBSITE(A2:A5)');
    expect(rows(world, 'B2:B5')).toEqual([['1.com'], ['2.com'], ['3.com'], ['4.com']]);
    expect(rows(world, 'A1:P5').flat()).not.toContain('#REF!');
    expect(spent(world)).toBe(44);
  });
});

describe("a range formula's Email column beside a recipe's run (issue 42)", () => {
  it('is left to the formula: widened over the rows the recipe ran on, no #REF!', () => {
    const world = createWorld();
    typeValues(world, 'A1:B1', [['Profile', 'Email']]);
    const people = ['ada-lovelace', 'grace-hopper', 'alan-turing', 'katherine-johnson'];
    typeValues(
      world,
      'A2:A5',
      people.map((person) => [`https://www.pronet.com/in/${person}`]),
    );
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=PRONET_EMAIL(A2:A3)');
    const recipe = {
      recipeId: 'contact-from-profile',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { profileUrl: 1 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', recipe);
    expect(preview.steps[0]).toMatchObject({
      outputColumns: [{ header: 'Email (Profile)', column: 3, created: true }],
      statusColumn: { header: 'Status (Email from profile)', column: 4, created: true },
    });
    expect(preview.columnConflicts).toEqual([
      'Column B (Email) holds the answers of the formula in B2: this run writes to new column C (Email (Profile)) instead.',
    ]);
    let progress = sidebar<BulkProgress>(world, 'startRecipeRun', recipe, preview.creditsMax);
    for (let i = 0; i < 50 && progress.state === 'running'; i++) {
      if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
      progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
    }
    const emails = [
      'ada.lovelace@ironworks.com',
      'grace.hopper@northlineanalytics.com',
      'alan.turing@blueforgeanalytics.com',
      'katherine.johnson@cedarpointanalytics.com',
    ];
    expect(rows(world, 'B2:D5')).toEqual([
      [emails[0], emails[0], 'Found'],
      [emails[1], emails[1], 'Found'],
      ['', emails[2], 'Found'],
      ['', emails[3], 'Found'],
    ]);
    // The formula's 2 emails (10 each), the recipe's 2 others and 4 phones (50 each).
    expect(spent(world)).toBe(240);

    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=PRONET_EMAIL(A2:A5)');
    expect(rows(world, 'B2:B5')).toEqual(emails.map((email) => [email]));
    expect(rows(world, 'A1:F5').flat()).not.toContain('#REF!');
    expect(spent(world)).toBe(240);
  });
});

describe('a run whose result column is taken but whose status column is not', () => {
  /**
   * Issue 42: "Email" in B is a range formula's; an earlier run's "Status (Email from profile)"
   * stands in L, with other columns up to S. The run's email had to go to a new column (T): its
   * status went to L, 8 columns away, where statuses speak of other cells.
   */
  it('writes its status beside its results, in a new column too', () => {
    const world = createWorld();
    const fillers = ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].map((c) => `Notes ${c}`);
    const after = ['M', 'N', 'O', 'P', 'Q', 'R', 'S'].map((c) => `Notes ${c}`);
    typeValues(world, 'A1:S1', [['Profile', 'Email', ...fillers, 'Status (Email from profile)', ...after]]);
    typeValues(world, 'A2:A3', [
      ['https://www.pronet.com/in/ada-lovelace'],
      ['https://www.pronet.com/in/grace-hopper'],
    ]);
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=PRONET_EMAIL(A2:A3)');
    const config: BulkRunConfig = {
      sheetName: 'Sheet1',
      headerRow: 1,
      type: 'pronet_profile_to_email',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview.outputColumns).toEqual([{ header: 'Email (Profile)', column: 20, created: true }]);
    expect(preview.statusColumn).toEqual({
      header: 'Status (Email from profile, Profile)',
      column: 21,
      created: true,
    });
  });
});
