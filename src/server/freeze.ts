import { removeQueued } from '../core/formula-queue/records';
import { freezeMessage, planFreeze } from '../core/formulas/freeze';
import { FREEZE_TEXTS } from '../core/text/catalogue/freeze';
import { batchStorePort } from './adapters/apps-script';
import { SheetGrids } from './collector/sheet-grids';
import { documentProperties } from './platform/properties';
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
    ui.alert(FREEZE_TEXTS.selectFirst);
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
  for (const { row, column, values } of plan.writes)
    sheet.getRange(row, column, values.length, values[0]!.length).setValues(values);
  // Their queued lookups go with the formulas: no driver buys what no cell shows any more.
  const properties = documentProperties();
  const anchors = plan.anchors.map((a1) => ({ sheet: name, a1 }));
  if (properties) removeQueued(batchStorePort(properties), anchors);
  ui.alert(freezeMessage(plan));
}
