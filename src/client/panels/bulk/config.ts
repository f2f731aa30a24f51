// Reads the Bulk run form into the run's configuration: what the server previews and starts.
import type { Operation } from '../../../core/operations/types';
import { BULK_REFUSALS } from '../../../core/text/catalogue/sidebar/refusals';
import { type BulkRunConfig, HEADER_ROW } from '../../../shared/bulk-rpc';
import { NAME_COLUMNS } from './columns';
import { type Controls, checkedValue } from './view';

/**
 * Throws, to be shown, while a required column is not chosen: nothing is previewed or bought with a
 * column guessed wrong.
 */
export function readConfig(ui: Controls, op: Operation): BulkRunConfig {
  if (ui.input.value === '') throw new Error(BULK_REFUSALS.chooseColumn.say('input'));
  const built: BulkRunConfig = {
    sheetName: ui.sheet.value,
    headerRow: HEADER_ROW,
    type: op.type,
    columns: { input: Number(ui.input.value) },
    output: { mode: 'primary' },
  };
  if (op.input === 'person_name') readNameColumns(ui, built);
  if (op.shape === 'record' && checkedValue(ui, 'bulk-output') === 'fields') {
    const fields = [...ui.fields.querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value);
    built.output = { mode: 'fields', fields };
  }
  if (op.shape === 'employees') readEmployeeOptions(ui, built);
  else if (ui.refreshOn.checked) readRefresh(ui, built);
  return built;
}

/** A refresh: its age, and its budget and order when one is given. */
function readRefresh(ui: Controls, built: BulkRunConfig): void {
  built.refreshOlderThanDays = Number(ui.refreshDays.value);
  const over = ui.refreshOver.value;
  if (over === 'selection' || over === 'sheet') built.rows = over;
  if (ui.refreshBudget.value.trim() === '') return;
  built.refreshBudget = Number(ui.refreshBudget.value);
  built.refreshOrder = ui.refreshOrder.value === 'rows' ? 'rows' : 'oldest';
}

/** Only the columns chosen: the optional ones may be left at (none). */
function readNameColumns(ui: Controls, built: BulkRunConfig): void {
  for (const column of NAME_COLUMNS) {
    const value = ui.nameSelects[column.key].value;
    if (value) built.columns[column.key] = Number(value);
    else if (column.required) throw new Error(BULK_REFUSALS.chooseColumn.say(column.word));
  }
}

/** Blank filters are left out, not sent empty. */
function readEmployeeOptions(ui: Controls, built: BulkRunConfig): void {
  built.options = {};
  if (ui.department.value.trim()) built.options.department = ui.department.value.trim();
  if (ui.seniority.value.trim()) built.options.seniority = ui.seniority.value.trim();
  if (ui.max.value.trim()) built.options.max = Number(ui.max.value);
  built.employeesTo =
    checkedValue(ui, 'bulk-destination') === 'combined-sheet' ? 'combined-sheet' : 'sheet-per-company';
}
