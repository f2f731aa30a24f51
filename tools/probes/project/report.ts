// Step 4: every probe's observation gathered into one report, shown in a dialog to copy, and
// written to the report sheet. The triggers step 1 installed are removed.

import type { Json } from '../json';
import { type Probe, type ProbeReport, REPORT_FORMAT, type ReportEntry, type Seen } from '../probe';
import { PROBES } from './catalogue';
import { currentContext, errorKey, removeTriggers, resultKey } from './runner';
import { SHEETS, sheetNamed } from './sheets';
import { messageOf, recall } from './store';

function entryOf(probe: Probe): ReportEntry {
  const error = recall(errorKey(probe));
  if (typeof error === 'string') return { id: probe.id, error };
  try {
    const finish = probe.finish;
    const result = finish ? finish(currentContext()) : (recall(resultKey(probe)) as Seen | undefined);
    if (!result) return { id: probe.id, error: 'nothing recorded: were the steps run in order?' };
    return result.notes === undefined
      ? { id: probe.id, observed: result.observed }
      : { id: probe.id, observed: result.observed, notes: result.notes };
  } catch (error) {
    return { id: probe.id, error: messageOf(error) };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function writeSheet(text: string, results: { [name: string]: ReportEntry }): void {
  const sheet = sheetNamed(SHEETS.report);
  const rows = Object.entries(results).map(([name, entry]) => [
    name,
    entry.id,
    JSON.stringify(entry.observed ?? null),
    entry.error ?? '',
  ]);
  const table = sheet.getRange(3, 1, rows.length + 1, 4);
  table.setNumberFormat('@');
  table.setValues([['probe', 'id', 'observed', 'error'], ...rows]);
  // One cell holds 50,000 characters; a longer report is in the dialog only.
  if (text.length <= 50_000) sheet.getRange('A1').setNumberFormat('@').setValue(text);
}

function showDialog(text: string): void {
  const html = HtmlService.createHtmlOutput(
    `<p style="font-family:sans-serif">Copy all of this into <code>report.json</code>, then run
    <code>npm run probes -- --compare report.json</code>.</p>
    <textarea readonly style="width:100%;height:430px">${escapeHtml(text)}</textarea>`,
  )
    .setWidth(760)
    .setHeight(540);
  SpreadsheetApp.getUi().showModalDialog(html, 'Probe report');
}

/** Answers the report's JSON (the emulator test reads it; in Google the dialog shows it). */
export function probeReport(): string {
  const results: { [name: string]: ReportEntry } = {};
  for (const probe of PROBES) results[probe.name] = entryOf(probe);
  removeTriggers();
  const report: ProbeReport = { format: REPORT_FORMAT, ranAt: new Date().toISOString(), results };
  const text = JSON.stringify(report as unknown as Json, null, 2);
  writeSheet(text, results);
  showDialog(text);
  return text;
}
