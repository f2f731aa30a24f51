// The menu's Privacy and Support items. Apps Script cannot open a web page from a menu, so each
// shows a small dialog with the publisher's links (build settings, config.ts), opening in a new tab.
import { ADDON_NAME, LINKS } from './config';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;
}

function showDialog(title: string, paragraphs: string[]): void {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  const page = `<div style="font: 14px/1.5 Arial, sans-serif; color: #202124">${body}</div>`;
  const html = HtmlService.createHtmlOutput(page).setWidth(420).setHeight(200);
  SpreadsheetApp.getUi().showModalDialog(html, `${ADDON_NAME}: ${title}`);
}

export function showPrivacy(): void {
  showDialog('privacy', [
    'Only the inputs you ask to enrich leave this spreadsheet, sent to the enrichment API with your key. Paid answers stay in this spreadsheet.',
    `${link(LINKS.privacy, 'Privacy policy')} · ${link(LINKS.terms, 'Terms of service')}`,
  ]);
}

export function showSupport(): void {
  const help = LINKS.help ? ` or read ${link(LINKS.help, 'the help pages')}` : '';
  showDialog('support', [
    `Write to ${link(`mailto:${LINKS.support}`, LINKS.support)}${help}. Say which function or run, and what the cell or the sidebar showed; never send your API key.`,
    'Functions and prices: Extensions > Enrich for Sheets > Help: functions and prices.',
  ]);
}
