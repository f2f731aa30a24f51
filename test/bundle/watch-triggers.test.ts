// The Watches panel says what starts the watches from the triggers that exist (issue 30): Google
// gives a user at most 20 of the add-on's triggers, all documents together, and past them the
// hourly check cannot be made. Credits are the fake API's: 1 a website.

import { WATCHES_TEXTS } from '../../src/core/text/catalogue/sidebar/watches';
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, spent, typeValues, type World } from './harness';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const NO_ROOM =
  "Google allows each user 20 of the add-on's triggers, all spreadsheets together: to make room, delete those you no longer need (script.google.com/home/triggers lists them) or remove the API key in spreadsheets you no longer use, then open the sidebar again.";

const WEBSITES: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

/** This user has `count` triggers of the add-on in other spreadsheets (Open triggers, one each). */
function triggersElsewhere(world: World, count: number): void {
  for (let i = 0; i < count; i++)
    world.emu.triggers.triggers.push({
      id: `elsewhere-${i}`,
      handler: 'collectOnOpen',
      eventType: 'ON_OPEN',
      user: 'owner@example.com',
      documentId: `other-spreadsheet-${i}`,
      everyMs: null,
      nextRunAt: null,
    });
}

function watchWith(elsewhere: number): { world: World; list: WatchList } {
  const world = createWorld({ plan: 10, emulator: { addOn: true }, saveKey: false });
  triggersElsewhere(world, elsewhere);
  // Saving the key installs the Edit and Open triggers, room permitting.
  sidebar(world, 'setApiKey', world.key, 'user');
  typeValues(world, 'A1', [['Company']]);
  const list = sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config: WEBSITES, dailyCap: 50 });
  return { world, list };
}

const mine = (world: World) =>
  world.emu.triggers.triggers
    .filter((trigger) => trigger.documentId === world.emu.document.id)
    .map((trigger) => `${trigger.handler}:${trigger.eventType}`)
    .sort();

/** What the Watches panel says starts the watches, worded from the server's triggers. */
const driversLine = (list: WatchList) =>
  WATCHES_TEXTS.drivers.say(
    list.triggers,
    list.watches.some((watch) => watch.on),
  );

describe('what the Watches panel says starts the watches', () => {
  it('names the hourly check when every trigger could be made', () => {
    const { list } = watchWith(0);
    expect(driversLine(list)).toBe(
      'Watches run on your edits and pastes, rows inserted, and every hour for rows other tools write.',
    );
  });

  it('says what waits when the 20 triggers Google allows left no room for the hourly check', () => {
    const { world, list } = watchWith(17);
    // Edit, Open and Change fit in the 20; the hourly check does not.
    expect(mine(world)).toEqual([
      'collectOnEdit:ON_EDIT',
      'collectOnOpen:ON_OPEN',
      'watchOnChange:ON_CHANGE',
    ]);
    expect(driversLine(list)).toBe(
      `Watches run on your edits and pastes, and rows inserted. The timed check could not be made: rows other tools write wait until you next edit a watched column. ${NO_ROOM}`,
    );
    // A row a script writes waits; the user's next edit of a watched column runs the watch.
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('A2').setValue('Company 7');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * 60 * 60_000);
    expect(spent(world)).toBe(0);
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 8');
    expect(world.emu.values('Sheet1', 'A2:C3')).toEqual([
      ['Company 7', '7.com', 'Found'],
      ['Company 8', '8.com', 'Found'],
    ]);
    expect(spent(world)).toBe(2);
  });

  // One vocabulary for the schedule: what waits for the clock check says how often it runs here,
  // as "every minute for rows other tools write" does (a script bound to its spreadsheet, as in the
  // playground, checks every minute; an add-on every hour).
  it.each(['minute', 'hour'] as const)(
    'words what waits for the check by its real schedule (every %s)',
    (clock) => {
      const triggers = { edit: true, change: false, form: false, formLinked: true, clock };
      expect(WATCHES_TEXTS.drivers.say(triggers, true)).toBe(
        `Watches run on your edits and pastes, and every ${clock} for rows other tools write. Inserted rows are checked every ${clock}. Form responses are checked every ${clock}.`,
      );
    },
  );

  it('says the watches cannot run when no trigger could be made', () => {
    const { world, list } = watchWith(20);
    expect(driversLine(list)).toBe(
      `Watches cannot run here: none of their triggers could be made. ${NO_ROOM}`,
    );
    expect(mine(world)).toEqual([]);
  });
});
