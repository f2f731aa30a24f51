// The sidebar follows the stores by a mark (issue 40, panels never stale): every 5 s while it is
// shown it asks `getPanelsMark`, and reloads Spending, Jobs and Watches only when the mark moved
// (test/browser/panels-follow.test.ts drives that loop). Each change those panels show moves it,
// whoever made it: a formula's purchase, a watch's run by its trigger, every watch paused by the
// API's 402, a job delivered by the collector. The panels' own reloads leave it where it is, so an
// open sidebar on an idle spreadsheet asks one small question every 5 s and nothing more. Prices are
// the spec's: company_name_to_website 1 credit, an employee list 0.5 an employee (11 Sales
// employees at Acme Corporation in the fake API: 5.5 credits).
import type { JobsList } from '../../src/shared/jobs-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, enterFormulaBeforeItsTrigger, sidebar, spent, typeValues, type World } from './harness';

const MINUTE = 60_000;

const mark = (world: World) => sidebar<string>(world, 'getPanelsMark');
const ledger = (world: World) => sidebar<LedgerView>(world, 'getLedger');
const watches = (world: World) => sidebar<WatchList>(world, 'listWatches');
const jobs = (world: World) => sidebar<JobsList>(world, 'listJobs');

/** What a moved mark makes the sidebar do: every panel it follows reads again. */
function panelsReload(world: World): void {
  ledger(world);
  jobs(world);
  watches(world);
}

/** The mark moved since `before`, and the reload it causes leaves it still: no reload follows. */
function movedAndSettles(world: World, before: string): void {
  const moved = mark(world);
  expect(moved).not.toBe(before);
  panelsReload(world);
  expect(mark(world)).toBe(moved);
}

function watched(credits: number): World {
  const world = createWorld({ credits, emulator: { addOn: true } });
  typeValues(world, 'A1', [['Company']]);
  const config = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
  sidebar(world, 'createWatch', { kind: 'lookup', config, dailyCap: 50 });
  return world;
}

const companies = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => [`Company ${from + i}`]);

describe('the mark of what the open panels show', () => {
  it('is one read of the document properties, and stays still while nothing changes', () => {
    const world = watched(1000);
    const before = mark(world);
    const executions = world.emu.runtime.finished.length;
    expect(mark(world)).toBe(before);
    const [asked] = world.emu.runtime.finished.slice(executions);
    expect(asked!.calls).toEqual(['PropertiesService.getDocumentProperties', 'Properties.getProperties']);
    panelsReload(world);
    world.clock.advance(10 * MINUTE);
    expect(mark(world)).toBe(before);
  });

  it("moves with a watch's run by its trigger: Watches then says what it spent, not 'Not run yet'", () => {
    const world = watched(1000);
    expect(watches(world).watches[0]).toMatchObject({ spentToday: 0, rowsDone: 0, lastRunAt: null });
    const before = mark(world);
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 14));
    expect(spent(world)).toBe(14);
    movedAndSettles(world, before);
    expect(watches(world).watches[0]).toMatchObject({ state: 'on', spentToday: 14, rowsDone: 14 });
    expect(ledger(world)).toMatchObject({ month: 14, bySource: { bulk: 14 } });
  });

  it("moves when the API's 402 pauses every watch: Watches then says so, not 'On'", () => {
    const world = watched(0);
    expect(watches(world).watches[0]!.state).toBe('on');
    const before = mark(world);
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 4));
    expect(spent(world)).toBe(0);
    movedAndSettles(world, before);
    expect(watches(world).watches[0]!.state).toBe('account');
  });

  it("moves with a formula's purchase and a job the collector delivers: Jobs then lists it", () => {
    const world = createWorld({ credits: 1000, emulator: { addOn: true } });
    typeValues(world, 'A2:A3', [['Acme Corporation'], ['Company 3']]);
    expect(jobs(world).jobs).toEqual([]);
    const before = mark(world);
    enterFormulaBeforeItsTrigger(world, 'B3', '=COMPANY_WEBSITE(A3)');
    movedAndSettles(world, before);
    expect(ledger(world)).toMatchObject({ month: 1, bySource: { formulas: 1 } });

    const ordered = mark(world);
    enterFormulaBeforeItsTrigger(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    movedAndSettles(world, ordered);
    const started = mark(world);
    // An edit elsewhere: the Edit trigger collects the list once the API finished it.
    world.clock.advance(MINUTE);
    world.emu.edit(world.bundle, 'Sheet1', 'D1', 'note');
    expect(spent(world)).toBe(6.5);
    movedAndSettles(world, started);
    expect(jobs(world).jobs.map((job) => job.state)).toEqual(['collected']);
    expect(ledger(world)).toMatchObject({ month: 6.5, bySource: { formulas: 6.5 } });
  });
});
