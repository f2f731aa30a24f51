// Where the API key lives. Only this file reads it; nothing returns it unmasked.
//
// Scope `user` (default): user properties, spent by whoever saved it alone (the key panel says
// "only you"). In a custom function getUserProperties() is the spreadsheet owner's, and an editor's
// formula reads it too (P6, docs/platform-assumptions.md): it answers from what is saved but buys
// nothing with that key (`formulaMaySpend`). Scope `document`: document properties, so every
// collaborator's formulas buy, on the credits of whoever shared it.
import { cleanPastedKey, maskKey } from '../core/api/api-key';
import { PROPERTY } from '../core/platform/stored-keys';
import type { KeyScope, KeyStatus } from '../shared/rpc';
import { requireDocumentProperties, userProperties } from './platform/properties';

const store = (scope: KeyScope) => (scope === 'user' ? userProperties() : requireDocumentProperties());

/**
 * The key a call should use: one shared with this spreadsheet first (it is this file's own choice),
 * then the user's own, which serves every other spreadsheet of theirs. `documentProperties`: the
 * document's properties when the caller has read them already; `userRead`, how the caller reads
 * the user's whole (a formula reads its memory from the same read).
 */
export function readApiKey(
  documentProperties?: Record<string, string>,
  userRead?: () => Record<string, string>,
): { key: string; scope: KeyScope } | null {
  const shared = documentProperties
    ? (documentProperties[PROPERTY.apiKey] ?? null)
    : store('document').getProperty(PROPERTY.apiKey);
  if (shared) return { key: shared, scope: 'document' };
  const own = userRead ? (userRead()[PROPERTY.apiKey] ?? null) : store('user').getProperty(PROPERTY.apiKey);
  return own ? { key: own, scope: 'user' } : null;
}

/**
 * Whether this formula may buy with the key it read. An editor's formula reads the owner's user
 * properties but may not write them (P6): a write of the key's own value, which changes nothing,
 * tells the owner's formula from an editor's. Should Google show an editor nobody's properties
 * instead, it finds no key and buys nothing either. A key shared with the spreadsheet is its
 * editors' to spend.
 */
export function formulaMaySpend(
  found: { key: string; scope: KeyScope },
  user: () => GoogleAppsScript.Properties.Properties = () => store('user'),
): boolean {
  if (found.scope === 'document') return true;
  try {
    user().setProperty(PROPERTY.apiKey, found.key);
    return true;
  } catch {
    return false;
  }
}

export function storeApiKey(raw: string, scope: KeyScope): KeyStatus {
  const cleaned = cleanPastedKey(String(raw ?? ''));
  if (!cleaned.ok) throw new Error(cleaned.message);
  store(scope).setProperty(PROPERTY.apiKey, cleaned.key);
  // One key at a time in this file: a key shared here would go on spending in place of the user's
  // own. The user's own key stays when a key is shared here: their other spreadsheets use it.
  if (scope === 'user') store('document').deleteProperty(PROPERTY.apiKey);
  return keyStatus();
}

export function removeApiKey(): KeyStatus {
  store('user').deleteProperty(PROPERTY.apiKey);
  store('document').deleteProperty(PROPERTY.apiKey);
  return keyStatus();
}

export function keyStatus(): KeyStatus {
  const found = readApiKey();
  return found
    ? { configured: true, scope: found.scope, masked: maskKey(found.key) }
    : { configured: false, scope: null, masked: null };
}
