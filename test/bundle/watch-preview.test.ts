// A watch's preview, before it is turned on: the columns its results and status go to, the rows it
// skips (answered, typed by the user, a formula's), and what the rows already on the sheet cost if
// it takes them, the same answer as the bulk run's or the recipe's preview, and nothing written or
// spent. The built add-on in the emulator against the fake API ("Company N" is on N.com,
// company_name_to_website costs 1 credit).
import type { BulkPreview, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, sidebar, spent, typeValues, type World } from './harness';

const website = (input: number): BulkRunConfig => ({
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input },
  output: { mode: 'primary' },
});

const rows = (world: World, a1: string) => world.emu.values('Sheet1', a1);

describe("a watch's preview", () => {
  it('names its columns and the rows it skips, and costs the rows already there, writing nothing', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(world, 'A2:A4', [['Company 1'], ['Company 2'], ['Company 3']]);
    typeValues(world, 'B3', [['typed.example']]);
    const draft = { kind: 'lookup', config: website(1) };
    expect(sidebar<BulkPreview>(world, 'previewWatch', draft)).toMatchObject({
      rows: 3,
      alreadyFilled: 1,
      toLookUp: 2,
      estimatedCredits: 2,
      outputColumns: [{ header: 'Website', column: 2, created: false }],
      statusColumn: { header: 'Status (Website from company name)', column: 3, created: true },
    });
    expect(rows(world, 'A1:C1')).toEqual([['Company', 'Website', '']]);
    expect(spent(world)).toBe(0);
    // Turned on, it writes where its preview said.
    const list = sidebar<WatchList>(world, 'createWatch', { ...draft, dailyCap: 50 });
    expect(list.watches[0]?.columns).toBe(
      'Company (A) -> Website (B), Status (Website from company name) (C)',
    );
  });

  it("leaves a formula's column to the formula, and says so", () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(world, 'A2:A4', [['Company 1'], ['Company 2'], ['Company 3']]);
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '=COMPANY_WEBSITE(A2:A3)');
    const before = spent(world);
    expect(sidebar<BulkPreview>(world, 'previewWatch', { kind: 'lookup', config: website(1) })).toMatchObject(
      {
        cached: 2,
        toLookUp: 1,
        estimatedCredits: 1,
        outputColumns: [{ header: 'Website (Company)', column: 3, created: true }],
        statusColumn: { header: 'Status (Website from company name)', column: 4, created: true },
        columnConflicts: [
          'Column B (Website) holds the answers of the formula in B2: this run writes to new column C (Website (Company)) instead.',
        ],
      },
    );
    expect(spent(world)).toBe(before);
  });

  it("of a recipe is the recipe's preview", () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:A2', [['Company'], ['Company 1']]);
    const preview = sidebar<RecipePreview>(world, 'previewWatch', {
      kind: 'recipe',
      config: {
        recipeId: 'company-profile-from-name',
        sheetName: 'Sheet1',
        headerRow: 1,
        slots: { companyName: 1 },
      },
    });
    expect(preview.steps[0]?.outputColumns).toEqual([{ header: 'Website', column: 2, created: true }]);
    expect(rows(world, 'A1:C1')).toEqual([['Company', '', '']]);
  });
});
