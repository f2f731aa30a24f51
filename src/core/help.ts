// The help page, derived from the operations table.
import { GENERIC_FUNCTION, OPERATIONS, priceLabel } from './operations';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function helpHtml(): string {
  const rows = OPERATIONS.map((op) => {
    const signature = `${op.functionName}(${[op.inputParam, ...op.extraParams.map((p) => `[${p}]`)].join(', ')})`;
    return `<tr><td><code>${escapeHtml(signature)}</code></td><td>${escapeHtml(priceLabel(op))}</td><td>${escapeHtml(op.help)}</td></tr>`;
  }).join('');
  return [
    '<style>body{font:13px Arial,sans-serif;margin:12px}td{border-top:1px solid #ddd;padding:4px;vertical-align:top}code{font-size:12px}</style>',
    '<p>Every function takes one cell or a whole range (one result per row). Results are cached: recalculating costs nothing.</p>',
    `<table><tr><th>Function</th><th>Price</th><th>What it does</th></tr>${rows}</table>`,
    `<p><code>${escapeHtml(GENERIC_FUNCTION.functionName)}(type, input, [field])</code>: ${escapeHtml(GENERIC_FUNCTION.help)}</p>`,
  ].join('');
}
