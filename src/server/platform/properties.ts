// PropertiesService, reached only here. Which names the add-on keeps there, and what each holds,
// is listed in core/platform/stored-keys.ts; a store read in batches by core goes through the
// BatchStorePort (adapters/apps-script.ts) over documentProperties().

import { CALL_TEXTS } from '../../core/text/catalogue/sidebar/calls';

type Properties = GoogleAppsScript.Properties.Properties;

/** The document's properties, or null where there is no document. */
export const documentProperties = () => PropertiesService.getDocumentProperties() as Properties | null;

/** The document's properties, for calls that run in a document (the sidebar, the menu, a trigger). */
export function requireDocumentProperties(): Properties {
  const properties = documentProperties();
  if (!properties) throw new Error(CALL_TEXTS.openSpreadsheet.text);
  return properties;
}

/** This user's properties (in a custom function, the spreadsheet owner's). */
export const userProperties = (): Properties => PropertiesService.getUserProperties();

/** One document property; null when it is not set or there is no document. */
export const documentProperty = (name: string) => documentProperties()?.getProperty(name) ?? null;

/** Sets one property of `properties`, or deletes it when `value` is null. */
export function writeProperty(properties: Properties, name: string, value: string | null): void {
  if (value === null) properties.deleteProperty(name);
  else properties.setProperty(name, value);
}

/** Sets one document property, or deletes it when `value` is null. */
export const setDocumentProperty = (name: string, value: string | null) =>
  writeProperty(requireDocumentProperties(), name, value);

/**
 * One document property as a hidden sheet's record (adapters/own-sheet.ts): read from `snapshot`,
 * the properties this execution read already, when it has one (no round trip), else on first use.
 */
export function sheetRecord(name: string, snapshot?: Record<string, string>) {
  return {
    read: () => (snapshot ? (snapshot[name] ?? null) : documentProperty(name)),
    write: (text: string | null) => setDocumentProperty(name, text),
  };
}
