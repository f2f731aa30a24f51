// A hostile API (tools/fake-api/hostile.ts): huge, deep and unreadable answers, bad job ids and
// failing jobs. Whatever comes back, what was paid is kept, booked, shown with a clear message and
// never bought again by recalculation: the fake's own ledger and the Spending panel agree, and a
// newly entered formula (which Sheets always runs) costs nothing.
import type { BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { JobsList } from '../../src/shared/jobs-rpc';
import type { CacheView, LedgerView } from '../../src/shared/rpc';
import {
  callFunction,
  createWorld,
  enterFormula,
  postsSent,
  spent,
  typeValues,
  type World,
} from '../bundle/harness';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;
const ledger = (world: World) => sidebar<LedgerView>(world, 'getLedger');
/** Past the claims of the purchase (a formula's 25 s and 5 s of grace), so nothing waits on them. */
const afterClaims = (world: World) => world.clock.advance(31_000);

/** Continue calls as the sidebar makes them, following the run a recipe's next step becomes. */
function drive(world: World, runId: string): BulkProgress {
  let id = runId;
  for (let i = 0; i < 50; i++) {
    const progress = sidebar<BulkProgress>(world, 'continueBulkRun', id);
    if (progress.state !== 'running') return progress;
    world.clock.advance(progress.nextCallInMs ?? 1_000);
    id = progress.runId;
  }
  throw new Error('still running');
}

const CHARGED = 'The API charges every call, so this one is booked as spent.';
const HELD = 'Kept 10 minutes, so that recalculating does not pay for it again.';
const POST = 'https://www.pronet.com/posts/launch-123';

describe('unreadable answers from a formula are booked as charged and not bought again', () => {
  it.each([
    ['html', 'Unexpected answer from the API (HTTP 200): not JSON.'],
    ['text', 'Unexpected answer from the API (HTTP 200): not JSON.'],
    ['empty', 'Unexpected answer from the API (HTTP 200): not JSON.'],
    ['wrong-shape', 'Unexpected answer from the API (HTTP 200): not in the expected shape.'],
    ['no-job-id', 'Unexpected answer from the API (HTTP 202): no job id.'],
    ['bad-job-id', 'Unexpected answer from the API (HTTP 202): a job id that is not usable.'],
    [
      'long-job-id',
      'Unexpected answer from the API (HTTP 202): a job id of 10,000 characters, too long to use.',
    ],
    ['job-error', 'Lookup failed: the upstream provider returned garbage.'],
  ] as const)('%s: 7 credits once (EMAIL_FROM_NAME), a clear message, held', (kind, said) => {
    const world = createWorld();
    world.api.setHostile('lead_full_name_to_email', kind);
    const first = enterFormula(world, 'B1', '=EMAIL_FROM_NAME("Ada Lovelace", "Acme")');
    expect(first.error?.message).toBe(`Error: ${said} ${CHARGED}`);
    expect(spent(world)).toBe(7);
    expect(ledger(world)).toMatchObject({ today: 7, bySource: { formulas: 7, bulk: 0, keyTests: 0 } });

    afterClaims(world);
    const again = enterFormula(world, 'C1', '=EMAIL_FROM_NAME("Ada Lovelace", "Acme")');
    expect(again.error?.message).toBe(`Error: ${said} ${CHARGED} ${HELD}`);
    expect(() => callFunction(world, 'EMAIL_FROM_NAME', 'Ada Lovelace', 'Acme')).toThrow(HELD);
    expect(spent(world)).toBe(7);
    expect(ledger(world).today).toBe(7);
  });
});

describe('a job id too long for a URL, short enough for a property', () => {
  // 300 characters: a property value holds 9 KB, but the status URL is kept to 256 escaped ones.
  const LONG = 'Unexpected answer from the API (HTTP 202): a job id of 300 characters, too long to use.';

  it('from a formula: refused at once, 7 credits booked once (EMAIL_FROM_NAME), held', () => {
    const world = createWorld();
    world.api.setHostile('lead_full_name_to_email', 'long-job-id', { jobIdLength: 300 });
    const first = enterFormula(world, 'B1', '=EMAIL_FROM_NAME("Ada Lovelace", "Acme")');
    expect(first.error?.message).toBe(`Error: ${LONG} ${CHARGED}`);
    expect(spent(world)).toBe(7);
    expect(postsSent(world)).toBe(1);
    expect(ledger(world)).toMatchObject({ today: 7, bySource: { formulas: 7, bulk: 0, keyTests: 0 } });

    afterClaims(world);
    const again = enterFormula(world, 'C1', '=EMAIL_FROM_NAME("Ada Lovelace", "Acme")');
    expect(again.error?.message).toBe(`Error: ${LONG} ${CHARGED} ${HELD}`);
    sidebar(world, 'collectJobsFromSidebar');
    expect(spent(world)).toBe(7);
    expect(postsSent(world)).toBe(1);
    expect(sidebar<JobsList>(world, 'listJobs').jobs).toEqual([]);
  });

  it('from a bulk run: that row alone says so, 1 credit booked once, never sent again on Continue', () => {
    const world = createWorld({ api: { load: 1 } }); // every lookup answers 202: a job
    world.api.setHostile('company_name_to_website', 'long-job-id', {
      inputContains: 'Long',
      jobIdLength: 300,
    });
    typeValues(world, 'A1:A3', [['Company'], ['Company 1'], ['Long Corp']]);
    const config: BulkRunConfig = {
      sheetName: 'Sheet1',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', config, 2);
    expect(drive(world, runId).state).toBe('done');
    expect(world.emu.values('Sheet1', 'B2:C3')).toEqual([
      ['1.com', 'Found'],
      ['', `Error: ${LONG} ${CHARGED}`],
    ]);
    expect(spent(world)).toBe(2);
    expect(ledger(world)).toMatchObject({ today: 2, bySource: { formulas: 0, bulk: 2, keyTests: 0 } });

    for (let i = 0; i < 3; i++) drive(world, runId);
    sidebar(world, 'collectJobsFromSidebar');
    expect(postsSent(world)).toBe(2);
    expect(spent(world)).toBe(2);
  });
});

describe('an answer nested 5,000 levels deep', () => {
  it('shows a marker, is stored, and is never bought again', () => {
    const world = createWorld();
    world.api.setHostile('company_name_to_website', 'deep');
    const first = enterFormula(world, 'B1', '=COMPANY_WEBSITE("Deep Corp")');
    expect(first.error).toBeNull();
    expect(first.values).toEqual([['[nested too deep to show]']]);
    expect(spent(world)).toBe(1);

    afterClaims(world);
    world.emu.cache.forgetEverything(); // the properties keep it, not only the fast cache
    expect(enterFormula(world, 'C1', '=COMPANY_WEBSITE("Deep Corp")').values).toEqual([
      ['[nested too deep to show]'],
    ]);
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Deep Corp')).toBe('[nested too deep to show]');
    expect(spent(world)).toBe(1);
    expect(ledger(world).today).toBe(1);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ entries: 1, rebuyCredits: 1 });
  });
});

