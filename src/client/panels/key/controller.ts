// The API key panel: paste, save, test (its price said first), show masked, replace, remove; the
// choice of who may use it, with a plain warning of what sharing means.
import type { KeyScope, KeyStatus, SidebarState } from '../../../shared/rpc';
import { announceChange } from '../../data-changed';
import { $, busy, el, formatCredits, say } from '../../dom';
import { call } from '../../rpc-client';

function showKey(status: KeyStatus) {
  $('key-status').textContent = status.configured
    ? `Saved: ${status.masked} (${status.scope === 'document' ? 'shared with this spreadsheet' : 'only you'})`
    : 'No API key saved yet.';
  $('key-note').textContent = status.configured ? 'saved' : 'not set';
  $('key-input-label').textContent = status.configured ? 'Paste a new key to replace it' : 'Paste your key';
  $('save-key').textContent = status.configured ? 'Replace' : 'Save';
  ($('test-key') as HTMLButtonElement).disabled = !status.configured;
  ($('clear-key') as HTMLButtonElement).disabled = !status.configured;
  if (status.scope) {
    const radio = document.querySelector<HTMLInputElement>(`input[name="scope"][value="${status.scope}"]`);
    if (radio) radio.checked = true;
  }
  showScopeWarning();
}

function selectedScope(): KeyScope {
  const checked = document.querySelector<HTMLInputElement>('input[name="scope"]:checked');
  return checked?.value === 'document' ? 'document' : 'user';
}

function showScopeWarning() {
  $('scope-warning').hidden = selectedScope() !== 'document';
}

export function mountKeyPanel(state: SidebarState): void {
  const message = $('key-message');
  showKey(state.key);
  const dashboard = state.dashboardUrl;
  if (dashboard?.startsWith('https://')) {
    const place = $('dashboard-link');
    const link = el(
      'a',
      { href: dashboard, target: '_blank', rel: 'noopener noreferrer' },
      place.textContent,
    );
    link.id = place.id;
    place.replaceWith(link);
  }
  $('test-cost').textContent = `Test makes one real lookup, which costs ${formatCredits(state.testCost)}.`;
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="scope"]')) {
    radio.addEventListener('change', showScopeWarning);
  }
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
  const test = $('test-key') as HTMLButtonElement;
  test.addEventListener('click', () =>
    busy(test, message, async () => {
      const result = await call('testApiKey');
      say(message, result.message, result.ok ? 'ok' : 'error');
      if (result.creditsSpent > 0) announceChange();
    }),
  );
  const clear = $('clear-key') as HTMLButtonElement;
  clear.addEventListener('click', () =>
    busy(clear, message, async () => {
      showKey(await call('clearApiKey'));
      say(message, 'Key removed.', 'ok');
      announceChange();
    }),
  );
}
