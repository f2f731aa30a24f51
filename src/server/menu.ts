// onOpen and onInstall: build the menu and nothing else. They run in AuthMode.NONE before the
// add-on is authorized in a document, where touching Properties, Cache or the sheet would throw.
import { ADDON_NAME } from './config';

export function onOpen(_event?: GoogleAppsScript.Events.SheetsOnOpen): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Freeze results as values', 'freezeResults')
    .addItem('Collect finished jobs now', 'collectJobsNow')
    .addSeparator()
    .addItem('Help: functions and prices', 'showHelp')
    .addToUi();
}

export function onInstall(event?: GoogleAppsScript.Events.AddonOnInstall): void {
  onOpen(event as unknown as GoogleAppsScript.Events.SheetsOnOpen);
}

export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(ADDON_NAME);
  SpreadsheetApp.getUi().showSidebar(html);
}
