// Recipes, through the sidebar's server calls, over 200 rows with repeats, filled rows, invalid
// inputs and misses: each lookup bought once, fallbacks bought only where the first step missed,
// what was spent within the preview's bound, outputs in their columns, and a 402 in step 2 that
// stops once and resumes without buying anything again. Prices come from the fake API's own
// catalog (written from the spec), never from the add-on.
import type { BulkProgress } from '../../src/shared/bulk-rpc';
import type { RecipePreview, RecipeRunConfig, RecipeSummary } from '../../src/shared/recipe-rpc';
import { operationOf } from '../../tools/fake-api/catalog';
import { createWorld, drive, sidebar, spent, typeValues, type World, worldAskingProgress } from './harness';

const ROWS = 200;
/** A third of the lookups find nothing, each type deciding for itself (the fake's miss rate). */
const MISS_RATE = 0.3;

function posts(world: World) {
  return world.api.callsFor(world.key).filter((call) => call.method.toUpperCase() === 'POST');
}

/** What the calls the API answered cost, at the spec's prices (a miss is charged too). */
function chargedBySpec(world: World): number {
  return posts(world)
    .filter((call) => call.status === 200)
    .reduce((sum, call) => {
      const price = operationOf(call.type!)!.price;
      return sum + price.credits;
    }, 0);
}

const columnOf = (world: World, header: string): number => {
  const headers = world.emu.values('Sheet1', 'A1:Z1')[0]!;
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" (headers: ${headers.filter(Boolean).join(', ')})`);
  return index + 1;
};

const cellsOf = (world: World, header: string) => {
  const column = columnOf(world, header);
  return world.emu.document.sheetByName('Sheet1')!
    ? Array.from({ length: ROWS }, (_, i) => world.emu.document.sheetByName('Sheet1')!.value(i + 2, column))
    : [];
};

/** 200 people: every 10 rows, a repeat of the row before, one blank, one invalid, one filled. */
function people(world: World): { names: string[]; filled: Set<number> } {
  const names: string[] = [];
  const filled = new Set<number>();
  for (let i = 0; i < ROWS; i++) {
    if (i % 10 === 3) names.push(names[i - 1]!);
    else if (i % 10 === 5) names.push('');
    else if (i % 10 === 7)
      names.push('Ada'); // a single word is not a full name
    else names.push(`Person${i} Lastname${i}`);
  }
  typeValues(world, 'A1:C1', [['Full name', 'Company', 'Email']]);
  typeValues(
    world,
    `A2:B${ROWS + 1}`,
    names.map((name, i) => [name, name === '' ? '' : `Firm ${i % 7}`]),
  );
  for (let i = 9; i < ROWS; i += 10) {
    typeValues(world, `C${i + 2}`, [['typed@example.com']]);
    filled.add(i);
  }
  return { names, filled };
}

const EMAIL_FROM_NAME: Omit<RecipeRunConfig, 'slots'> = {
  recipeId: 'email-from-name',
  sheetName: 'Sheet1',
  headerRow: 1,
};

describe('the "Email from name" recipe over 200 rows', () => {
  it('buys each lookup once, the fallbacks only where the email was not found, within the preview', () => {
    const world = createWorld({ credits: 100_000, api: { missRate: MISS_RATE } });
    const { names, filled } = people(world);
    const config = { ...EMAIL_FROM_NAME, slots: { fullName: 1, company: 2 } };

    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    expect(preview.steps.map((step) => [step.label, step.fallback])).toEqual([
      ['Email from name', false],
      ['Profile URL from name', true],
      ['Email from profile', true],
    ]);
    expect(spent(world)).toBe(0);
    const started = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);
    const last = drive(world, started.runId, 400);

    expect(last).toMatchObject({ state: 'done', recipe: { name: 'Email from name', step: 3, steps: 3 } });
    const bought = posts(world).map((call) => `${call.type}|${call.input}`);
    expect(new Set(bought).size).toBe(bought.length);
    // The fallback asked only for people whose email the first step did not find.
    const missedByName = new Set(
      posts(world)
        .filter((call) => call.type === 'lead_full_name_to_email' && call.credits > 0)
        .map((call) => call.input),
    );
    const fallbackInputs = posts(world)
      .filter((call) => call.type === 'lead_full_name_to_pronet_url')
      .map((call) => call.input);
    expect(fallbackInputs.length).toBeGreaterThan(0);
    for (const input of fallbackInputs) expect(missedByName.has(input)).toBe(true);

    expect(spent(world)).toBe(chargedBySpec(world));
    expect(spent(world)).toBeGreaterThanOrEqual(preview.creditsMin);
    expect(spent(world)).toBeLessThanOrEqual(preview.creditsMax);
    expect(last.recipe!.creditsSpent).toBe(spent(world));

    // Filled rows kept what the user typed; invalid and blank rows bought nothing.
    const emails = cellsOf(world, 'Email');
    for (const row of filled) expect(emails[row]).toBe('typed@example.com');
    for (let i = 0; i < ROWS; i++) {
      if (names[i] === '' || names[i] === 'ada@example.com') expect(emails[i]).toBe('');
    }
    const statuses = cellsOf(world, 'Status (Email from profile)');
    expect(statuses.some((status) => String(status).startsWith('Skipped: '))).toBe(true);
  });
});

