// The API key panel: paste, save, test (its price said first), show masked, replace, remove; the
// choice of who may use it, with a plain warning of what sharing means. A new key replaces a saved
// one only once a test lookup says it works, or when the user saves it untested, knowingly.
import { KEY_TEXTS, keySavedWords, keyTestedWords } from '../../../core/text/catalogue/sidebar/key';
import type { KeySaveResult, SidebarState } from '../../../shared/rpc';
import { announceChange } from '../../data-changed';
import { $, busy, busyOnClick, say } from '../../dom';
import { call } from '../../rpc-client';
import {
  linkDashboard,
  selectedScope,
  showKey,
  showRemoveQuestion,
  showScopeWarning,
  showTestCost,
  showUntestedChoice,
} from './view';

export function mountKeyPanel(state: SidebarState): void {
  const message = $('key-message');
  showKey(state.key);
  linkDashboard(state.dashboardUrl);
  showTestCost(state.testCost);
  for (const radio of document.querySelectorAll('input[name="scope"]'))
    radio.addEventListener('change', showScopeWarning);
  wireSave(message);
  wireTest(message, state.testCost);
  wireClear(message);
}

function wireSave(message: HTMLElement): void {
  const input = $('key-input') as HTMLInputElement;
  const save = $('save-key') as HTMLButtonElement;
  const untested = $('key-save-untested') as HTMLButtonElement;
  const saved = (result: KeySaveResult) => {
    showKey(result.key);
    showUntestedChoice(!result.saved && result.canSaveUntested);
    say(message, keySavedWords(result), result.saved ? 'ok' : 'error');
    if (result.saved) input.value = '';
    if (result.saved || result.creditsSpent > 0) announceChange();
  };
  const saveKey = () =>
    busy(save, message, async () => saved(await call('setApiKey', input.value, selectedScope())));
  save.addEventListener('click', saveKey);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void saveKey();
  });
  // The pasted key was refused or could not be tested: the user chooses, knowing it.
  input.addEventListener('input', () => showUntestedChoice(false));
  busyOnClick(untested, message, async () =>
    saved(await call('setApiKey', input.value, selectedScope(), 'untested')),
  );
  ($('key-keep') as HTMLButtonElement).addEventListener('click', () => {
    input.value = '';
    showUntestedChoice(false);
    say(message, KEY_TEXTS.kept.text);
  });
}

function wireTest(message: HTMLElement, testCost: number): void {
  const test = $('test-key') as HTMLButtonElement;
  busyOnClick(test, message, async () => {
    const result = await call('testApiKey');
    say(message, keyTestedWords(result, testCost), result.ok ? 'ok' : 'error');
    if (result.creditsSpent > 0) announceChange();
  });
}

/** Remove asks first, saying what removing stops; only "Remove it" removes. */
function wireClear(message: HTMLElement): void {
  const clear = $('clear-key') as HTMLButtonElement;
  const confirm = $('key-remove-confirm') as HTMLButtonElement;
  clear.addEventListener('click', () => {
    showUntestedChoice(false);
    say(message, '');
    showRemoveQuestion(true);
  });
  ($('key-remove-keep') as HTMLButtonElement).addEventListener('click', () => showRemoveQuestion(false));
  busyOnClick(confirm, message, async () => {
    showKey(await call('clearApiKey'));
    showRemoveQuestion(false);
    say(message, KEY_TEXTS.removed.text, 'ok');
    announceChange();
  });
}
