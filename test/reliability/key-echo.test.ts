// An API that echoes the key, in every form careless servers use, in error messages and inside
// answers: no form of it reaches a cell, a bulk status column, the key test, a note or a log.
// Prices from the spec: company_name_to_website, company_name_to_phone and
// company_name_to_pronet_url cost 1 credit a call; a 422 costs nothing.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { echoedKey, KEY_ECHO_FORMS, type KeyEchoForm } from '../../tools/fake-api/key-echo';
import { enterFormula, type World } from '../bundle/harness';
import { everythingShown, keyTraces, worldWithKey } from '../bundle/key-traces';

const KEY = 'fk_test_3c9a7e1b5d2f4a6c8e0b1d3f5a7c9e2b';

/** What the fake's message "Access denied for credentials <echo>" must read as, for each form. */
const REDACTED: Record<KeyEchoForm, string> = {
  raw: 'Access denied for credentials [API key]',
  upper: 'Access denied for credentials [API key]',
  base64: 'Access denied for credentials [API key]',
  base64url: 'Access denied for credentials [API key]',
  // Base64 of "Bearer <key>": the leftovers encode "Bearer fk" and the last two characters, "2b".
  'bearer-base64': 'Access denied for credentials QmVhcmVyIGZr[API key]MmI=',
  // Base64 of "<key>:": the leftover encodes the last character and the colon.
  'basic-base64': 'Access denied for credentials [API key]jo=',
  prefix24: 'Access denied for credentials [API key]',
  'zero-width': 'Access denied for credentials [API key]',
  uri: 'Access denied for credentials [API key]',
  json: 'Access denied for credentials [API key]',
  bearer: 'Access denied for credentials Bearer [API key]',
  hex: 'Access denied for credentials [API key]',
  'hex-upper': 'Access denied for credentials [API key]',
  'html-decimal': 'Access denied for credentials [API key]',
  'html-hex': 'Access denied for credentials [API key]',
  spaced: 'Access denied for credentials [API key]',
  dashed: 'Access denied for credentials [API key]',
  reversed: 'Access denied for credentials [API key]',
  'uri-twice': 'Access denied for credentials [API key]',
  'js-hex': 'Access denied for credentials [API key]',
};

/**
 * A provider's message is cut to 160 characters before the add-on sees it: the escaped forms
 * longer than that lose their end, and what is left of their last escape holds no character of
 * the key.
 */
const CUT: Partial<Record<KeyEchoForm, string>> = {
  json: 'Access denied for credentials [API key]\\u0…',
  'html-decimal': 'Access denied for credentials [API key]…',
  'html-hex': 'Access denied for credentials [API key]&#x…',
  'uri-twice': 'Access denied for credentials [API key]%256…',
  'js-hex': 'Access denied for credentials [API key]\\…',
};
const PROVIDER_REDACTED = (form: KeyEchoForm) => CUT[form] ?? REDACTED[form];

const sidebar = <T>(world: World, answers: unknown[], name: string, ...args: unknown[]): T => {
  const answer = world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;
  answers.push(answer);
  return answer;
};

function expectNoTrace(world: World, answers: unknown[], seen: string): void {
  const shown = everythingShown(world, answers);
  expect(shown).toContain(seen); // the scan did see the echoes
  expect(keyTraces(shown, KEY)).toEqual([]);
}

