// A network blip on one POST of a batch: `fetchAll` throws for the whole batch, and the answers of
// the POSTs the API received and charged are lost with it. Each case asserts what the account was
// charged (the fake API's ledger), what every row shows, and what the Spending panel says: a POST
// sent again is never silent. Credits are literals from the spec (company_name_to_website = 1),
// cell text is the fake API's fixture data.

import type { BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import type { FetchRequest } from '../../tools/emulator/urlfetch';
import { createWorld, enterFormula, spent, typeValues, type World } from '../bundle/harness';

type Next = () => ReturnType<World['api']['handle']>;
type When = 'after the API charged it' | 'before it reached the API';

/** Resets the connection of the nth POST the add-on sends (1-based, resends counted). */
function blipOn(nth: number, when: When) {
  let posts = 0;
  return (request: FetchRequest, next: Next) => {
    if (request.method !== 'POST' || ++posts !== nth) return next();
    if (when === 'after the API charged it') next();
    throw new Error('Connection reset by peer');
  };
}

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;
const ledger = (world: World) => sidebar<LedgerView>(world, 'getLedger');

/** Where the failed POST stood in its fetchAll batch, read from the emulator's log of requests. */
function placeOfBlip(world: World): string {
  const log = world.emu.globals.UrlFetchApp.log;
  const failed = log.find((record) => record.status === null);
  if (!failed) throw new Error('no request failed');
  const batch = log.filter((record) => record.batch === failed.batch);
  const index = batch.indexOf(failed);
  if (batch.length === 1) return 'alone';
  return index === 0 ? 'first' : index === batch.length - 1 ? 'last' : 'middle';
}

const COMPANIES = ['Acme Corporation', 'Globex Industries', 'Initech'];
const WEBSITES = ['acme.com', 'globexindustries.com', 'initech.com'];

describe('a blip on one POST of a range formula', () => {
  it.each([
    [1, 'first'],
    [2, 'middle'],
    [3, 'last'],
  ] as const)(
    'POST %i (%s of its batch), reset after the charge: every row answered, 3 lookups possibly charged twice',
    (nth, place) => {
      const world = createWorld({ plan: 10, intercept: blipOn(nth, 'after the API charged it') });
      typeValues(
        world,
        'A1:A3',
        COMPANIES.map((name) => [name]),
      );
      const cell = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A3)');
      expect(placeOfBlip(world)).toBe(place);
      expect(cell.error).toBeNull();
      expect(cell.values.map((row) => row[0])).toEqual(WEBSITES);
      // The batch's three answers were lost after the API charged them; each was bought again.
      expect(spent(world)).toBe(6);
      const view = ledger(world);
      expect(view.today).toBe(3);
      expect(view.possiblyChargedTwice).toEqual({ lookups: 3, credits: 3 });
    },
  );

  it('a reset before the POST reached the API costs one credit less, and the ledger says the same', () => {
    const world = createWorld({ plan: 10, intercept: blipOn(2, 'before it reached the API') });
    typeValues(
      world,
      'A1:A3',
      COMPANIES.map((name) => [name]),
    );
    const cell = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A3)');
    expect(cell.values.map((row) => row[0])).toEqual(WEBSITES);
    expect(spent(world)).toBe(5);
    // Which of the two the API charged is unknowable from here: all three are said.
    expect(ledger(world).possiblyChargedTwice).toEqual({ lookups: 3, credits: 3 });
  });

  it('a range of 7 (batches of 4 and 3) loses only the batch of its blip, not the whole range', () => {
    const companies = [
      ...COMPANIES,
      'Umbrella Corporation',
      'Stark Industries',
      'Wayne Enterprises',
      'Hooli',
    ];
    const world = createWorld({ plan: 10, intercept: blipOn(6, 'after the API charged it') });
    typeValues(
      world,
      'A1:A7',
      companies.map((name) => [name]),
    );
    const cell = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A7)');
    expect(placeOfBlip(world)).toBe('middle');
    expect(cell.values.map((row) => row[0])).toEqual([
      ...WEBSITES,
      'umbrella.com',
      'starkindustries.com',
      'wayneenterprises.com',
      'hooli.com',
    ]);
    expect(spent(world)).toBe(10);
    expect(ledger(world).possiblyChargedTwice).toEqual({ lookups: 3, credits: 3 });
  });
});

