// The sidebar: API key settings. Everything shown from the server is set as text, never as HTML.
import type { KeyScope, KeyStatus } from '../shared/rpc';
import { call } from './rpc-client';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function showMessage(text: string, kind: 'ok' | 'error' | '' = '') {
  const el = $('key-message');
  el.textContent = text;
  el.className = `message ${kind}`;
}

function showKey(status: KeyStatus) {
  $('key-status').textContent = status.configured
    ? `Saved: ${status.masked} (${status.scope === 'document' ? 'shared with this spreadsheet' : 'only you'})`
    : 'No API key saved yet.';
  ($('test-key') as HTMLButtonElement).disabled = !status.configured;
  ($('clear-key') as HTMLButtonElement).disabled = !status.configured;
}

function selectedScope(): KeyScope {
  const checked = document.querySelector<HTMLInputElement>('input[name="scope"]:checked');
  return checked?.value === 'document' ? 'document' : 'user';
}

async function guarded(button: string, work: () => Promise<void>) {
  const el = $(button) as HTMLButtonElement;
  el.disabled = true;
  try {
    await work();
  } catch (error) {
    showMessage(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    el.disabled = false;
  }
}

function wire() {
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="scope"]')) {
    radio.addEventListener('change', () => {
      $('scope-warning').hidden = selectedScope() !== 'document';
    });
  }
  $('save-key').addEventListener('click', () =>
    guarded('save-key', async () => {
      const input = $('key-input') as HTMLInputElement;
      const status = await call('saveApiKey', input.value, selectedScope());
      input.value = '';
      showKey(status);
      showMessage('Key saved.', 'ok');
    }),
  );
  $('test-key').addEventListener('click', () =>
    guarded('test-key', async () => {
      const result = await call('testApiKey');
      showMessage(result.message, result.ok ? 'ok' : 'error');
    }),
  );
  $('clear-key').addEventListener('click', () =>
    guarded('clear-key', async () => {
      showKey(await call('clearApiKey'));
      showMessage('Key removed.', 'ok');
    }),
  );
}

async function start() {
  wire();
  try {
    const state = await call('getSidebarState');
    showKey(state.key);
    $('test-cost').textContent = `Testing makes one real lookup: ${state.testCost} credit.`;
  } catch (error) {
    showMessage(error instanceof Error ? error.message : String(error), 'error');
  }
}

void start();