describe('a key echoed by the API', () => {
  it.each(KEY_ECHO_FORMS)('is found by the scan when echoed %s', (form) => {
    expect(keyTraces(`Access denied for credentials ${echoedKey(KEY, form)}`, KEY)).not.toEqual([]);
  });

  it('never shows in a formula, in any form, in an error, a provider error or the data', () => {
    const world = worldWithKey(KEY, 100);
    KEY_ECHO_FORMS.forEach((form, i) => {
      const row = i + 1;
      world.emu.spreadsheet.getRange(`A${row}`).setValue(`Company ${row}`);
      world.api.echoKey('company_name_to_website', { form, place: 'invalid-input' });
      world.api.echoKey('company_name_to_phone', { form, place: 'provider-error' });
      world.api.echoKey('company_name_to_pronet_url', { form, place: 'result' });
      expect(enterFormula(world, `B${row}`, `=COMPANY_WEBSITE(A${row})`).error).toEqual({
        code: '#ERROR!',
        message: `Error: Invalid input: ${REDACTED[form]}`,
      });
      expect(enterFormula(world, `C${row}`, `=COMPANY_PHONE(A${row})`).error).toEqual({
        code: '#ERROR!',
        message: `Error: Provider error: ${PROVIDER_REDACTED(form)}`,
      });
      enterFormula(world, `D${row}`, `=COMPANY_PRONET_URL(A${row})`);
    });
    expect(world.emu.values('Sheet1', 'D1:D3')).toEqual([
      ['https://www.pronet.com/company/1 (requested by [API key])'],
      ['https://www.pronet.com/company/2 (requested by [API key])'],
      ['https://www.pronet.com/company/3 (requested by [API key])'],
    ]);
    // Twenty provider errors and twenty answers at 1 credit each; the 422s cost nothing.
    expect(world.api.spent(KEY)).toBe(40);
    expectNoTrace(world, [], 'Provider error: Access denied for credentials');
  });

  it('never shows in a bulk run: not in the status column, not in the output column', () => {
    const world = worldWithKey(KEY, 100);
    const answers: unknown[] = [];
    world.emu.spreadsheet
      .getRange('A1:A4')
      .setValues([['Company'], ['Company 1'], ['Company 2'], ['Company 3']]);
    const run = (config: BulkRunConfig) => {
      const preview = sidebar<BulkPreview>(world, answers, 'previewBulkRun', config);
      let progress = sidebar<BulkProgress>(world, answers, 'startBulkRun', config, preview.estimatedCredits);
      for (let call = 0; progress.state === 'running' && call < 20; call++) {
        if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
        progress = sidebar<BulkProgress>(world, answers, 'continueBulkRun', progress.runId);
      }
      return progress;
    };
    const config = (type: BulkRunConfig['type']): BulkRunConfig => ({
      sheetName: 'Sheet1',
      headerRow: 1,
      type,
      columns: { input: 1 },
      output: { mode: 'primary' },
    });

    world.api.echoKey('company_name_to_phone', { form: 'zero-width', place: 'provider-error' });
    expect(run(config('company_name_to_phone')).state).toBe('done');
    world.api.echoKey('company_name_to_website', { form: 'upper', place: 'result' });
    expect(run(config('company_name_to_website')).state).toBe('done');
    world.api.echoKey('company_name_to_pronet_url', { form: 'spaced', place: 'result' });
    expect(run(config('company_name_to_pronet_url')).state).toBe('done');
    expect(world.emu.values('Sheet1', 'F1:F4')).toEqual([
      ['Pronet URL'],
      ['https://www.pronet.com/company/1 (requested by [API key])'],
      ['https://www.pronet.com/company/2 (requested by [API key])'],
      ['https://www.pronet.com/company/3 (requested by [API key])'],
    ]);

    const shown = world.emu.values('Sheet1', 'A1:E4');
    expect(shown).toEqual([
      [
        'Company',
        'Phone',
        'Status (Phone from company name)',
        'Website',
        'Status (Website from company name)',
      ],
      [
        'Company 1',
        '',
        'Error: Provider error: Access denied for credentials [API key]',
        '1.com (requested by [API key])',
        'Found',
      ],
      [
        'Company 2',
        '',
        'Error: Provider error: Access denied for credentials [API key]',
        '2.com (requested by [API key])',
        'Found',
      ],
      [
        'Company 3',
        '',
        'Error: Provider error: Access denied for credentials [API key]',
        '3.com (requested by [API key])',
        'Found',
      ],
    ]);
    expect(world.api.spent(KEY)).toBe(9);
    expectNoTrace(world, answers, 'Error: Provider error: Access denied for credentials [API key]');
  });

  it('never shows in the key test, in any form', () => {
    const world = worldWithKey(KEY, 100);
    const answers: unknown[] = [];
    for (const form of KEY_ECHO_FORMS) {
      world.api.echoKey('company_name_to_website', { form, place: 'invalid-input' });
      expect(sidebar(world, answers, 'testApiKey')).toEqual({
        ok: true,
        message: `Invalid input: ${REDACTED[form]}`,
        creditsSpent: 0,
      });
    }
    expect(world.api.spent(KEY)).toBe(0);
    expectNoTrace(world, answers, 'Invalid input: Access denied for credentials');
  });

  it('is masked to a third of it at most in the sidebar', () => {
    const world = worldWithKey(KEY, 100);
    expect(world.emu.runExecution(world.bundle, 'getSidebarState', [], { context: 'sidebar' })).toMatchObject(
      { key: { configured: true, masked: 'fk_t…9e2b' } },
    );
    const nine = worldWithKey('fk_test_9', 100);
    expect(nine.emu.runExecution(nine.bundle, 'getSidebarState', [], { context: 'sidebar' })).toMatchObject({
      key: { masked: 'f…9' },
    });
  });
});
