import { helpHtml } from '../core/help';

export function showHelp(): void {
  const html = HtmlService.createHtmlOutput(helpHtml()).setWidth(720).setHeight(560);
  SpreadsheetApp.getUi().showModalDialog(html, 'Enrich for Sheets: functions and prices');
}
