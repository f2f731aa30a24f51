import { OPERATIONS } from '../../src/core/operations/table';
import { callFunction, createWorld, enterFormula, postsSent, spent, typeValues } from './harness';

const PROFILE = 'https://www.pronet.com/in/ada-lovelace';

describe('the built add-on in the emulator, against the fake API', () => {
  it('answers =PRONET_EMAIL(A2) with the email the API has for the profile, for 10 credits', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[PROFILE]]);
    const shown = enterFormula(world, 'B2', '=PRONET_EMAIL(A2)');
    expect(shown.error).toBeNull();
    expect(shown.values[0]![0]).toMatch(/^[a-z.]+@[a-z0-9.-]+$/);
    expect(spent(world)).toBe(10);
  });

  // assumptions: C5 (CacheService forgets), X3
  it('answers a recalculation from the cache: the same formula again costs nothing', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[PROFILE]]);
    const first = enterFormula(world, 'B2', '=PRONET_EMAIL(A2)');
    const again = enterFormula(world, 'C2', '=PRONET_EMAIL(A2)');
    world.emu.cache.forgetEverything();
    const afterCacheLoss = enterFormula(world, 'D2', '=PRONET_EMAIL(A2)');
    expect(again.values).toEqual(first.values);
    expect(afterCacheLoss.values).toEqual(first.values);
    expect(spent(world)).toBe(10);
    expect(postsSent(world)).toBe(1);
  });

  it('shows a clear message and spends nothing when no key is saved', () => {
    const world = createWorld({ saveKey: false });
    typeValues(world, 'A2', [[PROFILE]]);
    const shown = enterFormula(world, 'B2', '=PRONET_EMAIL(A2)');
    expect(shown.error?.message).toContain(
      'Set your API key: Extensions > Enrich for Sheets > Open sidebar.',
    );
    expect(world.api.calls).toHaveLength(0);
  });

  it('rejects a company page where a person profile is needed before spending a credit', () => {
    const world = createWorld();
    expect(() => callFunction(world, 'PRONET_EMAIL', 'https://www.pronet.com/company/acme')).toThrow(
      /company page URL.*PRONET_EMAIL needs a person profile URL/,
    );
    expect(world.api.calls).toHaveLength(0);
  });

  it('is registered as a top-level custom function for every operation and ENRICH', () => {
    const world = createWorld();
    for (const name of [...OPERATIONS.map((op) => op.functionName), 'ENRICH']) {
      expect(world.bundle.functions).toContain(name);
    }
  });
});
