// Jobs reach their sheet and their cell with the sidebar never opened: the user saves the key,
// closes the sidebar, types a formula and goes on working. The Edit and Open triggers installed
// when the key was saved are the collector's drivers (src/server/collector/). Expected texts,
// credits and names are literals from the spec's prices and the fake API's fixtures.
import type { JobsList } from '../../src/shared/jobs-rpc';
import { createWorld, postsSent, spent, typeValues, type World } from './harness';

const MINUTE = 60_000;
const ACME = 'Acme Corporation';
const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const SALES_SHEET = 'Employees - Acme Corporation (Sales)';
/** The fake API's 11 Sales employees of Acme, at 0.5 credits each (the spec's Limits). */
const SALES_CREDITS = 5.5;
const SALES_SUMMARY = `11 employees -> sheet '${SALES_SHEET}'`;
const LIST_ORDERED = 'Employee list ordered: it will appear in a new sheet within a minute or two.';
const PROCESSING = 'Processing… the result will appear here within a minute or two.';
/** The fake API's headline for the PROFILE's person; a full profile costs 10 credits. */
const HEADLINE = 'Product Manager at Ironworks';
const LIST_FORMULA = '=COMPANY_EMPLOYEES(A2, "Sales")';

/** An editor add-on whose employee lists and full profiles take a minute, as the API's do. */
function world(): World {
  return createWorld({
    emulator: { addOn: true },
    api: { jobDelayMs: { employees: 60_000, profile: 60_000 } },
  });
}

const driverRuns = (w: World) =>
  w.emu.runtime.finished.filter((run) => /(edit|open) trigger/.test(run.label));
const employeeSheets = (w: World) =>
  w.emu.document.sheets.filter((sheet) => sheet.name.startsWith('Employees - '));
const handlers = (w: World) =>
  w.emu.triggers.triggers.map((trigger) => `${trigger.handler}:${trigger.eventType}`);

describe('saving the key', () => {
  it('installs one Edit and one Open trigger, however often the sidebar opens, and removing the key removes them', () => {
    const w = world();
    expect(handlers(w).sort()).toEqual(['collectOnEdit:ON_EDIT', 'collectOnOpen:ON_OPEN']);
    w.emu.runExecution(w.bundle, 'getSidebarState', [], { context: 'sidebar' });
    w.emu.runExecution(w.bundle, 'setApiKey', [w.key, 'user'], { context: 'sidebar' });
    expect(handlers(w)).toHaveLength(2);
    const jobs = w.emu.runExecution(w.bundle, 'listJobs', [], { context: 'sidebar' }) as JobsList;
    expect(jobs.drivers).toEqual({ edit: true, open: true });

    w.emu.runExecution(w.bundle, 'clearApiKey', [], { context: 'sidebar' });

    expect(handlers(w)).toEqual([]);
  });

  it('opening the sidebar reads each store whole once, and takes no lock for a hidden sheet there is not', () => {
    const w = world();
    w.emu.runExecution(w.bundle, 'getSidebarState', [], { context: 'sidebar' });
    const { calls } = w.emu.runtime.finished.at(-1)!;
    // The document's properties and the user's, once each: the key, settings, watches, stash notes;
    // then the document's once more for the panels' mark, after what opening wrote.
    expect(calls.filter((call) => call === 'Properties.getProperties')).toHaveLength(3);
    // The user lock for the triggers; no document lock: no hidden sheet made before ids to adopt.
    expect(calls.filter((call) => call === 'Lock.tryLock')).toHaveLength(1);
    expect(handlers(w).sort()).toEqual(['collectOnEdit:ON_EDIT', 'collectOnOpen:ON_OPEN']);
  });
});

