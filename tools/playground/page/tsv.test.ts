// The clipboard's tab-separated rows, as Sheets and other tables copy them.
import { parseTsv, toTsv } from './tsv';

describe('tab-separated rows', () => {
  it('splits rows by line and cells by tab, padding nothing and dropping the last line break', () => {
    expect(parseTsv('Globex\t=COMPANY_WEBSITE(A6)\r\nInitech\t\n')).toEqual([
      ['Globex', '=COMPANY_WEBSITE(A6)'],
      ['Initech', ''],
    ]);
    expect(parseTsv('one')).toEqual([['one']]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes, and a stray quote as text', () => {
    expect(parseTsv('"a\tb"\t"line 1\nline 2"\n"say ""hi"""\t5" screen')).toEqual([
      ['a\tb', 'line 1\nline 2'],
      ['say "hi"', '5" screen'],
    ]);
  });

  it('writes back what it reads', () => {
    const rows = [
      ['a\tb', 'line 1\nline 2'],
      ['say "hi"', 'plain'],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});
