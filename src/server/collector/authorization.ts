// A trigger whose user's authorization lapsed (an update that asks for a new scope, a revoked
// grant) can do nothing: it says so once in document properties, and the sidebar tells the user,
// as Google's add-on template does by email.

/** Document properties: set when a trigger found the user's authorization lapsed. */
const REAUTHORIZE_PROPERTY = 'enrich.reauthorize';

/** Whether the user must authorize again; said once in document properties for the sidebar. */
export function authorizationLapsed(): boolean {
  const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  if (info.getAuthorizationStatus() !== ScriptApp.AuthorizationStatus.REQUIRED) return false;
  const properties =
    PropertiesService.getDocumentProperties() as GoogleAppsScript.Properties.Properties | null;
  properties?.setProperty(REAUTHORIZE_PROPERTY, String(Date.now()));
  return true;
}

/** Whether a trigger stopped for want of authorization since the sidebar last looked; clears it. */
export function takeReauthorizeFlag(): boolean {
  const properties = PropertiesService.getDocumentProperties();
  if (properties?.getProperty(REAUTHORIZE_PROPERTY) == null) return false;
  properties.deleteProperty(REAUTHORIZE_PROPERTY);
  return true;
}
