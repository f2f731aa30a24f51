import { planFreeze } from '../core/formulas/freeze';
import { plural } from '../core/text/plural';
import { requireActiveSpreadsheet } from './platform/spreadsheet';

/** Menu: replaces the add-on's formulas in the selection by the values they show. */
export function freezeResults(): void {
  const ui = SpreadsheetApp.getUi();
  const range = requireActiveSpreadsheet().getActiveRange();
  if (!range) {
    ui.alert('Select the cells to freeze first.');
    return;
  }
  const plan = planFreeze(range.getValues(), range.getFormulas());
  if (plan.frozen === 0) {
    ui.alert('No Enrich for Sheets formulas in the selection.');
    return;
  }
  range.setValues(plan.cells);
  ui.alert(`Froze ${plural(plan.frozen, 'formula', 'formulas')}: those cells are now plain values.`);
}
