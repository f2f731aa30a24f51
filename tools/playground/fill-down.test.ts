// Fill-down moves a formula's relative row references by the rows it goes down, as Sheets does.
import { shiftFormula } from './fill-down';

describe('shiftFormula', () => {
  it('moves relative rows, keeps rows locked with $', () => {
    expect(shiftFormula('=COMPANY_WEBSITE(A2)', 1)).toBe('=COMPANY_WEBSITE(A3)');
    expect(shiftFormula('=EMAIL_FROM_NAME(A2, B2)', 3)).toBe('=EMAIL_FROM_NAME(A5, B5)');
    expect(shiftFormula('=ENRICH("type", $A$2, A$2, $A2)', 2)).toBe('=ENRICH("type", $A$2, A$2, $A4)');
    expect(shiftFormula('=COMPANY_WEBSITE(A2:A20)', 5)).toBe('=COMPANY_WEBSITE(A7:A25)');
  });

  it('leaves text in quotes, sheet names, function names and whole columns alone', () => {
    expect(shiftFormula('=B2B_LOOKUP(A2, "A2")', 1)).toBe('=B2B_LOOKUP(A3, "A2")');
    expect(shiftFormula("=COMPANY_WEBSITE('Q1 A2'!A2)", 1)).toBe("=COMPANY_WEBSITE('Q1 A2'!A3)");
    expect(shiftFormula('=COMPANY_WEBSITE(AB1!C2)', 1)).toBe('=COMPANY_WEBSITE(AB1!C3)');
    expect(shiftFormula('=COMPANY_WEBSITE(A:A)', 4)).toBe('=COMPANY_WEBSITE(A:A)');
    expect(shiftFormula('=LOG10(A2)', 1)).toBe('=LOG10(A3)');
  });
});
