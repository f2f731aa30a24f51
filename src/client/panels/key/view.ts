// The API key panel's view: its markup is sidebar.html's; this fills it in. Everything from the
// server is set as text.

import { KEY_TEXTS } from '../../../core/text/catalogue/sidebar/key';
import type { KeyScope, KeyStatus } from '../../../shared/rpc';
import { $, el } from '../../dom';

export function showKey(status: KeyStatus): void {
  $('key-status').textContent = status.configured
    ? KEY_TEXTS.saved.say(status.masked, status.scope === 'document')
    : KEY_TEXTS.none.text;
  $('key-note').textContent = status.configured ? 'saved' : KEY_TEXTS.notSet.text;
  $('key-input-label').textContent = status.configured ? KEY_TEXTS.pasteNew.text : KEY_TEXTS.paste.text;
  $('save-key').textContent = status.configured ? 'Replace' : 'Save';
  ($('test-key') as HTMLButtonElement).disabled = !status.configured;
  // Replacing tests the new key first: its price is said before the click.
  $('replace-cost').hidden = !status.configured;
  ($('clear-key') as HTMLButtonElement).disabled = !status.configured;
  // Without a key (scope null) no radio matches: the user's choice stays.
  const radio = document.querySelector<HTMLInputElement>(`input[name="scope"][value="${status.scope}"]`);
  if (radio) radio.checked = true;
  showScopeWarning();
}

export function selectedScope(): KeyScope {
  const checked = document.querySelector<HTMLInputElement>('input[name="scope"]:checked');
  return checked?.value === 'document' ? 'document' : 'user';
}

export function showScopeWarning(): void {
  $('scope-warning').hidden = selectedScope() !== 'document';
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
  $('test-cost').textContent = KEY_TEXTS.testCost.say(credits);
  $('replace-cost').textContent = KEY_TEXTS.replaceCost.say(credits);
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
