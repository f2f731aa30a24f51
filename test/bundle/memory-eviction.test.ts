// The memory your spreadsheets share lives in Google's 500 KB of user properties (issue 41): when
// it must let answers go for room, it says so where the user looks (Saved results), naming the
// spreadsheet that bought them and what buying them again would cost, and buys nothing unasked.
// PRONET_EMAIL costs 10 credits a lookup in the spec's table.
import { PROPERTY_PREFIX } from '../../src/core/platform/stored-keys';
import type { CacheView } from '../../src/shared/rpc';
import {
  createWorld,
  enterFormula,
  openAnotherSpreadsheet,
  rerunUnasked,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const OTHER_PROFILE = 'https://www.pronet.com/in/grace-hopper';
const MINUTE = 60_000;

/** Pages another spreadsheet's purchases wrote since, near the memory's 400 KB: the next page evicts. */
function fillMemory(world: World): void {
  const user = world.emu.properties.storeFor({ user: 'owner@example.com' });
  const first = (world.clock.now() + 1) * 1000;
  for (let i = 0; i < 50; i++) user.set(`${PROPERTY_PREFIX.memoryPage}${first + i}`, 'x'.repeat(7_990));
}

describe("the shared memory's eviction", () => {
  it('says in Saved results which spreadsheet lost what, and what buying it again costs', () => {
    const q3 = createWorld({ plan: 10, emulator: { spreadsheetName: 'Leads Q3' } });
    typeValues(q3, 'A2', [[PROFILE]]);
    expect(enterFormula(q3, 'B2', '=PRONET_EMAIL(A2)').error).toBeNull();
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    typeValues(q4, 'A2', [[PROFILE]]);
    expect(enterFormula(q4, 'B2', '=PRONET_EMAIL(A2)').error).toBeNull();
    expect(spent(q3)).toBe(10); // free from the memory
    q3.clock.advance(MINUTE);
    fillMemory(q3);
    q3.clock.advance(MINUTE);
    typeValues(q4, 'A3', [[OTHER_PROFILE]]);
    expect(enterFormula(q4, 'B3', '=PRONET_EMAIL(A3)').error).toBeNull();
    expect(spent(q3)).toBe(20);

    const view = sidebar<CacheView>(q4, 'getCacheStats');
    expect(view.memoryEvicted).toBe(
      'To make room in your user properties (Google allows 500 KB), the memory your spreadsheets share let go of 1 answer bought in Leads Q3 (10 credits to buy again). Leads Q3 keeps it; your other spreadsheets pay for it again only if you ask.',
    );
    // Every spreadsheet of the user says it, until the user read it and goes on.
    expect(sidebar<CacheView>(q3, 'getCacheStats').memoryEvicted).toBe(view.memoryEvicted);
    expect(sidebar<CacheView>(q3, 'acceptLostResults').memoryEvicted).toBeNull();
    expect(sidebar<CacheView>(q4, 'getCacheStats').memoryEvicted).toBeNull();
    // Leads Q4's formula showed the answer the memory lent it: it is Leads Q4's own, and a
    // re-run Sheets makes unasked buys nothing.
    rerunUnasked(q4, 'B2');
    expect(spent(q3)).toBe(20);
  });
});
