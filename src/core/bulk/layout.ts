// The columns a bulk run writes: where its outputs and its status go, found again by their headers.

import type { BulkRunConfig, OutputColumn } from '../../shared/bulk-rpc';
import { normalizeText } from '../formulas/canonical';
import { headerLabel } from '../jobs/employee-sheet';
import type { Operation } from '../operations/types';
import { WATCHES_ANSWERS } from '../text/catalogue/sidebar/watches-answers';
import { columnLetters, rowRef } from '../text/cell-refs';
import { inputColumns } from './config';
import {
  type ColumnClaim,
  type ColumnConflict,
  isOwn,
  type Ownership,
  sameHeader,
  standingClaims,
} from './owners';

/**
 * The header of a run's one output: a value's field; for a list what it returns, from its type
 * (`pronet_post_to_reactions` -> "Reactions").
 */
function primaryHeader(op: Operation): string {
  if (op.shape !== 'employees' && op.shape !== 'list')
    return headerLabel(op.fields[0] ?? op.primary[0] ?? 'value');
  const at = op.type.lastIndexOf('_to_');
  return headerLabel(at < 0 ? op.type : op.type.slice(at + '_to_'.length));
}

const statusHeader = (op: Operation): string => `Status (${op.label})`;

export interface ColumnLayout {
  outputs: OutputColumn[];
  status: OutputColumn;
}

/** A run's configuration and the columns laid out for it: what planning its rows reads. */
export interface LaidOutRun {
  config: BulkRunConfig;
  layout: ColumnLayout;
}

/** A layout, and the columns its headers found that another input claims (owners.ts). */
export interface OwnedLayout {
  layout: ColumnLayout;
  conflicts: ColumnConflict[];
}

/** "Website" for input "Company": "Website (Company)"; "Status (Email from name)": "Status (Email from name, Company)". */
const tagged = (header: string, tag: string) =>
  header.endsWith(')') ? `${header.slice(0, -1)}, ${tag})` : `${header} (${tag})`;

/**
 * Where the run writes: a column whose header matches is reused, otherwise one is created to the
 * right of the data. An input column is never an output: an output header that names an input
 * (a record's "Name") is made specific ("Name (Company page info)"). A column whose header matches
 * is reused only when no other input claims it (owners.ts): otherwise the run looks for, or makes,
 * columns named for its input ("Website (Company)", then "Website (Company 2)"...), and the
 * conflict is named for the preview.
 */
export function ownLayout(
  op: Operation,
  config: BulkRunConfig,
  headers: readonly unknown[],
  ownership: Ownership,
): OwnedLayout {
  const placer = new Placer(config, headers, ownership);
  const inputHeaders = inputColumns(config).map((column) => headers[column - 1]);
  const specific = (header: string) =>
    inputHeaders.some((name) => sameHeader(name, header)) ? `${header} (${op.label})` : header;
  const wanted =
    config.output.mode === 'fields' ? config.output.fields.map(headerLabel) : [primaryHeader(op)];
  const outputs = wanted.map((header) => placer.place(specific(header)));
  // Results all in new columns: their status goes beside them, never into an old status column
  // (maybe far away) whose rows speak of other cells.
  const fresh = outputs.every((output) => output.created);
  const status = placer.place(statusHeader(op), fresh);
  return { layout: { outputs, status }, conflicts: placer.conflicts };
}

/** Places a layout's columns one by one: each reused or created once. */
class Placer {
  readonly conflicts: ColumnConflict[] = [];
  private readonly inputs: Set<number>;
  private readonly claims: ColumnClaim[];
  private readonly taken = new Set<number>();
  private readonly tag: string;
  private next: number;

  constructor(
    private readonly config: BulkRunConfig,
    private readonly headers: readonly unknown[],
    private readonly ownership: Ownership,
  ) {
    this.inputs = new Set(inputColumns(config));
    this.claims = standingClaims(ownership.claims, config.sheetName, headers);
    this.next = headers.length + 1;
    const tagColumn = ownership.tagColumn ?? config.columns.input;
    const tagText = normalizeText(String(headers[tagColumn - 1] ?? ''));
    this.tag = tagText === '' ? WATCHES_ANSWERS.column.say(columnLetters(tagColumn)) : tagText;
  }

  /** The claim of another input on `column`, if any. */
  private foreign(column: number): ColumnClaim | undefined {
    return this.claims.find(
      (claim) => claim.column === column && !isOwn(claim, this.config, this.ownership.family),
    );
  }

  /** The free columns headed `name`: neither an input nor placed already. */
  private matches(name: string): number[] {
    return this.headers.flatMap((value, i) =>
      !this.inputs.has(i + 1) && !this.taken.has(i + 1) && sameHeader(value, name) ? [i + 1] : [],
    );
  }

  /** Among `matches`, one this run may reuse (none unless `reuse`), and one another input claims. */
  private sorted(matches: number[], reuse: boolean): { own?: number; claimed?: number } {
    const claimed = matches.find((column) => this.foreign(column) !== undefined);
    return { own: reuse ? matches.find((column) => this.foreign(column) === undefined) : undefined, claimed };
  }

  /** The `n`th name tried for `header`: itself, then named for the input ("Website (Company)", "Website (Company 2)"). */
  private named(header: string, n: number): string {
    return n === 1 ? header : tagged(header, n === 2 ? this.tag : `${this.tag} ${n - 1}`);
  }

  /** `fresh`: a column headed `header` itself is not reused, a new one named for the input is. */
  place(header: string, fresh = false): OutputColumn {
    let first: Omit<ColumnConflict, 'instead'> | null = null;
    // Each name is tried in turn; a column answers to one name only, so this ends.
    for (let n = 1; ; n++) {
      const name = this.named(header, n);
      const matches = this.matches(name);
      const { own, claimed } = this.sorted(matches, !(fresh && n === 1));
      if (claimed !== undefined)
        first ??= { found: { column: claimed, header: name }, claim: this.foreign(claimed)! };
      if (own === undefined && matches.length > 0) continue;
      const placed = { header: name, column: own ?? this.next++, created: own === undefined };
      this.taken.add(placed.column);
      if (first && placed.created) this.conflicts.push({ ...first, instead: placed });
      return placed;
    }
  }
}

/** The cells of one row a run writes (outputs and status), as the record of purchases names them. */
export function rowServed(sheet: string, layout: ColumnLayout, row: number): string {
  return rowRef(sheet, row, [...layout.outputs.map((output) => output.column), layout.status.column]);
}