describe('the "Contact from profile URL" recipe', () => {
  it('writes the email and the phone of each profile, each bought once', () => {
    const world = createWorld({ credits: 100_000, api: { missRate: MISS_RATE } });
    const urls = Array.from({ length: ROWS }, (_, i) =>
      i % 10 === 4 ? 'not a url' : `https://www.pronet.com/in/person-${i % 150}`,
    );
    typeValues(world, 'A1', [['Profile']]);
    typeValues(
      world,
      `A2:A${ROWS + 1}`,
      urls.map((url) => [url]),
    );
    const config = {
      recipeId: 'contact-from-profile',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { profileUrl: 1 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    expect(preview.creditsMin).toBe(preview.creditsMax); // no fallback: the cost is known
    const run = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);

    expect(drive(world, run.runId, 400).state).toBe('done');
    const bought = posts(world).map((call) => `${call.type}|${call.input}`);
    expect(new Set(bought).size).toBe(bought.length);
    expect(spent(world)).toBe(preview.creditsMax);
    expect(spent(world)).toBe(chargedBySpec(world));
  });
});

describe('the "Company profile from name" recipe', () => {
  it("buys each company's lookups once, and the page facts only where its page was found", () => {
    const world = createWorld({ credits: 100_000, api: { missRate: MISS_RATE } });
    const companies = Array.from({ length: ROWS }, (_, i) =>
      i % 10 === 6 ? 'https://www.pronet.com/in/not-a-company' : `Firm ${i % 60}`,
    );
    typeValues(world, 'A1', [['Company']]);
    typeValues(
      world,
      `A2:A${ROWS + 1}`,
      companies.map((company) => [company]),
    );
    const config = {
      recipeId: 'company-profile-from-name',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { companyName: 1 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    expect(preview.steps).toHaveLength(6);
    expect(preview.steps[5]).toMatchObject({ label: 'Company page info', creditsMin: 0 });
    const run = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);

    expect(drive(world, run.runId, 400)).toMatchObject({ state: 'done', recipe: { step: 6, steps: 6 } });
    const bought = posts(world).map((call) => `${call.type}|${call.input}`);
    expect(new Set(bought).size).toBe(bought.length);
    const pagesFound = new Set(
      posts(world)
        .filter((call) => call.type === 'company_name_to_pronet_url')
        .map((call) => call.input),
    );
    const factsAsked = posts(world).filter((call) => call.type === 'pronet_company_to_pronet_info');
    expect(factsAsked.length).toBeGreaterThan(0);
    expect(factsAsked.length).toBeLessThanOrEqual(pagesFound.size);
    expect(spent(world)).toBe(chargedBySpec(world));
    expect(spent(world)).toBeGreaterThanOrEqual(preview.creditsMin);
    expect(spent(world)).toBeLessThanOrEqual(preview.creditsMax);
    for (const header of ['Website', 'Phone', 'Email', 'Industry', 'Headquarters']) {
      expect(cellsOf(world, header).some((value) => value !== '')).toBe(true);
    }
  });
});

describe('a step with failed rows', () => {
  function failingWorld() {
    const failing = { on: true };
    const world = createWorld({
      credits: 100_000,
      api: { missRate: MISS_RATE },
      // The service fails for a few people: their rows end with a retryable error.
      intercept: (request, next) =>
        failing.on && request.method === 'POST' && /Person1\d /.test(request.body ?? '')
          ? { status: 500, headers: {}, body: '{"status":"error","message":"upstream down"}' }
          : next(),
    });
    people(world);
    return { world, failing };
  }
  const config = { ...EMAIL_FROM_NAME, slots: { fullName: 1, company: 2 } };

  it('waits there: Retry buys them, then the recipe goes on by itself', () => {
    const { world, failing } = failingWorld();
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    const waiting = drive(
      world,
      sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax).runId,
    );
    expect(waiting).toMatchObject({
      state: 'done',
      recipe: { step: 1, waitingFor: 'Profile URL from name' },
    });
    expect(waiting.failedRows).toBeGreaterThan(0);

    failing.on = false;
    const retried = sidebar<BulkProgress>(world, 'retryFailedRows', waiting.runId);
    const last = drive(world, retried.runId, 400);

    expect(last).toMatchObject({ state: 'done', recipe: { step: 3, waitingFor: null } });
    const paid = posts(world).filter((call) => call.status === 200);
    const bought = paid.map((call) => `${call.type}|${call.input}`);
    expect(new Set(bought).size).toBe(bought.length);
  });

  it('or goes on without them when asked; their rows keep the error and reach no fallback', () => {
    const { world } = failingWorld();
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    const waiting = drive(
      world,
      sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax).runId,
    );
    expect(waiting.failedRows).toBeGreaterThan(0);

    const last = drive(world, sidebar<BulkProgress>(world, 'goOnRecipe', waiting.runId).runId, 400);

    expect(last).toMatchObject({ state: 'done', recipe: { step: 3 } });
    const fallbacks = posts(world).filter((call) => call.type === 'lead_full_name_to_pronet_url');
    // The people the service was down for: their rows kept the error and never reached a fallback.
    expect(fallbacks.length).toBeGreaterThan(0);
    for (const call of fallbacks) expect(call.input).not.toMatch(/^Person1\d /);
    expect(
      cellsOf(world, 'Status (Email from name)').filter((s) => String(s).startsWith('Error: ')).length,
    ).toBe(waiting.failedRows);
  });
});