describe('a blip on a single cell', () => {
  it('the lost answer is bought once more, shown, and said in the ledger', () => {
    const world = createWorld({ plan: 10, intercept: blipOn(1, 'after the API charged it') });
    typeValues(world, 'A1', [['Acme Corporation']]);
    const cell = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(placeOfBlip(world)).toBe('alone');
    expect(cell.error).toBeNull();
    expect(cell.values).toEqual([['acme.com']]);
    expect(spent(world)).toBe(2);
    const view = ledger(world);
    expect(view.today).toBe(1);
    expect(view.possiblyChargedTwice).toEqual({ lookups: 1, credits: 1 });
  });

  it('when the network stays down: an error that says it may have been charged, sent twice at most', () => {
    let posts = 0;
    const world = createWorld({
      plan: 10,
      intercept: (request, next) => {
        if (request.method === 'POST') posts++;
        next();
        throw new Error('Connection reset by peer');
      },
    });
    typeValues(world, 'A1', [['Acme Corporation']]);
    const cell = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(cell.error?.message).toBe(
      'Error: No answer from the enrichment API (network error); it may still have charged the lookup. Try again.',
    );
    expect(posts).toBe(2);
    expect(spent(world)).toBe(2);
    expect(ledger(world).possiblyChargedTwice).toEqual({ lookups: 1, credits: 1 });
  });
});

describe('a blip in a bulk slice', () => {
  const companies = [
    ...COMPANIES,
    'Umbrella Corporation',
    'Stark Industries',
    'Wayne Enterprises',
    'Hooli',
    'Vandelay Industries',
    'Soylent Corp',
    'Tyrell Corporation',
  ];
  const websites = [
    ...WEBSITES,
    'umbrella.com',
    'starkindustries.com',
    'wayneenterprises.com',
    'hooli.com',
    'vandelayindustries.com',
    'soylent.com',
    'tyrell.com',
  ];
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };

  // Ten rows go out in batches of 4, 5 and 1: the first batch's turn at the shared pace is booked
  // with the claims (4, what is due at 10 a second over a 300 ms round trip), the next two's in one
  // turn (5, what a round trip may carry when each second also leaves room for a turn).
  it.each([
    [1, 'first', 14, 4],
    [7, 'middle', 15, 5],
    [9, 'last', 15, 5],
  ] as const)(
    'POST %i (%s of its batch): every row written, the batch re-bought and said (%i credits)',
    (nth, place, credits, resent) => {
      const world = createWorld({ plan: 10, intercept: blipOn(nth, 'after the API charged it') });
      typeValues(world, 'A1:A11', [['Company'], ...companies.map((name) => [name])]);
      sidebar(world, 'previewBulkRun', config);
      let progress = sidebar<BulkProgress>(world, 'startBulkRun', config, 10);
      for (let call = 0; progress.state === 'running' && call < 20; call++) {
        world.clock.advance(progress.nextCallInMs ?? 0);
        progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
      }
      expect(progress.state).toBe('done');
      expect(placeOfBlip(world)).toBe(place);
      const column = world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B2:B11').getValues();
      expect(column.map((row) => row[0])).toEqual(websites);
      // Ten lookups, and those of the lost batch bought a second time.
      expect(spent(world)).toBe(credits);
      const view = ledger(world);
      expect(view.bySource.bulk).toBe(10);
      expect(view.possiblyChargedTwice).toEqual({ lookups: resent, credits: resent });
    },
  );
});
