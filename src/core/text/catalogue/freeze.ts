// What the menu's Freeze results as values says in its alert (formulas/freeze.ts, server/freeze.ts):
// what was frozen, what was left and why, which cell to select.
import { plural } from '../plural';

export const FREEZE_TEXTS = {
  selectFirst: 'Select the cells to freeze first.',
  none: 'No Enrich for Sheets formulas in the selection.',
  frozen: (formulas: number, cells: number) =>
    `Froze ${plural(formulas, 'formula', 'formulas')}: ${cells === 1 ? '1 cell is now a plain value' : `${cells} cells are now plain values`}.`,
  /** `cells`: the formulas' cells, "B2, D4:E9". */
  left: (cells: string, one: boolean) =>
    one
      ? `Left ${cells} as a formula: Freeze cannot tell which cells its answer fills. Copy its cells and paste them as values only instead.`
      : `Left ${cells} as formulas: Freeze cannot tell which cells their answers fill. Copy their cells and paste them as values only instead.`,
  /** `cells` (one cell or more) filled by the formula in `anchor`, whose answer has `rows` rows. */
  outside: (cells: string, one: boolean, anchor: string, rows: number) =>
    `${cells} ${one ? 'is' : 'are'} filled by the formula in ${anchor}: select ${anchor} to freeze ${rows > 1 ? `its ${rows} rows` : 'it'}.`,
} as const;
