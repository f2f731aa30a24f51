// onOpen builds the menu and nothing else: it runs in AuthMode.NONE before the add-on is
// authorized in a document, where touching Properties, Cache or the sheet would throw. onInstall
// runs with full authorization when the user installs from the Marketplace: the collector's
// drivers go in then, as they do when the sidebar opens.

import { HELP_PLACES } from '../core/operations/docs';
import { installDrivers } from './collector/edit-open-triggers';
import { ADDON_NAME } from './config';

export function onOpen(_event?: GoogleAppsScript.Events.SheetsOnOpen): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Freeze results as values', 'freezeResults')
    .addItem('Finish pending lookups', 'collectJobsNow')
    .addSeparator()
    .addItem(HELP_PLACES.menuItem, 'showHelp')
    .addItem('Privacy', 'showPrivacy')
    .addItem('Support', 'showSupport')
    .addToUi();
}

export function onInstall(event?: GoogleAppsScript.Events.AddonOnInstall): void {
  onOpen(event as unknown as GoogleAppsScript.Events.SheetsOnOpen);
  if (String(event?.authMode) === 'FULL') installDrivers();
}

export function showSidebar(): void {
  installDrivers();
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(ADDON_NAME));
}
