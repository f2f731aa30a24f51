// The columns a bulk run writes: where its outputs and its status go, found again by their headers.

import type { BulkRunConfig, OutputColumn } from '../../shared/bulk-rpc';
import { normalizeText } from '../formulas/canonical';
import { headerLabel } from '../jobs/employee-sheet';
import type { Operation } from '../operations/types';
import { rowRef } from '../text/cell-refs';
import { inputColumns } from './config';

/** What a list operation returns, from its type: `pronet_post_to_reactions` -> "Reactions". */
function outputNoun(op: Operation): string {
  const at = op.type.lastIndexOf('_to_');
  return headerLabel(at < 0 ? op.type : op.type.slice(at + '_to_'.length));
}

function primaryHeader(op: Operation): string {
  if (op.shape === 'employees' || op.shape === 'list') return outputNoun(op);
  return headerLabel(op.fields[0] ?? op.primary[0] ?? 'value');
}

export function statusHeader(op: Operation): string {
  return `Status (${op.label})`;
}

const sameHeader = (a: unknown, b: string) =>
  normalizeText(String(a ?? '')).toLowerCase() === normalizeText(b).toLowerCase();

export interface ColumnLayout {
  outputs: OutputColumn[];
  status: OutputColumn;
}

/**
 * Where the run writes: a column whose header matches is reused, otherwise one is created to the
 * right of the data. An input column is never an output: an output header that names an input
 * (a record's "Name") is made specific ("Name (Company page info)").
 */
export function layoutColumns(
  op: Operation,
  config: BulkRunConfig,
  headers: readonly unknown[],
): ColumnLayout {
  const inputs = new Set(inputColumns(config));
  const inputHeaders = [...inputs].map((column) => headers[column - 1]);
  const specific = (header: string) =>
    inputHeaders.some((name) => sameHeader(name, header)) ? `${header} (${op.label})` : header;
  const wanted =
    config.output.mode === 'fields' ? config.output.fields.map(headerLabel) : [primaryHeader(op)];
  let next = headers.length + 1;
  const taken = new Set<number>();
  const place = (header: string): OutputColumn => {
    const index = headers.findIndex(
      (name, i) => !inputs.has(i + 1) && !taken.has(i + 1) && sameHeader(name, header),
    );
    const column = index >= 0 ? index + 1 : next++;
    taken.add(column);
    return { header, column, created: index < 0 };
  };
  const outputs = wanted.map((header) => place(specific(header)));
  return { outputs, status: place(statusHeader(op)) };
}

/** The cells of one row a run writes (outputs and status), as the record of purchases names them. */
export function rowServed(sheet: string, layout: ColumnLayout, row: number): string {
  return rowRef(sheet, row, [...layout.outputs.map((output) => output.column), layout.status.column]);
}
