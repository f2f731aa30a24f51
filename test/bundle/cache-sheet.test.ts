// The cache's hidden sheet end to end: the built add-on in the emulator against the fake API.
// Formulas may only read the sheet; the collector (a sidebar call or a trigger) writes it, with every
// answer the formulas bought; once the fast cache and the properties have lost them, formulas
// still answer from the sheet without spending a credit.
import { CACHE_SHEET_HEADER, CACHE_SHEET_NAME } from '../../src/server/adapters/sheet-store';
import type { CollectorProgress } from '../../src/shared/jobs-rpc';
import {
  createWorld,
  enterFormulaBeforeItsTrigger as enterFormula,
  forgetUserMemory,
  postsSent,
  spent,
  typeValues,
  type World,
} from './harness';

const COMPANIES = ['Acme Corporation', 'Globex', 'Initech', 'Umbrella Corporation', 'Hooli'];
const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const MINUTE = 60_000;

const collectFromSidebar = (world: World) =>
  world.emu.runExecution(world.bundle, 'collectJobsFromSidebar', [], {
    context: 'sidebar',
  }) as CollectorProgress;

function collectUntilIdle(world: World): void {
  for (let call = 0; call < 30; call++) {
    const progress = collectFromSidebar(world);
    if (progress.pending === 0) return;
    world.clock.advance(progress.nextCheckInMs ?? 5_000);
  }
  throw new Error('still pending after 30 sidebar calls');
}

/** Five websites bought by formulas in B2:B6, and a full profile (a job) started in B8. */
function formulasBuyAnswers(world: World): unknown[] {
  typeValues(
    world,
    'A2:A6',
    COMPANIES.map((name) => [name]),
  );
  const websites = COMPANIES.map((_, i) => enterFormula(world, `B${i + 2}`, `=COMPANY_WEBSITE(A${i + 2})`));
  typeValues(world, 'A8', [[PROFILE]]);
  enterFormula(world, 'B8', '=PRONET_PROFILE(A8, "headline")');
  return websites.map((shown) => shown.values[0]![0]);
}

/** Hours later, the fast cache has forgotten and the properties lost every saved result. */
/** The document's answers gone from its fast cache and properties, and the user's memory. */
function loseFastCacheAndProperties(world: World): void {
  world.emu.cache.forgetEverything();
  const properties = world.emu.properties.getDocumentProperties()!;
  for (const key of properties.getKeys()) if (key.startsWith('r1:')) properties.deleteProperty(key);
  forgetUserMemory(world);
}

function cacheRows(world: World): unknown[][] {
  const sheet = world.emu.document.sheetByName(CACHE_SHEET_NAME)!;
  return world.emu.values(CACHE_SHEET_NAME, `A1:B${sheet.lastRow()}`);
}

// assumption: C5 (CacheService forgets early)
describe('the hidden sheet of saved results', () => {
  it('is never written by a formula, and gets every answer when the sidebar collects a job', () => {
    const world = createWorld();
    const websites = formulasBuyAnswers(world);
    expect(websites.every((value) => typeof value === 'string' && value.includes('.'))).toBe(true);
    expect(world.emu.document.sheetByName(CACHE_SHEET_NAME)).toBeNull();

    collectUntilIdle(world);

    const sheet = world.emu.document.sheetByName(CACHE_SHEET_NAME)!;
    expect(sheet.hidden).toBe(true);
    expect(world.emu.document.activeSheet.name).toBe('Sheet1');
    const rows = cacheRows(world);
    expect(rows[0]).toEqual(CACHE_SHEET_HEADER);
    expect(rows).toHaveLength(1 + COMPANIES.length + 1); // the five websites and the profile
    for (const [key] of rows.slice(1)) expect(key).toMatch(/^r1:[0-9a-f]{16}:[0-9a-f]{32}$/);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(world.key);
    expect(text).not.toContain('Initech');
  });

  it('answers formulas for free once the fast cache and the properties have lost everything', () => {
    const world = createWorld();
    const websites = formulasBuyAnswers(world);
    collectUntilIdle(world);
    const headline = world.emu.cell('Sheet1', 'B8').value;
    const paid = spent(world);
    const posts = postsSent(world);

    world.clock.advance(8 * 60 * MINUTE);
    loseFastCacheAndProperties(world);
    const again = COMPANIES.map(
      (_, i) => enterFormula(world, `C${i + 2}`, `=COMPANY_WEBSITE(A${i + 2})`).values[0]![0],
    );
    const profileAgain = enterFormula(world, 'C8', '=PRONET_PROFILE(A8, "headline")').values[0]![0];

    expect(again).toEqual(websites);
    expect(profileAgain).toBe(headline);
    expect(spent(world)).toBe(paid);
    expect(postsSent(world)).toBe(posts);
  });

  it('holds nothing until a call that may write it runs: answers lost before that are bought again', () => {
    const world = createWorld();
    formulasBuyAnswers(world);
    const paid = spent(world);

    loseFastCacheAndProperties(world);
    // Past the purchases' claims (their formulas' 25 s and 5 s of grace), which outlive them.
    world.clock.advance(30_000);
    enterFormula(world, 'C2', '=COMPANY_WEBSITE(A2)');

    expect(world.emu.document.sheetByName(CACHE_SHEET_NAME)).toBeNull();
    expect(spent(world)).toBeGreaterThan(paid);
  });
});
