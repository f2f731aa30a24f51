// Replacing a saved API key through the sidebar's own call, on the built add-on against the fake
// API: a new key is tested with one 1-credit lookup before it takes the old one's place, or saved
// untested only when the user says so. What each account paid is read from the fake API's ledger.

import { keySavedWords } from '../../src/core/text/catalogue/sidebar/key';
import type { KeySaveResult, KeyTestResult, LedgerView } from '../../src/shared/rpc';
import { createWorld, type World } from './harness';

/** company_name_to_website, the cheapest lookup in the spec's table: what a key test costs. */
const TEST_PRICE = 1;
const WRONG_KEY = 'sk_live_not_a_real_key_0000';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;
const masked = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;
/** Every text the sidebar is given, to check that no key is in any of them. */
const shown = (result: KeySaveResult) => JSON.stringify(result);

describe('replacing a saved key', () => {
  it('tests the new key first, charging its own account 1 credit, then replaces the old one', () => {
    const world = createWorld();
    const other = world.api.createAccount({ credits: 100 });

    const result = sidebar<KeySaveResult>(world, 'setApiKey', other, 'user');

    expect(result).toEqual({
      key: { configured: true, scope: 'user', masked: masked(other) },
      saved: true,
      said: { kind: 'works', spent: TEST_PRICE, said: null },
      triggersRefused: null,
      creditsSpent: TEST_PRICE,
      canSaveUntested: false,
    });
    expect(keySavedWords(result)).toBe(
      'The new key works (its test cost 1 credit) and replaces the old one.',
    );
    expect(world.api.spent(other)).toBe(TEST_PRICE);
    expect(world.api.spent(world.key)).toBe(0);
    // The spreadsheet's ledger books the test like the Test button's.
    expect(sidebar<LedgerView>(world, 'getLedger').bySource.keyTests).toBe(TEST_PRICE);
    expect(shown(result)).not.toContain(other);
    expect(shown(result)).not.toContain(world.key);
  });

  it('keeps the working key when the API refuses the new one, at no cost, says so, and offers no untested save', () => {
    const world = createWorld();

    const result = sidebar<KeySaveResult>(world, 'setApiKey', WRONG_KEY, 'user');

    // The API said the key is wrong: saving it untested would only stop every formula.
    expect(result).toEqual({
      key: { configured: true, scope: 'user', masked: masked(world.key) },
      saved: false,
      said: {
        kind: 'notSaved',
        spent: 0,
        refused: true,
        said: expect.any(String),
        masked: masked(world.key),
      },
      triggersRefused: null,
      creditsSpent: 0,
      canSaveUntested: false,
    });
    expect(keySavedWords(result)).toBe(
      `The new key was not saved: the API refused it (HTTP 401). The saved key ${masked(world.key)} stays.`,
    );
    expect(world.api.spent(world.key)).toBe(0);
    // The saved key still works: the Test button's lookup is paid by the demo account.
    expect(sidebar<KeyTestResult>(world, 'testApiKey')).toMatchObject({ ok: true });
    expect(world.api.spent(world.key)).toBe(TEST_PRICE);
    expect(shown(result)).not.toContain(WRONG_KEY);
  });

  it('offers to save it untested when the test could not be made (the API failed), not when it was refused', () => {
    const world = createWorld();
    const other = world.api.createAccount({ credits: 100 });
    world.api.failNext(1, 503);

    const result = sidebar<KeySaveResult>(world, 'setApiKey', other, 'user');

    expect(result).toEqual({
      key: { configured: true, scope: 'user', masked: masked(world.key) },
      saved: false,
      said: expect.objectContaining({ kind: 'notSaved', refused: false }),
      triggersRefused: null,
      creditsSpent: 0,
      canSaveUntested: true,
    });
    expect(keySavedWords(result)).toBe(
      `The new key was not saved: it could not be tested. The enrichment service failed (HTTP 503). Try again in a minute. The saved key ${masked(world.key)} stays.`,
    );
    expect(world.api.spent(other)).toBe(0);
  });

  it('replaces it untested only when the user says so, knowing it', () => {
    const world = createWorld();

    const result = sidebar<KeySaveResult>(world, 'setApiKey', WRONG_KEY, 'user', 'untested');

    expect(result).toEqual({
      key: { configured: true, scope: 'user', masked: masked(WRONG_KEY) },
      saved: true,
      said: { kind: 'saved', untested: true },
      triggersRefused: null,
      creditsSpent: 0,
      canSaveUntested: false,
    });
    expect(keySavedWords(result)).toBe(
      'New key saved without a test: it replaces the old one. Test it before you rely on it.',
    );
    expect(sidebar<KeyTestResult>(world, 'testApiKey')).toMatchObject({ ok: false, creditsSpent: 0 });
    expect(world.api.calls.filter((call) => call.method === 'POST')).toHaveLength(1); // the Test only
  });

  it('takes a key whose account is out of credits: the API knew it, and the test cost nothing', () => {
    const world = createWorld();
    const empty = world.api.createAccount({ credits: 0 });

    const result = sidebar<KeySaveResult>(world, 'setApiKey', empty, 'user');

    expect(result).toMatchObject({ saved: true, creditsSpent: 0 });
    expect(keySavedWords(result)).toBe(
      'The new key works (its test cost nothing) and replaces the old one. Not enough credits (HTTP 402). Top up the account, then run again.',
    );
    expect(result.key.masked).toBe(masked(empty));
  });

  it('saves the same key again, or the first key, without a test', () => {
    const world = createWorld({ saveKey: false });

    const first = sidebar<KeySaveResult>(world, 'setApiKey', world.key, 'user');
    const again = sidebar<KeySaveResult>(world, 'setApiKey', world.key, 'document');

    expect(first).toMatchObject({ saved: true, creditsSpent: 0 });
    expect([keySavedWords(first), keySavedWords(again)]).toEqual(['Key saved.', 'Key saved.']);
    expect(again).toMatchObject({
      saved: true,
      key: { configured: true, scope: 'document', masked: masked(world.key) },
    });
    expect(world.api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
