import { OPERATIONS } from '../../src/core/operations/table';
import type { BuyAgainResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
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

describe("ENRICH's types in the Help it points to", () => {
  /** Every type of the spec's operation table, with its price as the spec states it. */
  const SPEC_TYPES: [string, string][] = [
    ['lead_full_name_to_pronet_url', '1 credit'],
    ['email_to_pronet_url', '5 credits'],
    ['pronet_profile_to_email', '10 credits'],
    ['pronet_profile_to_phone', '50 credits'],
    ['pronet_profile_to_pronet_info', '10 credits'],
    ['lead_full_name_to_email', '7 credits'],
    ['company_name_to_website', '1 credit'],
    ['company_name_to_email', '1 credit'],
    ['company_name_to_phone', '1 credit'],
    ['company_name_to_pronet_url', '1 credit'],
    ['company_name_to_employee_count', '1 credit'],
    ['company_name_to_employees', '0.5 credit per employee'],
    ['company_domain_to_employees', '0.5 credit per employee'],
    ['pronet_company_to_pronet_info', '6 credits'],
    ['pronet_company_to_employee_count', '1 credit'],
    ['pronet_company_to_employees', '0.5 credit per employee'],
    ['pronet_post_to_reactions', '1 credit'],
    ['b2b_data_lookup', '1 credit'],
    ['photonet_lookup', '1 credit'],
  ];
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .trim();

  it('refuses an unknown type for free, naming where the types are; the Help lists all 19 with their prices', () => {
    const world = createWorld();
    expect(() => callFunction(world, 'ENRICH', 'weather_forecast', 'Acme Corporation')).toThrow(
      'Unknown type "weather_forecast". ENRICH takes one of the 19 types listed under "ENRICH types" in Extensions > Enrich for Sheets > Help: functions and prices, e.g. ENRICH("company_name_to_website", "Acme Corporation").',
    );
    expect(world.api.calls).toHaveLength(0);

    world.emu.runMenuItem(world.bundle, 'Help: functions and prices');
    const help = world.emu.ui.shown.at(-1)!;
    expect(help.kind).toBe('modal');
    const section = help.html.slice(help.html.indexOf('<h2 id="enrich-types">'));
    expect(textOf(/<h2[^>]*>(.*?)<\/h2>/.exec(section)![1]!)).toBe('ENRICH types');
    const rows = [...section.matchAll(/<tr>(.*?)<\/tr>/g)]
      .map((row) => [...row[1]!.matchAll(/<td>(.*?)<\/td>/g)].map((cell) => textOf(cell[1]!)))
      .filter((cells) => cells.length > 0); // the header row has no <td>
    expect(rows.map(([type, price]) => [type, price])).toEqual(SPEC_TYPES);
  });
});

describe('retrying a formula that shows an error (what the README says retries one)', () => {
  const SERVICE_DOWN = 'Error: The enrichment service failed (HTTP 503). Try again in a minute.';
  const sidebar = <T>(world: ReturnType<typeof createWorld>, name: string, ...args: unknown[]) =>
    world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

  it('is not done by typing the same formula again; Buy again, entering it anew or a changed input do it', () => {
    const world = createWorld();
    typeValues(world, 'A1:A2', [['Acme Corporation'], ['Globex Corporation']]);
    world.api.failNext(1, 503);
    expect(enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)').error?.message).toBe(SERVICE_DOWN);

    // Typed over itself unchanged, a formula is not run again by Sheets: the error stays, unpaid.
    const retyped = world.emu.edit(world.bundle, 'Sheet1', 'B1', '=COMPANY_WEBSITE(A1)');
    expect(retyped.error?.message).toBe(SERVICE_DOWN);
    expect(world.api.calls).toHaveLength(1);

    // Buy again in the sidebar's This cell panel states the price, buys it and enters the formula again.
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B1').activate();
    const offer = sidebar<SelectionReceipt>(world, 'getCellReceipt', null).buyAgain;
    expect(offer).toEqual({ lookups: 1, credits: 1, formulas: 1, isBound: false });
    expect(sidebar<BuyAgainResult>(world, 'buyAgain', 1)).toMatchObject({ ok: true, creditsSpent: 1 });
    expect(world.emu.cell('Sheet1', 'B1').display).toBe('acme.com');
    expect(spent(world)).toBe(1);

    // Deleted, then entered again: a new entry, which Sheets runs.
    world.api.failNext(1, 503);
    expect(enterFormula(world, 'C1', '=COMPANY_PHONE(A1)').error?.message).toBe(SERVICE_DOWN);
    world.emu.edit(world.bundle, 'Sheet1', 'C1', '');
    expect(enterFormula(world, 'C1', '=COMPANY_PHONE(A1)').error).toBeNull();
    expect(spent(world)).toBe(2);

    // A cell it reads changes: it runs again, for the new input.
    world.api.failNext(1, 503);
    expect(enterFormula(world, 'D1', '=COMPANY_WEBSITE(A2)').error?.message).toBe(SERVICE_DOWN);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Initech');
    expect(world.emu.cell('Sheet1', 'D1').display).toBe('initech.com');
    expect(spent(world)).toBe(3);
  });
});