describe("a post's 10,000 reactions (over a megabyte)", () => {
  it('shows 500 rows and says it was cut, keeps the answer durably, and never buys it again', () => {
    const world = createWorld();
    world.api.setHostile('pronet_post_to_reactions', 'huge');
    const first = enterFormula(world, 'A1', `=PRONET_POST_REACTIONS("${POST}")`);
    expect(first.error).toBeNull();
    expect(first.values).toHaveLength(502);
    expect(first.values[0]).toEqual(['full_name', 'headline', 'reaction', 'pronet_url']);
    expect(first.values[1]![0]).toBe('Reactor 1');
    expect(first.values[500]![0]).toBe('Reactor 500');
    expect(first.values[501]![0]).toBe(
      'Cut to 500 of 10000 rows to fit the sheet. The whole answer is saved (hidden sheet _enrich_cache): showing it again costs nothing.',
    );
    expect(spent(world)).toBe(1);

    afterClaims(world);
    world.emu.cache.forgetEverything();
    const again = enterFormula(world, 'G1', `=PRONET_POST_REACTIONS("${POST}")`);
    expect(again.values[1]![0]).toBe('Reactor 1');
    expect(spent(world)).toBe(1);
    expect(postsSent(world)).toBe(1);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ entries: 1, rebuyCredits: 1 });
  });

  it("past what a formula's properties hold compressed: bought once, kept until the hidden sheet takes it", () => {
    const world = createWorld();
    world.api.setHostile('pronet_post_to_reactions', 'huge', { items: 40_000 });
    enterFormula(world, 'A1', `=PRONET_POST_REACTIONS("${POST}")`);
    expect(spent(world)).toBe(1);
    expect(world.emu.document.sheetByName('_enrich_cache')).toBeNull();

    afterClaims(world);
    expect(enterFormula(world, 'G1', `=PRONET_POST_REACTIONS("${POST}")`).values[501]![0]).toBe(
      'Cut to 500 of 40000 rows to fit the sheet. The whole answer is saved (hidden sheet _enrich_cache): showing it again costs nothing.',
    );
    expect(spent(world)).toBe(1);
    // Opening the sidebar (or its Saved results) moves it where it lasts.
    expect(sidebar<CacheView>(world, 'getCacheStats').entries).toBe(1);
    expect(world.emu.document.sheetByName('_enrich_cache')).not.toBeNull();
    world.emu.cache.forgetEverything();
    expect(enterFormula(world, 'M1', `=PRONET_POST_REACTIONS("${POST}")`).values[1]![0]).toBe('Reactor 1');
    expect(spent(world)).toBe(1);
  });
});

