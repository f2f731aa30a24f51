// Text written with Range.setValues is parsed as if a user typed it. This keeps it the text it is.

/** What setValues writes: a typed value (the same union as render's CellValue). */
type SheetValue = string | number | boolean;

/** Text Sheets would turn into a number, date, percentage or boolean when typed in. */
const COERCIBLE_TEXT = /^[\s\d.,:/%$€£¥()eE+-]+$/;

/**
 * A value ready for `Range.setValues`, which parses strings as if typed by a user. A string that
 * would become a formula (`=`, `+`, `-`, `@`), a number, date or boolean (`"0612345678"`,
 * `"1/2/2020"`, `"TRUE"`) or would lose its own leading apostrophe is prefixed with `'`, so the
 * cell shows the text exactly as the API sent it. `"+1 555 0100"` stays a readable phone number
 * and `"-5"` stays the text "-5", just as a custom function would show it. Numbers and booleans are
 * already typed values and pass unchanged.
 */
export function asLiteralForSheet(value: SheetValue): SheetValue {
  if (typeof value !== 'string' || value === '') return value;
  const parsedBySheets =
    /^[=+\-@']/.test(value) ||
    (COERCIBLE_TEXT.test(value) && /\d/.test(value)) ||
    /^\s*(true|false)\s*$/i.test(value);
  return parsedBySheets ? `'${value}` : value;
}
