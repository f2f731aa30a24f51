// A user's edit as Sheets reports it: which typed texts are formulas, and what the Edit event
// object carries for a cell or a block (T6).

/** Text a user types that Sheets takes as a formula: "=" and something after it. */
export function isFormulaText(text: string): boolean {
  return text.length > 1 && text.startsWith('=');
}

/**
 * What an Edit event says of the edit: a typed formula's event carries no value (T6), and a
 * block's has neither value nor oldValue (Event objects: "only available if the edited range is a
 * single cell").
 */
export function editEventFields(
  block: readonly (readonly string[])[],
  oldValue: unknown,
): { value?: unknown; oldValue?: unknown } {
  const single = block.length === 1 && block[0]!.length === 1 ? block[0]![0]! : null;
  if (single === null) return {};
  return isFormulaText(single) ? { oldValue } : { oldValue, value: single };
}
