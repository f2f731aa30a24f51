// The help page, derived from the operations table. The page never changes while the add-on runs,
// so build.mjs renders it once into dist/Help.html; the server only shows that file. It is made to
// fit its dialog (server/help.ts: 720 px wide): fixed columns, long names wrapped, never a
// sideways scroll.
import { GENERIC_HELP, HELP_PLACES, OPERATION_DOCS, rowOfFieldsDoc } from './docs';
import { priceLabel } from './pricing';
import { GENERIC_FUNCTION, OPERATIONS } from './table';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

const STYLE = [
  'body{font:13px/1.4 Arial,sans-serif;color:#202124;margin:12px}',
  'h2{font-size:14px;margin:16px 0 6px}',
  'table{width:100%;table-layout:fixed;border-collapse:collapse}',
  'th{text-align:left;font-size:12px;color:#5f6368;padding:4px}',
  'td{border-top:1px solid #ddd;padding:4px;vertical-align:top;overflow-wrap:anywhere}',
  'code{font-size:12px}',
].join('');

function functionRows(): string {
  return OPERATIONS.map((op) => {
    const signature = `${op.functionName}(${[op.inputParam, ...op.extraParams.map((p) => `[${p}]`)].join(', ')})`;
    const { help, example } = OPERATION_DOCS[op.type];
    const doc = `${escapeHtml([help, rowOfFieldsDoc(op)].join(' ').trim())}<br>e.g. ${code(`=${example}`)}`;
    return `<tr><td>${code(signature)}</td><td>${escapeHtml(priceLabel(op))}</td><td>${doc}</td></tr>`;
  }).join('');
}

/** Every type ENRICH takes, with its price and the function that does the same. */
function typeRows(): string {
  return OPERATIONS.map(
    (op) =>
      `<tr><td>${code(op.type)}</td><td>${escapeHtml(priceLabel(op))}</td><td>${code(op.functionName)}</td></tr>`,
  ).join('');
}

const columns = (...widths: number[]) =>
  `<colgroup>${widths.map((w) => `<col style="width:${w}%">`).join('')}</colgroup>`;

export function helpHtml(): string {
  const generic = GENERIC_FUNCTION.functionName;
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>`,
    '<p>Every function takes one cell or a whole range (one result per row). Results are cached: recalculating costs nothing.</p>',
    `<table>${columns(38, 14, 48)}<tr><th>Function</th><th>Price</th><th>What it does</th></tr>${functionRows()}</table>`,
    `<h2 id="enrich-types">${escapeHtml(HELP_PLACES.enrichTypes)}</h2>`,
    `<p>${code(`${generic}(type, input, [field])`)}: ${escapeHtml(GENERIC_HELP)} Its type is one of these ${OPERATIONS.length} (or the name of the function that does the same):</p>`,
    `<table>${columns(44, 18, 38)}<tr><th>Type</th><th>Price</th><th>Same as</th></tr>${typeRows()}</table>`,
    '</body></html>',
  ].join('');
}