describe('an employee list typed with the sidebar closed', () => {
  it('lands in its sheet through the edit that typed it, bought once, and the formula shows the summary', () => {
    const w = world();
    typeValues(w, 'A2', [[ACME]]);

    const shown = w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA);

    expect(shown!.values[0]![0]).toBe(LIST_ORDERED);
    expect(w.emu.values(SALES_SHEET, 'A2:A3')).toEqual([['Anita Smith'], ['Hedy Backus']]);
    expect(w.emu.document.sheetByName(SALES_SHEET)!.lastRow()).toBe(12);
    expect(w.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(postsSent(w)).toBe(1);
    expect(spent(w)).toBe(SALES_CREDITS);
    expect(w.emu.triggerRuns.every((run) => run.error === null)).toBe(true);
    // The API's minute, waited for inside the trigger's 6 minutes.
    const [collector] = driverRuns(w);
    expect(collector!.endedAt - collector!.startedAt).toBeGreaterThan(30_000);
    expect(collector!.endedAt - collector!.startedAt).toBeLessThan(6 * MINUTE);
  });

  it('lands through the same edit when its Edit trigger runs before the formula: the trigger reads the typed formula and orders it', () => {
    const w = world();
    typeValues(w, 'A2', [[ACME]]);
    w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA, { triggersFirst: true });

    expect(employeeSheets(w).map((sheet) => sheet.name)).toEqual([SALES_SHEET]);
    expect(w.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(postsSent(w)).toBe(1);
    expect(spent(w)).toBe(SALES_CREDITS);
  });

  it('with no further edit: the user finds it expired when they come back, and nothing is bought again', () => {
    // A list the API takes 7 minutes for: longer than the typing edit's trigger waits.
    const w = createWorld({ emulator: { addOn: true }, api: { jobDelayMs: { employees: 7 * MINUTE } } });
    typeValues(w, 'A2', [[ACME]]);
    w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA, { triggersFirst: true });
    w.clock.advance(30 * MINUTE);

    w.emu.open(w.bundle);
    w.emu.edit(w.bundle, 'Sheet1', 'C2', LIST_FORMULA);

    const cell = w.emu.cell('Sheet1', 'B2');
    expect(cell.error?.message).toBe(
      // Its cost is the bound reserved for a list without a max: 25 employees at 0.5 credit each.
      "Error: The result expired before it was collected (the API keeps it 10 minutes; it cost about 12.5 credits at 0.5 credit per employee). Re-run it from the sidebar's Jobs panel.",
    );
    expect(w.emu.cell('Sheet1', 'C2').error?.message).toBe(cell.error?.message);
    expect(employeeSheets(w)).toHaveLength(0);
    expect(postsSent(w)).toBe(1);
    expect(spent(w)).toBe(SALES_CREDITS);
  });

  it('a paste of many cells starts one collecting execution; the others return at once', () => {
    const w = world();
    typeValues(w, 'A2', [[ACME]]);
    w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA, { triggersFirst: true });

    w.emu.concurrently(() => {
      for (let row = 1; row <= 40; row++) w.emu.fireEditTriggers(w.bundle, 'Sheet1', `E${row}`);
    });

    const runs = driverRuns(w);
    expect(runs).toHaveLength(41);
    const collecting = runs.filter((run) => run.calls.includes('UrlFetchApp.fetchAll'));
    expect(collecting).toHaveLength(1);
    expect(employeeSheets(w).map((sheet) => sheet.name)).toEqual([SALES_SHEET]);
    expect(postsSent(w)).toBe(1);
  });

  it('after that, an edit costs one cache read and nothing else', () => {
    const w = world();
    typeValues(w, 'A2', [[ACME]]);
    w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA);
    const before = driverRuns(w).length;

    w.emu.edit(w.bundle, 'Sheet1', 'D9', 'just typing');

    const [cheap] = driverRuns(w).slice(before);
    expect(cheap!.calls).toEqual(['CacheService.getDocumentCache', 'Cache.getAll']);
  });
});

describe('where no driver follows the user', () => {
  it('the formula says to open the sidebar, and opening it collects the list', () => {
    // A key stored without the sidebar (by another tool, or a teammate's document key).
    const w = createWorld({
      emulator: { addOn: true },
      api: { jobDelayMs: { employees: 60_000 } },
      saveKey: false,
    });
    w.emu.globals.PropertiesService.getUserProperties().setProperty('enrich.apiKey', w.key);
    typeValues(w, 'A2', [[ACME]]);

    const shown = w.emu.edit(w.bundle, 'Sheet1', 'B2', LIST_FORMULA);

    expect(shown!.values[0]![0]).toBe(
      'Employee list ordered. Open the sidebar once (Extensions > Enrich for Sheets > Open sidebar) in the next few minutes so it is written to a new sheet.',
    );
    expect(handlers(w)).toEqual([]);
    w.clock.advance(MINUTE);
    w.emu.runExecution(w.bundle, 'getSidebarState', [], { context: 'sidebar' });
    w.emu.runExecution(w.bundle, 'collectJobsFromSidebar', [], { context: 'sidebar' });
    expect(w.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(handlers(w)).toContain('collectOnEdit:ON_EDIT');
  });
});

describe('a full profile typed with the sidebar closed', () => {
  it('takes its minute and reaches its cell through the same edit', () => {
    const w = world();
    typeValues(w, 'A3', [[PROFILE]]);

    const shown = w.emu.edit(w.bundle, 'Sheet1', 'B3', '=PRONET_PROFILE(A3, "headline")');

    expect(shown!.values[0]![0]).toBe(PROCESSING);
    expect(w.emu.cell('Sheet1', 'B3').value).toBe(HEADLINE);
    expect(spent(w)).toBe(10);
    expect(postsSent(w)).toBe(1);
  });
});
