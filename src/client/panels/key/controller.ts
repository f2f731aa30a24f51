// The API key panel: paste, save, test (its price said first), show masked, replace, remove; the
// choice of who may use it, with a plain warning of what sharing means.
import type { SidebarState } from '../../../shared/rpc';
import { announceChange } from '../../data-changed';
import { $, busy, say } from '../../dom';
import { call } from '../../rpc-client';
import { linkDashboard, scopeRadios, selectedScope, showKey, showScopeWarning, showTestCost } from './view';

export function mountKeyPanel(state: SidebarState): void {
  const message = $('key-message');
  showKey(state.key);
  linkDashboard(state.dashboardUrl);
  showTestCost(state.testCost);
  for (const radio of scopeRadios()) radio.addEventListener('change', showScopeWarning);
  wireSave(message);
  wireTest(message);
  wireClear(message);
}

function wireSave(message: HTMLElement): void {
  const input = $('key-input') as HTMLInputElement;
  const save = $('save-key') as HTMLButtonElement;
  const saveKey = () =>
    busy(save, message, async () => {
      const status = await call('setApiKey', input.value, selectedScope());
      input.value = '';
      showKey(status);
      say(message, 'Key saved.', 'ok');
      announceChange();
    });
  save.addEventListener('click', saveKey);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void saveKey();
  });
}

function wireTest(message: HTMLElement): void {
  const test = $('test-key') as HTMLButtonElement;
  test.addEventListener('click', () =>
    busy(test, message, async () => {
      const result = await call('testApiKey');
      say(message, result.message, result.ok ? 'ok' : 'error');
      if (result.creditsSpent > 0) announceChange();
    }),
  );
}

function wireClear(message: HTMLElement): void {
  const clear = $('clear-key') as HTMLButtonElement;
  clear.addEventListener('click', () =>
    busy(clear, message, async () => {
      showKey(await call('clearApiKey'));
      say(message, 'Key removed.', 'ok');
      announceChange();
    }),
  );
}
