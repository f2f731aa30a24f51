// The add-on around the formulas: the menu in every auth mode, the help page, and the key never
// leaving the server unmasked (freezing results: freeze.test.ts).
import { createWorld, enterFormula, typeValues } from './harness';
import { everythingShown, keyTraces } from './key-traces';

describe('onOpen', () => {
  it('builds the add-on menu in AuthMode.NONE without touching any other service', () => {
    const world = createWorld({ saveKey: false });
    world.emu.runExecution(world.bundle, 'onOpen', [{ authMode: 'NONE' }], {
      authMode: 'NONE',
      context: 'simple-trigger',
    });
    const captions = world.emu.ui.menus
      .at(-1)!
      .entries.map((entry) => ('caption' in entry ? entry.caption : ''));
    expect(captions).toEqual(
      expect.arrayContaining(['Open sidebar', 'Freeze results as values', 'Help: functions and prices']),
    );
  });
});

describe('Help: functions and prices', () => {
  it('opens the help page built with the add-on: every function, its price and an example', () => {
    const world = createWorld();
    world.emu.runMenuItem(world.bundle, 'Help: functions and prices');
    const shown = world.emu.ui.shown.at(-1)!;
    expect(shown).toMatchObject({ kind: 'modal', title: 'Enrich for Sheets: functions and prices' });
    expect(shown.html).toContain('PRONET_PHONE(profile_url)');
    expect(shown.html).toContain('50 credits');
    expect(shown.html).toContain('e.g. <code>=COMPANY_WEBSITE(&quot;Acme Corporation&quot;)</code>');
  });
});

describe('the API key', () => {
  it('never appears in cells, logs, caches, properties other than its own, or sidebar answers', () => {
    const world = createWorld({ credits: 3 });
    const answers: unknown[] = [];
    const call = (name: string, ...args: unknown[]) =>
      answers.push(world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }));
    call('getSidebarState');
    call('testApiKey');
    typeValues(world, 'A1:A3', [['Acme Corporation'], ['https://www.pronet.com/in/ada'], ['Umbrella Corp']]);
    enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A3)');
    enterFormula(world, 'C2', '=PRONET_EMAIL(A2)'); // 402: three credits are not enough
    world.api.failNext(1, 500, `upstream said: bad key ${world.key}`);
    enterFormula(world, 'D3', '=COMPANY_PHONE(A3)');
    world.api.addCredits(world.key, 5);
    world.api.echoKey('company_name_to_pronet_url', { form: 'base64', place: 'provider-error' });
    enterFormula(world, 'E1', '=COMPANY_PRONET_URL(A1)');
    world.api.echoKey('company_name_to_email', { form: 'upper', place: 'result' });
    enterFormula(world, 'E3', '=COMPANY_EMAIL(A3)');

    const properties = world.emu.properties.snapshot({ documentId: world.emu.document.id });
    const userProperties = world.emu.properties.snapshot({ user: 'owner@example.com' });
    const exposed = [
      everythingShown(world, answers),
      ...world.emu.cache.dump(),
      ...Object.entries(properties).flat(),
      ...Object.keys(userProperties),
      JSON.stringify(answers),
    ].join('\n');
    expect(exposed).toContain('Not enough credits'); // the scan did see the error texts
    expect(exposed).toContain('Provider error: Access denied for credentials [API key]');
    expect(keyTraces(exposed, world.key)).toEqual([]);
    expect(JSON.stringify(answers)).toMatch(/…/); // the masked form is what the sidebar shows
  });
});