describe("a user's own recipe", () => {
  const draft = {
    name: 'Profile, then its email',
    steps: [
      { type: 'lead_full_name_to_pronet_url', from: 'column', fallbackOf: null },
      { type: 'pronet_profile_to_email', from: 0, fallbackOf: null },
    ],
  };

  it('is saved with the spreadsheet, listed as yours, run like a built-in one, and deleted', () => {
    const world = createWorld({ credits: 100_000 });
    typeValues(world, 'A1:B3', [
      ['Full name', 'Company'],
      ['Ada Lovelace', 'Analytical Engines'],
      ['Grace Hopper', 'Navy Labs'],
    ]);
    const listed = sidebar<RecipeSummary[]>(world, 'saveRecipe', draft);
    const mine = listed.find((recipe) => recipe.custom)!;
    expect(mine).toMatchObject({
      name: 'Profile, then its email',
      slots: [
        { name: 'fullName', label: 'Full name' },
        { name: 'company', label: 'Company' },
      ],
      steps: [
        { label: 'Profile URL from name', price: '1 credit', fallback: false },
        { label: 'Email from profile', price: '10 credits', fallback: false },
      ],
    });
    expect(sidebar<RecipeSummary[]>(world, 'listRecipes').map((recipe) => recipe.name)).toContain(mine.name);

    const config = {
      recipeId: mine.id,
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { fullName: 1, company: 2 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    expect([preview.creditsMin, preview.creditsMax]).toEqual([2, 22]);
    const last = drive(
      world,
      sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax).runId,
    );

    expect(last).toMatchObject({
      state: 'done',
      recipe: { name: 'Profile, then its email', step: 2, steps: 2 },
    });
    // The fake API's email for each profile the first step found.
    expect(cellsOf(world, 'Email').slice(0, 2)).toEqual([
      'ada.lovelace@quantumworkssystems.com',
      'grace.hopper@cedarpathpartners.com',
    ]);
    expect(spent(world)).toBe(22);

    const after = sidebar<RecipeSummary[]>(world, 'deleteRecipe', mine.id);
    expect(after.some((recipe) => recipe.custom)).toBe(false);
  });

  it('is refused with a reason when a step cannot read what it is given, or has no name', () => {
    const world = createWorld();
    const refusal = (wrong: unknown) => {
      try {
        sidebar(world, 'saveRecipe', wrong);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(
      refusal({
        ...draft,
        steps: [draft.steps[0], { type: 'company_name_to_website', from: 0, fallbackOf: null }],
      }),
    ).toBe('Step 2: "Website from company name" cannot read what step 1 finds.');
    expect(refusal({ ...draft, name: ' ' })).toBe('Name the recipe.');
    expect(refusal({ ...draft, steps: [draft.steps[0]] })).toBe('A recipe has at least two steps.');
    expect(refusal({ ...draft, steps: [draft.steps[0], { ...draft.steps[1], fallbackOf: 1 }] })).toBe(
      'Step 2: what it falls back on must be an earlier step.',
    );
    expect(sidebar<RecipeSummary[]>(world, 'listRecipes').some((recipe) => recipe.custom)).toBe(false);
  });

  it('is refused with the reason when its steps could not run: a step repeated on the same input, one that never runs, none', () => {
    const world = createWorld();
    const refusal = (wrong: unknown) => {
      try {
        sidebar(world, 'saveRecipe', wrong);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const byName = { type: 'lead_full_name_to_pronet_url', from: 'column', fallbackOf: null };
    // "Profile URL from name, then Profile URL from name", nothing read from step 1: nothing new.
    expect(refusal({ name: 'Twice', steps: [byName, byName] })).toBe(
      'Step 2 repeats step 1: "Profile URL from name" of the same input finds nothing new. Choose another lookup, or have it read something else.',
    );
    expect(refusal({ name: 'Twice, as a fallback', steps: [byName, { ...byName, fallbackOf: 0 }] })).toBe(
      'Step 2 repeats step 1: "Profile URL from name" of the same input finds nothing new. Choose another lookup, or have it read something else.',
    );
    expect(
      refusal({
        name: 'Never',
        steps: [byName, { type: 'pronet_profile_to_email', from: 0, fallbackOf: 0 }],
      }),
    ).toBe('Step 2 reads what step 1 finds, but runs only where step 1 found nothing: it would never run.');
    expect(refusal({ name: 'Empty', steps: [] })).toBe('A recipe has at least two steps.');
    expect(sidebar<RecipeSummary[]>(world, 'listRecipes').some((recipe) => recipe.custom)).toBe(false);
    expect(world.api.calls).toHaveLength(0);
  });
});

describe('a 402 in step 2', () => {
  it('stops once, and Resume goes on without buying anything again', () => {
    const world = createWorld({ credits: 0, api: { missRate: MISS_RATE } });
    people(world);
    const config = { ...EMAIL_FROM_NAME, slots: { fullName: 1, company: 2 } };
    // Enough for step 1 and a little of step 2.
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    world.api.addCredits(world.key, preview.steps[0]!.creditsMax + 10);

    const run = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);
    const stopped = drive(world, run.runId, 400);
    expect(stopped).toMatchObject({ state: 'stopped', recipe: { step: 2 } });
    expect(stopped.message).toMatch(/^Not enough credits \(HTTP 402\)/);
    const before = posts(world).filter((call) => call.status === 200).length;

    world.api.addCredits(world.key, 100_000);
    const resumed = sidebar<BulkProgress>(world, 'resumeBulkRun', stopped.runId);
    const last = drive(world, resumed.runId, 400);

    expect(last).toMatchObject({ state: 'done', recipe: { step: 3 } });
    const paid = posts(world).filter((call) => call.status === 200);
    const bought = paid.map((call) => `${call.type}|${call.input}`);
    expect(new Set(bought).size).toBe(bought.length);
    expect(paid.length).toBeGreaterThan(before);
    expect(spent(world)).toBe(chargedBySpec(world));
  });
});

describe("a recipe's preview says where results go", () => {
  it("names each step's columns and the rows it skips because their output is filled", () => {
    const world = createWorld({ credits: 100_000 });
    people(world);
    const config = { ...EMAIL_FROM_NAME, slots: { fullName: 1, company: 2 } };

    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);

    // Step 1 reuses the "Email" column the user made; its status goes in a new column beside the data.
    expect(preview.steps[0]).toMatchObject({
      outputColumns: [{ column: 3, header: 'Email', created: false }],
      statusColumn: { column: 4, header: 'Status (Email from name)', created: true },
      // Every tenth row of the 200 already shows an email, typed by the user: never written over.
      filled: 20,
    });
    expect(spent(world)).toBe(0);
  });
});

describe('a recipe step whose slice sends for minutes', () => {
  it("shows the recipe's credits moving with the step's, never ahead of the ledger", () => {
    const { world, seen, whileSending } = worldAskingProgress({
      credits: 100_000,
      api: { rateLimitPerSecond: 1 },
    });
    typeValues(world, 'A1:C1', [['Full name', 'Company', 'Email']]);
    typeValues(
      world,
      'A2:B301',
      Array.from({ length: 300 }, (_, i) => [`Person${i} Lastname${i}`, `Firm ${i % 7}`]),
    );
    const config = { ...EMAIL_FROM_NAME, slots: { fullName: 1, company: 2 } };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    const { runId } = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId).state).toBe('running');
    const second = whileSending(() => sidebar<BulkProgress>(world, 'continueBulkRun', runId));

    expect(seen.length).toBeGreaterThan(20);
    const shown = seen.map(({ shown: { creditsSpent, recipe }, charged }) => ({
      step: creditsSpent,
      recipe: recipe!.creditsSpent,
      charged,
    }));
    expect(shown.at(-1)!.recipe).toBeGreaterThan(shown[0]!.recipe);
    for (const each of shown) {
      // The first step's credits are the whole recipe's so far, and were charged.
      expect(each.recipe).toBe(each.step);
      expect(each.recipe).toBeLessThanOrEqual(each.charged);
    }
    expect(second.recipe!.creditsSpent).toBe(spent(world));
    // 300 emails found at 7 credits each; the fallbacks skip every row.
    const last = drive(world, runId, 400);
    expect(last).toMatchObject({ state: 'done', recipe: { name: 'Email from name', creditsSpent: 2100 } });
    expect(spent(world)).toBe(2100);
  });
});
