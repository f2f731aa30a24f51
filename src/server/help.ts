/** The help page: dist/Help.html, rendered by build.mjs from the operations table (src/core/operations/help.ts). */
export function showHelp(): void {
  const html = HtmlService.createHtmlOutputFromFile('Help').setWidth(720).setHeight(560);
  SpreadsheetApp.getUi().showModalDialog(html, 'Enrich for Sheets: functions and prices');
}
