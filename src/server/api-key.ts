// Where the API key lives. Only this file reads it; nothing returns it unmasked.
//
// Scope `user` (default): user properties, private to whoever saves it. In a custom function,
// getUserProperties() is the spreadsheet owner's, so the owner's formulas work and editors' do not.
// Scope `document`: document properties, so every collaborator's formulas run, on the owner's credits.
import { cleanPastedKey, maskKey } from '../core/api/api-key';
import { PROPERTY } from '../core/platform/stored-keys';
import { requireDocumentProperties, userProperties } from './platform/properties';

const KEY_PROPERTY = PROPERTY.apiKey;

export type KeyScope = 'user' | 'document';

export interface KeyStatus {
  configured: boolean;
  scope: KeyScope | null;
  masked: string | null;
}

function store(scope: KeyScope): GoogleAppsScript.Properties.Properties {
  return scope === 'user' ? userProperties() : requireDocumentProperties();
}

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
    ? (documentProperties[KEY_PROPERTY] ?? null)
    : store('document').getProperty(KEY_PROPERTY);
  if (shared) return { key: shared, scope: 'document' };
  const own = userRead ? (userRead()[KEY_PROPERTY] ?? null) : store('user').getProperty(KEY_PROPERTY);
  return own ? { key: own, scope: 'user' } : null;
}

export function storeApiKey(raw: string, scope: KeyScope): KeyStatus {
  const cleaned = cleanPastedKey(String(raw ?? ''));
  if (!cleaned.ok) throw new Error(cleaned.message);
  store(scope).setProperty(KEY_PROPERTY, cleaned.key);
  // One key at a time in this file: a key shared here would go on spending in place of the user's
  // own. The user's own key stays when a key is shared here: their other spreadsheets use it.
  if (scope === 'user') store('document').deleteProperty(KEY_PROPERTY);
  return keyStatus();
}

export function removeApiKey(): KeyStatus {
  store('user').deleteProperty(KEY_PROPERTY);
  store('document').deleteProperty(KEY_PROPERTY);
  return keyStatus();
}

export function keyStatus(): KeyStatus {
  const found = readApiKey();
  return found
    ? { configured: true, scope: found.scope, masked: maskKey(found.key) }
    : { configured: false, scope: null, masked: null };
}
