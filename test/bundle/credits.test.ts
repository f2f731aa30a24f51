// What users pay for: never twice, never past the budget, never lost while a job runs.
import { createHash } from 'node:crypto';
import { accountScope, resultKey } from '../../src/core/cache/keys';
import {
  createWorld,
  enterFormula,
  postsSent,
  rerunUnasked,
  saveSettings,
  spent,
  typeValues,
} from './harness';

const companies = (n: number) => Array.from({ length: n }, (_, i) => `Company ${i + 1} Inc`);
const profiles = (n: number) =>
  Array.from({ length: n }, (_, i) => `https://www.pronet.com/in/person-${i + 1}`);

// assumption: X3 (when Sheets re-runs a formula)
describe('recalculation', () => {
  it('pays each of 200 distinct inputs once over 500 cells, then nothing on uncontrolled re-runs, after the cache expired too', () => {
    const world = createWorld({ credits: 5000 });
    saveSettings(world, { formulaDailyCap: 1000 });
    const names = companies(200);
    const column = Array.from({ length: 500 }, (_, i) => [names[i % 200]]);
    typeValues(world, 'A1:A500', column);
    const first = Array.from({ length: 500 }, (_, i) =>
      enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`),
    );
    expect(first.every((cell) => cell.error === null)).toBe(true);
    expect(spent(world)).toBe(200);

    // Sheets may re-run formulas on its own (reopening is reported to): nothing is bought again.
    const rerunAll = () => Array.from({ length: 500 }, (_, i) => rerunUnasked(world, `B${i + 1}`));
    const second = rerunAll();
    expect(second.map((c) => c.values)).toEqual(first.map((c) => c.values));
    world.clock.advance(7 * 3600_000); // CacheService forgets after 6 h at most
    const afterExpiry = rerunAll();
    expect(afterExpiry.map((c) => c.values)).toEqual(first.map((c) => c.values));

    expect(spent(world)).toBe(200);
    expect(postsSent(world)).toBe(200);
  });
});

describe('a range', () => {
  it('answers =COMPANY_WEBSITE(A2:A201) in one execution with batched fetches inside the rate limit', () => {
    const world = createWorld({ plan: 10 });
    saveSettings(world, { formulaDailyCap: 1000 });
    const names = companies(150);
    // 200 rows, 150 distinct: repeats are looked up once.
    typeValues(
      world,
      'A2:A201',
      Array.from({ length: 200 }, (_, i) => [names[i % 150]]),
    );
    const shown = enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A201)');
    expect(shown.error).toBeNull();
    expect(shown.values).toHaveLength(200);
    expect(shown.values.flat().every((v) => typeof v === 'string' && /\./.test(v))).toBe(true);
    expect(postsSent(world)).toBe(150);
    expect(spent(world)).toBe(150);
    expect(world.api.calls.filter((call) => call.status === 429)).toHaveLength(0);
    const batches = new Set(world.emu.fetchLog.map((f) => f.batch));
    // Batches of what one round trip lasts at the rate (3 at 10/s and 300 ms: 3, 3, 3 and 1 a
    // second, so a blip loses 3 answers, not 10), never one fetch a row.
    expect(batches.size).toBeLessThanOrEqual(60);
  });

  it('keeps the rows that were found when one row is invalid', () => {
    const world = createWorld();
    typeValues(world, 'A2:A4', [['Acme Corporation'], ['https://www.pronet.com/in/ada'], ['']]);
    const shown = enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A4)');
    expect(shown.values[0]![0]).toMatch(/\./);
    expect(shown.values[1]![0]).toMatch(/^Error: .*person profile URL/);
    expect(shown.values[2]![0]).toBe('');
    expect(spent(world)).toBe(1);
  });
});

describe('the daily formula budget', () => {
  it('stops a fill-down at the cap with a clear message, and spends exactly the cap', () => {
    const world = createWorld({ credits: 1000 });
    const urls = profiles(15);
    typeValues(
      world,
      'A1:A15',
      urls.map((u) => [u]),
    );
    const cells = urls.map((_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`));
    expect(cells.slice(0, 10).every((c) => c.error === null)).toBe(true);
    for (const cell of cells.slice(10)) {
      expect(cell.error?.message).toMatch(/Daily formula budget of 100 credits reached/);
    }
    expect(spent(world)).toBe(100);
    // Cached answers stay free and visible after the cap.
    expect(enterFormula(world, 'C1', '=PRONET_EMAIL(A1)').values).toEqual(cells[0]!.values);
    expect(spent(world)).toBe(100);
  });

  it('grants a range only the rows that fit', () => {
    const world = createWorld();
    typeValues(
      world,
      'A1:A12',
      profiles(12).map((u) => [u]),
    );
    const shown = enterFormula(world, 'B1', '=PRONET_EMAIL(A1:A12)');
    const texts = shown.values.map((row) => String(row[0]));
    expect(texts.filter((t) => t.includes('@'))).toHaveLength(10);
    expect(texts.filter((t) => /budget of 100 credits reached/.test(t))).toHaveLength(2);
    expect(spent(world)).toBe(100);
  });

  it('answers saved rows from the cache once the budget is spent, in a range as in a cell, for nothing', () => {
    const world = createWorld({ credits: 1000 });
    saveSettings(world, { formulaDailyCap: 20 });
    const urls = profiles(3);
    typeValues(
      world,
      'A1:A3',
      urls.map((u) => [u]),
    );
    // Two emails at 10 credits: the day's budget is spent.
    enterFormula(world, 'B1', '=PRONET_EMAIL(A1)');
    enterFormula(world, 'B2', '=PRONET_EMAIL(A2)');
    expect(spent(world)).toBe(20);
    const saved = (row: number) => world.emu.values('Sheet1', `B${row}`)[0]![0];
    expect(saved(1)).toMatch(/@/);

    const shown = enterFormula(world, 'C1', '=PRONET_EMAIL(A1:A3)');
    expect(shown.values.slice(0, 2)).toEqual([[saved(1)], [saved(2)]]);
    expect(String(shown.values[2]![0])).toMatch(/Daily formula budget of 20 credits reached/);
    expect(enterFormula(world, 'D2', '=PRONET_EMAIL(A2)').values).toEqual([[saved(2)]]);
    expect(spent(world)).toBe(20);
  });

  it("answers from a bulk run's saved answer once the budget is spent, after the fast cache forgot it", () => {
    const world = createWorld({ credits: 1000 });
    saveSettings(world, { formulaDailyCap: 1 });
    typeValues(world, 'A1:A2', [['Company'], ['Acme Corporation']], 'Leads');
    const config = {
      sheetName: 'Leads',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    const sidebar = (name: string, ...args: unknown[]) =>
      world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as {
        runId: string;
        state: string;
      };
    let progress = sidebar('startBulkRun', config, 1);
    while (progress.state === 'running') progress = sidebar('continueBulkRun', progress.runId);
    expect(world.emu.values('Leads', 'B2')).toEqual([['acme.com']]);
    typeValues(world, 'A1', [['Umbrella Corp']]);
    enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(spent(world)).toBe(2);
    world.clock.advance(7 * 3_600_000);

    expect(enterFormula(world, 'C1', '=COMPANY_WEBSITE("Acme Corporation")').values).toEqual([['acme.com']]);
    expect(spent(world)).toBe(2);
  });

  it('names the price that did not fit when credits are left under the budget', () => {
    const world = createWorld({ credits: 5000 });
    saveSettings(world, { formulaDailyCap: 1000 });
    typeValues(
      world,
      'A1:A80',
      profiles(80).map((u) => [u]),
    );
    typeValues(world, 'C1:C2', [['Acme Corporation'], ['Globex Industries']]);
    expect(enterFormula(world, 'B1', '=PRONET_EMAIL(A1:A80)').error).toBeNull();
    expect(enterFormula(world, 'D1', '=COMPANY_WEBSITE(C1)').error).toBeNull();
    expect(spent(world)).toBe(801);

    // A list of at most 500 employees at 0.5 credit each may cost 250: more than the 199 left.
    const list = enterFormula(world, 'D2', '=COMPANY_EMPLOYEES(C2, "", "", 500)');
    expect(list.error?.message).toBe(
      'Error: Daily formula budget of 1,000 credits: 199 credits left today, and this lookup may cost up to 250 credits (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    expect(spent(world)).toBe(801);
  });

  // assumption: L3
  it('sends nothing while another execution holds the lock too long', () => {
    const world = createWorld();
    typeValues(world, 'A1', [[profiles(1)[0]]]);
    world.emu.locks.holdElsewhere('document', 60_000);
    const shown = enterFormula(world, 'B1', '=PRONET_EMAIL(A1)');
    expect(shown.error).toBeNull();
    // Queued for the add-on's own executions, which take the lock once it is free.
    expect(shown.values).toEqual([['Queued: 1 lookup will fill in within about a minute.']]);
    expect(world.api.calls).toHaveLength(0);
  });
});

describe('async answers', () => {
  it('fills the cell when a 202 is answered within the formula budget', () => {
    const world = createWorld();
    world.api.setLoad(1); // every sync call is deferred to a ~5 s job
    typeValues(world, 'A1', [['Acme Corporation']]);
    const shown = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(shown.error).toBeNull();
    expect(String(shown.values[0]![0])).toMatch(/\./);
    expect(spent(world)).toBe(1);
  });

  it("shows processing for a job that outlives the formula; its edit's trigger fills it in, at no further cost", () => {
    const world = createWorld();
    typeValues(world, 'A1', [['https://www.pronet.com/in/ada-lovelace']]);
    const first = enterFormula(world, 'B1', '=PRONET_PROFILE(A1, "full_name")');
    expect(first.values[0]![0]).toBe('Processing… the result will appear here within a minute or two.');
    // The fake API's full name for this profile, delivered by the typing edit's own trigger.
    expect(world.emu.cell('Sheet1', 'B1').value).toBe('Ada Lovelace');
    const again = enterFormula(world, 'C1', '=PRONET_PROFILE(A1, "headline")');
    expect(again.error).toBeNull();
    expect(spent(world)).toBe(10);
    expect(postsSent(world)).toBe(1);
  });
});

describe('concurrent cells with the same input', () => {
  it('waits for the answer another execution is buying instead of buying it again', () => {
    const world = createWorld();
    typeValues(world, 'A1', [['Acme Corporation']]);
    // Another cell's execution claimed this lookup a moment ago and is still waiting for the API.
    const claimedBy = freshClaimFor(world);
    const shown = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(shown.values[0]![0]).toBe('Queued: 1 lookup will fill in within about a minute.');
    // That execution died without answering: its claim lapses while the edit's trigger waits for
    // it, and the formula the trigger enters again buys it, once.
    expect(world.emu.cell('Sheet1', 'B1').value).toBe('acme.com');
    expect(postsSent(world)).toBe(1);
    expect(claimedBy).toMatch(/^inflight:[0-9a-f]$/);
  });
});

/** Writes the claim a concurrent execution would have made for COMPANY_WEBSITE("Acme Corporation"). */
function freshClaimFor(world: ReturnType<typeof createWorld>): string {
  const hash = { sha256Hex: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex') };
  const key = resultKey(hash, accountScope(hash, world.key), {
    type: 'company_name_to_website',
    input_data: 'Acme Corporation',
  });
  // Claims live in 16 values by the first hex digit of the key's last 12 characters, each claim
  // with the time it lapses: the claimer's deadline (25 s) and 5 s of grace.
  const id = key.slice(-12);
  const name = `inflight:${id[0]}`;
  const until = world.clock.now() + 30_000;
  world.emu.globals.PropertiesService.getDocumentProperties()!.setProperty(
    name,
    JSON.stringify({ [id]: until }),
  );
  return name;
}
