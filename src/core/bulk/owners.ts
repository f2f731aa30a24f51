// Which input each column the add-on made answers for. Output columns are found again by their
// headers (layout.ts), and lookups of two inputs both look for "Website": a run on one column
// would count the other's answers as its rows' and write its own onto rows it never read. So each
// column a run, a recipe or a watch made is claimed by what made it: its sheet, its input columns
// and its lookup (a recipe's steps share columns by design, each gated to the rows the others
// leave, so a recipe's claims are its family's). A column another input claims is never reused.
import type { BulkRunConfig, OutputColumn } from '../../shared/bulk-rpc';
import { normalizeText } from '../formulas/canonical';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { columnLetters } from '../text/cell-refs';
import { listed } from '../text/plural';
import { inputColumns } from './config';

export interface ColumnClaim {
  sheetName: string;
  column: number;
  /** Its header when claimed: a column that shows another now has moved, and claims nothing. */
  header: string;
  /** The input columns its answers are for, in order. */
  inputs: number[];
  type: string;
  /** A recipe's claims are its family's: its steps share columns. Null for one lookup. */
  family: string | null;
  /** What made it: a run or a watch (kept in their records), or a formula of ours (formula-owners.ts, read from the sheet). */
  by: 'run' | 'watch' | 'formula';
  /** A formula's claim: the formula's cell ("B2"). */
  cell?: string;
}

/** What a layout is made for, and where it looks for its own columns. */
export interface Ownership {
  claims: readonly ColumnClaim[];
  /** The recipe the layout is a step of; null for one lookup. */
  family: string | null;
  /** The column whose header names this input in new headers ("Website (Company)"); default: the input. */
  tagColumn?: number;
}

/** A recipe over a sheet's slots: one family, whichever step, run or watch. */
export function recipeFamily(recipeId: string, slots: Partial<Record<string, number>>): string {
  const mapped = Object.entries(slots)
    .filter(([, column]) => typeof column === 'number')
    .sort(([a], [b]) => a.localeCompare(b));
  return `recipe:${recipeId}:${JSON.stringify(mapped)}`;
}

/** The columns one run or one watch's step writes, claimed for its inputs and lookup. */
export function claimsOf(
  config: BulkRunConfig,
  columns: { outputs: readonly OutputColumn[]; status: OutputColumn },
  family: string | null,
  by: ColumnClaim['by'],
): ColumnClaim[] {
  const claim = { sheetName: config.sheetName, inputs: inputColumns(config), type: config.type, family, by };
  return [...columns.outputs, columns.status].map(({ column, header }) => ({ ...claim, column, header }));
}

/** Whether a claim is the layout's own: the same inputs and lookup, or the same recipe. */
export function isOwn(claim: ColumnClaim, config: BulkRunConfig, family: string | null): boolean {
  if (claim.by === 'formula') return false;
  if (claim.family !== null && claim.family === family) return true;
  return claim.type === config.type && claim.inputs.join() === inputColumns(config).join();
}

export const sameHeader = (a: unknown, b: string) =>
  normalizeText(String(a ?? '')).toLowerCase() === normalizeText(b).toLowerCase();

/** The claims on `sheetName` that still stand: their column shows the header it had. */
export function standingClaims(
  claims: readonly ColumnClaim[],
  sheetName: string,
  headers: readonly unknown[],
): ColumnClaim[] {
  // A formula's claim is read from the sheet as it stands: it has not moved.
  return claims.filter(
    (claim) =>
      claim.sheetName === sheetName &&
      (claim.by === 'formula' || sameHeader(headers[claim.column - 1], claim.header)),
  );
}

// --- What the preview says ------------------------------------------------------------------------

/** A column found by its header that another input claims, and where the layout writes instead. */
export interface ColumnConflict {
  found: { column: number; header: string };
  claim: ColumnClaim;
  instead: OutputColumn;
}

/** "A (Full name)", or "A" when the column has no header. */
const named = (column: number, header: unknown) => {
  const text = normalizeText(String(header ?? ''));
  return text === '' ? columnLetters(column) : `${columnLetters(column)} (${text})`;
};

function ownerText(claim: ColumnClaim, headers: readonly unknown[]): string {
  if (claim.by === 'formula') return BULK_ANSWERS.ownerFormula.say(String(claim.cell));
  const who = (
    claim.by === 'watch'
      ? BULK_ANSWERS.ownerWatch
      : claim.family !== null
        ? BULK_ANSWERS.ownerRecipe
        : BULK_ANSWERS.ownerRun
  ).text;
  const columns = claim.inputs.map((column) => named(column, headers[column - 1]));
  return BULK_ANSWERS.ownerOn.say(who, columns.length === 1, listed(columns));
}

/**
 * The preview's words for each owner whose columns the layout left: "Column B (Website) holds the
 * answers of a watch on column A (Employer): this run writes to new column E (Website (Company))
 * instead."
 */
export function conflictTexts(conflicts: readonly ColumnConflict[], headers: readonly unknown[]): string[] {
  const byOwner = new Map<string, ColumnConflict[]>();
  for (const conflict of conflicts) {
    const owner = ownerText(conflict.claim, headers);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), conflict]);
  }
  return [...byOwner].map(([owner, items]) => {
    const found = items.map(({ found: f }) => named(f.column, f.header));
    const instead = items.map(({ instead: i }) => named(i.column, i.header));
    return BULK_ANSWERS.conflict.say(items.length === 1, listed(found), owner, listed(instead));
  });
}
