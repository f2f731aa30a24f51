import { freezeMessage, planFreeze } from '../core/formulas/freeze';
import { SheetGrids } from './collector/sheet-grids';
import { requireActiveSpreadsheet } from './platform/spreadsheet';

/**
 * Menu: replaces the add-on's formulas in the selection by the values they show, every cell of
 * their answers included. The sheet is read once (its data range's values and formulas).
 */
export function freezeResults(): void {
  const ui = SpreadsheetApp.getUi();
  const spreadsheet = requireActiveSpreadsheet();
  const range = spreadsheet.getActiveRange();
  if (!range) {
    ui.alert('Select the cells to freeze first.');
    return;
  }
  const sheet = range.getSheet();
  const name = sheet.getName();
  const grids = new SheetGrids(spreadsheet);
  const plan = planFreeze({
    sheet: name,
    selection: {
      row: range.getRow(),
      column: range.getColumn(),
      rows: range.getNumRows(),
      columns: range.getNumColumns(),
    },
    cells: { values: grids.values(name), formulas: grids.formulas(name) },
    argument: (of, a1) => grids.argument(of, a1),
  });
  for (const write of plan.writes) {
    sheet
      .getRange(write.row, write.column, write.values.length, write.values[0]!.length)
      .setValues(write.values);
  }
  ui.alert(freezeMessage(plan));
}
