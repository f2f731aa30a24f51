// One settlement (issue 38): the execution that bought settles what it bought in the write that
// keeps the answer. A formula's miss that finished leaves no claim for a later execution to drop
// (its claim, kept in its reservation, lapses by itself) and no reservation for one to book; Spending and the record say what the API charged
// at once. A kill before that write still leaves what a kill needs (kill.test.ts).
import type { LedgerView } from '../../src/shared/rpc';
import {
  createWorld,
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from '../bundle/harness';

/** The document's properties as they stand (the test's own reading of the storage format). */
function documentProperties(world: World): Record<string, string> {
  return world.emu.globals.PropertiesService.getDocumentProperties()!.getProperties();
}

/**
 * Claims a later execution must drop: shards `inflight:<hex>` with a claim not past. (A formula's
 * claim is kept in its reservation and lapses by itself with the formula's deadline.)
 */
function claimShards(world: World): string[] {
  const now = world.clock.now();
  const live: string[] = [];
  for (const [name, value] of Object.entries(documentProperties(world))) {
    if (!name.startsWith('inflight:')) continue;
    for (const [id, until] of Object.entries(JSON.parse(value) as Record<string, number>))
      if (until > now) live.push(id);
  }
  return live;
}

/** Reservations a later execution must still book: neither closed nor settled. */
function unsettled(world: World): string[] {
  return Object.entries(documentProperties(world))
    .filter(([name, value]) => name.startsWith('spend:hold:') && value !== 'closed')
    .filter(([, value]) => (JSON.parse(value) as { k?: number }).k !== 1)
    .map(([name]) => name);
}

function missedOnce(): World {
  const world = createWorld();
  saveSettings(world, { formulaDailyCap: 100 });
  typeValues(world, 'A1', [['Acme Corporation']]);
  const shown = enterFormulaBeforeItsTrigger(world, 'B1', '=COMPANY_WEBSITE(A1)');
  expect(shown.values[0]![0]).toBe('acme.com');
  return world;
}

describe('a single-cell miss that finished', () => {
  it('leaves no claim and no reservation unsettled', () => {
    const world = missedOnce();
    expect(claimShards(world)).toEqual([]);
    expect(unsettled(world)).toEqual([]);
  });

  it('is in Spending at what the API charged, and the next lookup books it', () => {
    const world = missedOnce();
    // A company website is 1 credit (the spec's price list).
    expect(spent(world)).toBe(1);
    expect(sidebar<LedgerView>(world, 'getLedger').today).toBe(1);
    typeValues(world, 'A2', [['Globex']]);
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2)');
    expect(spent(world)).toBe(2);
    expect(sidebar<LedgerView>(world, 'getLedger').today).toBe(2);
    expect(unsettled(world)).toEqual([]);
  });
});