describe('a bulk run where some rows get a bad answer', () => {
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };

  it('fails those rows alone, writes the others, and buys nothing twice on Continue', () => {
    const world = createWorld();
    world.api.setHostile('company_name_to_website', 'deep', { inputContains: 'Deep' });
    world.api.setHostile('company_name_to_website', 'html', { inputContains: 'Html' });
    typeValues(world, 'A1:A5', [['Company'], ['Company 1'], ['Deep Corp'], ['Html Corp'], ['Company 4']]);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', config, 4);
    const done = drive(world, runId);
    expect(done.state).toBe('done');
    expect(world.emu.values('Sheet1', 'B2:C5')).toEqual([
      ['1.com', 'Found'],
      ['[nested too deep to show]', 'Found'],
      ['', `Error: Unexpected answer from the API (HTTP 200): not JSON. ${CHARGED}`],
      ['4.com', 'Found'],
    ]);
    expect(spent(world)).toBe(4);
    expect(ledger(world)).toMatchObject({ today: 4, bySource: { formulas: 0, bulk: 4, keyTests: 0 } });

    for (let i = 0; i < 3; i++) sidebar<BulkProgress>(world, 'continueBulkRun', runId);
    expect(spent(world)).toBe(4);
    // Retrying the failed row asks again, on purpose: one more credit.
    world.api.setHostile('company_name_to_website', null);
    sidebar<BulkProgress>(world, 'retryFailedRows', runId);
    drive(world, runId);
    expect(world.emu.values('Sheet1', 'B4:C4')).toEqual([['html.com', 'Found']]);
    expect(spent(world)).toBe(5);
    expect(ledger(world).today).toBe(5);
  });
});

describe('a bulk run whose job the API loses', () => {
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };

  it('says so on the row, books it as charged once, and leaves running it again to the Jobs panel', () => {
    const world = createWorld({ api: { load: 1 } }); // every lookup answers 202: a job
    world.api.setHostile('company_name_to_website', 'job-lost', { inputContains: 'Lost' });
    typeValues(world, 'A1:A3', [['Company'], ['Company 1'], ['Lost Corp']]);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', config, 2);
    const done = drive(world, runId);
    expect(done.state).toBe('done');
    expect(world.emu.values('Sheet1', 'B2:C3')).toEqual([
      ['1.com', 'Found'],
      [
        '',
        "Error: Lookup lost: the API accepted it, then could not find its job. The API charges every call, so it is booked as 1 credit spent. Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).",
      ],
    ]);
    expect(spent(world)).toBe(2);
    expect(ledger(world)).toMatchObject({ today: 2, bySource: { formulas: 0, bulk: 2, keyTests: 0 } });

    for (let i = 0; i < 3; i++) drive(world, runId);
    sidebar<BulkProgress>(world, 'retryFailedRows', runId);
    drive(world, runId);
    expect(postsSent(world)).toBe(2);
    expect(sidebar<JobsList>(world, 'listJobs').jobs).toContainEqual(
      expect.objectContaining({ query: 'COMPANY_WEBSITE("Lost Corp")', state: 'lost', canRetry: true }),
    );
  });
});

describe('a recipe where a step gets bad answers', () => {
  const PROFILES = [
    'https://www.pronet.com/in/ada-lovelace',
    'https://www.pronet.com/in/html-person',
    'https://www.pronet.com/in/deep-person',
  ];
  const config = {
    recipeId: 'contact-from-profile',
    sheetName: 'Sheet1',
    headerRow: 1,
    slots: { profileUrl: 1 },
  };

  it('fails those rows of the step alone, waits, and buys nothing twice however often it is driven', () => {
    const world = createWorld({ credits: 1_000 });
    world.api.setHostile('pronet_profile_to_email', 'html', { inputContains: 'html-person' });
    world.api.setHostile('pronet_profile_to_phone', 'deep', { inputContains: 'deep-person' });
    typeValues(world, 'A1:A4', [['Profile'], ...PROFILES.map((url) => [url])]);
    const started = sidebar<BulkProgress>(world, 'startRecipeRun', config, 180);
    const first = drive(world, started.runId);
    let runId = first.runId;
    // Step 1, the email: 3 x 10 credits, one row unreadable; the recipe waits for the user.
    expect(spent(world)).toBe(30);
    expect(first).toMatchObject({ state: 'done', recipe: { waitingFor: 'Phone from profile' } });
    for (let i = 0; i < 3; i++) runId = drive(world, runId).runId;
    expect(spent(world)).toBe(30);

    runId = sidebar<BulkProgress>(world, 'goOnRecipe', runId).runId;
    const done = drive(world, runId);
    expect(done.state).toBe('done');
    // Step 2, the phone: 3 x 50 credits, one answer nested 5,000 deep, kept and shown with a marker.
    expect(spent(world)).toBe(180);
    for (let i = 0; i < 3; i++) drive(world, done.runId);
    expect(spent(world)).toBe(180);
    expect(ledger(world)).toMatchObject({ today: 180, bySource: { formulas: 0, bulk: 180, keyTests: 0 } });
    expect(world.emu.values('Sheet1', 'B1:E4')).toEqual([
      ['Email', 'Status (Email from profile)', 'Phone', 'Status (Phone from profile)'],
      ['ada.lovelace@ironworks.com', 'Found', '+1 303 555 0144', 'Found'],
      [
        '',
        `Error: Unexpected answer from the API (HTTP 200): not JSON. ${CHARGED}`,
        '+1 503 555 0136',
        'Found',
      ],
      ['deep.person@northstoneanalytics.com', 'Found', '[nested too deep to show]', 'Found'],
    ]);
  });
});
