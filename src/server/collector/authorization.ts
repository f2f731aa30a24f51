// A trigger whose user's authorization lapsed (an update that asks for a new scope, a revoked
// grant) can do nothing: it says so once in document properties, and the sidebar tells the user,
// as Google's add-on template does by email.

import { PROPERTY } from '../../core/platform/stored-keys';
import { documentProperties } from '../platform/properties';

/** Whether the user must authorize again; said once in document properties for the sidebar. */
export function authorizationLapsed(): boolean {
  const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  if (info.getAuthorizationStatus() !== ScriptApp.AuthorizationStatus.REQUIRED) return false;
  documentProperties()?.setProperty(PROPERTY.reauthorize, String(Date.now()));
  return true;
}

/** Whether a trigger stopped for want of authorization since the sidebar last looked; clears it. */
export function takeReauthorizeFlag(): boolean {
  const properties = documentProperties();
  if (properties?.getProperty(PROPERTY.reauthorize) == null) return false;
  properties.deleteProperty(PROPERTY.reauthorize);
  return true;
}
