// Column defaults from the headers (issue 40): each input's picker defaults to the column whose
// header names it; a column whose header names something else is never a default.
import { guessColumn, slotRole } from '../../../src/core/bulk/column-guess';

const HEADERS = ['Timestamp', 'Full name', 'Company', 'Company website', 'Email', 'City', 'Job title'];

describe('a column guessed from the headers', () => {
  it('is the one whose header names the input, for every input of a name lookup', () => {
    expect(guessColumn(HEADERS, 'person_name')).toBe(2);
    expect(guessColumn(HEADERS, 'company')).toBe(3);
    expect(guessColumn(HEADERS, 'location')).toBe(6);
    expect(guessColumn(HEADERS, 'jobTitle')).toBe(7);
    expect(guessColumn(HEADERS, 'email')).toBe(5);
    expect(guessColumn(HEADERS, 'company_domain')).toBe(4);
  });

  it('is none when no header names the input: never column A for a header of something else', () => {
    expect(guessColumn(['Inputs', 'Full name', 'Notes'], 'company')).toBeNull();
    expect(guessColumn(['Timestamp', 'Notes'], 'person_name')).toBeNull();
    expect(guessColumn(['Company name'], 'person_name')).toBeNull();
    expect(guessColumn(['Company website'], 'company_name')).toBeNull();
  });

  it('passes over a column another input took', () => {
    expect(guessColumn(['Company', 'Employer'], 'company', new Set([1]))).toBe(2);
    expect(guessColumn(['Company'], 'company', new Set([1]))).toBeNull();
  });

  it("is the same for a recipe's slot as for the input it reads", () => {
    expect(guessColumn(HEADERS, slotRole('fullName'))).toBe(2);
    expect(guessColumn(HEADERS, slotRole('company'))).toBe(3);
    expect(guessColumn(HEADERS, slotRole('email'))).toBe(5);
  });
});
