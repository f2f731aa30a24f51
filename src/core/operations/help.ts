// The help page, derived from the operations table. The page never changes while the add-on runs,
// so build.mjs renders it once into dist/Help.html; the server only shows that file.
import { GENERIC_HELP, OPERATION_DOCS } from './docs';
import { priceLabel } from './pricing';
import { GENERIC_FUNCTION, OPERATIONS } from './table';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function helpHtml(): string {
  const rows = OPERATIONS.map((op) => {
    const signature = `${op.functionName}(${[op.inputParam, ...op.extraParams.map((p) => `[${p}]`)].join(', ')})`;
    const { help, example } = OPERATION_DOCS[op.type];
    const doc = `${escapeHtml(help)}<br>e.g. <code>=${escapeHtml(example)}</code>`;
    return `<tr><td><code>${escapeHtml(signature)}</code></td><td>${escapeHtml(priceLabel(op))}</td><td>${doc}</td></tr>`;
  }).join('');
  return [
    '<style>body{font:13px Arial,sans-serif;margin:12px}td{border-top:1px solid #ddd;padding:4px;vertical-align:top}code{font-size:12px}</style>',
    '<p>Every function takes one cell or a whole range (one result per row). Results are cached: recalculating costs nothing.</p>',
    `<table><tr><th>Function</th><th>Price</th><th>What it does</th></tr>${rows}</table>`,
    `<p><code>${escapeHtml(GENERIC_FUNCTION.functionName)}(type, input, [field])</code>: ${escapeHtml(GENERIC_HELP)}</p>`,
  ].join('');
}
