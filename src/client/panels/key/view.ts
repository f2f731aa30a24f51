// The API key panel's view: its markup is sidebar.html's; this fills it in. Everything from the
// server is set as text.

import { creditsText } from '../../../core/text/credits';
import type { KeyScope, KeyStatus } from '../../../shared/rpc';
import { $, el } from '../../dom';

export function showKey(status: KeyStatus): void {
  $('key-status').textContent = status.configured
    ? `Saved: ${status.masked} (${status.scope === 'document' ? 'shared with this spreadsheet' : 'only you'})`
    : 'No API key saved yet.';
  $('key-note').textContent = status.configured ? 'saved' : 'not set';
  $('key-input-label').textContent = status.configured ? 'Paste a new key to replace it' : 'Paste your key';
  $('save-key').textContent = status.configured ? 'Replace' : 'Save';
  ($('test-key') as HTMLButtonElement).disabled = !status.configured;
  // Replacing tests the new key first: its price is said before the click.
  $('replace-cost').hidden = !status.configured;
  ($('clear-key') as HTMLButtonElement).disabled = !status.configured;
  if (status.scope) checkScope(status.scope);
  showScopeWarning();
}

function checkScope(scope: KeyScope): void {
  const radio = document.querySelector<HTMLInputElement>(`input[name="scope"][value="${scope}"]`);
  if (radio) radio.checked = true;
}

export function selectedScope(): KeyScope {
  const checked = document.querySelector<HTMLInputElement>('input[name="scope"]:checked');
  return checked?.value === 'document' ? 'document' : 'user';
}

export function showScopeWarning(): void {
  $('scope-warning').hidden = selectedScope() !== 'document';
}

export function scopeRadios(): NodeListOf<HTMLInputElement> {
  return document.querySelectorAll<HTMLInputElement>('input[name="scope"]');
}

/** The dashboard's words become a link only to an https:// address the build was given. */
export function linkDashboard(dashboard: string | null | undefined): void {
  if (!dashboard?.startsWith('https://')) return;
  const place = $('dashboard-link');
  const link = el('a', { href: dashboard, target: '_blank', rel: 'noopener noreferrer' }, place.textContent);
  link.id = place.id;
  place.replaceWith(link);
}

export function showTestCost(credits: number): void {
  $('test-cost').textContent = `Test makes one real lookup, which costs ${creditsText(credits)}.`;
  $('replace-cost').textContent =
    `Replace tests the new key first with one real lookup, which costs ${creditsText(credits)} on its account; the saved key stays if the test fails.`;
}

/** Remove's question, its Remove it focused; Remove gives way to it while it is shown. */
export function showRemoveQuestion(shown: boolean): void {
  $('key-remove').hidden = !shown;
  $('clear-key').hidden = shown;
  if (shown) ($('key-remove-confirm') as HTMLButtonElement).focus();
}

/** Offers to save a key whose test failed, untested; hidden once the key or the choice changes. */
export function showUntestedChoice(shown: boolean): void {
  $('key-untested').hidden = !shown;
  if (shown) ($('key-save-untested') as HTMLButtonElement).focus();
}
