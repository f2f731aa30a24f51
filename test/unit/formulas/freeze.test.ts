import { type FreezeSource, freezeMessage, planFreeze } from '../../../src/core/formulas/freeze';
import { parseCell } from '../../../src/core/text/cell-refs';

type Entry = string | number | [formula: string, shown: unknown];

/** A sheet's data range from its cells: `B2: ['=FN(A2)', 'shown']` for a formula, else a value. */
function sheetOf(entries: Record<string, Entry>): FreezeSource['cells'] {
  const at = Object.keys(entries).map((a1) => parseCell(a1)!);
  const rows = Math.max(...at.map((cell) => cell.row));
  const columns = Math.max(...at.map((cell) => cell.column));
  const values = Array.from({ length: rows }, () => Array<unknown>(columns).fill(''));
  const formulas = Array.from({ length: rows }, () => Array<string>(columns).fill(''));
  for (const [a1, entry] of Object.entries(entries)) {
    const { row, column } = parseCell(a1)!;
    if (Array.isArray(entry)) {
      formulas[row - 1]![column - 1] = entry[0];
      values[row - 1]![column - 1] = entry[1];
    } else values[row - 1]![column - 1] = entry;
  }
  return { values, formulas };
}

function plan(entries: Record<string, Entry>, selected: string) {
  const cells = sheetOf(entries);
  const [from, to = from] = selected.split(':').map((a1) => parseCell(a1)!);
  const argument = (_sheet: string, a1: string) => {
    const [first, last = first] = a1.split(':').map((each) => parseCell(each)!);
    const grid = [];
    for (let r = first!.row; r <= last!.row; r++) {
      const line = [];
      for (let c = first!.column; c <= last!.column; c++) line.push(cells.values[r - 1]?.[c - 1] ?? '');
      grid.push(line);
    }
    return grid.length === 1 && grid[0]!.length === 1 ? grid[0]![0] : grid;
  };
  const selection = { ...from!, rows: to!.row - from!.row + 1, columns: to!.column - from!.column + 1 };
  const made = planFreeze({ sheet: 'Sheet1', selection, cells, argument });
  return { ...made, message: freezeMessage(made) };
}

describe('planFreeze', () => {
  it('writes a range answer whole, blank rows included, and text that Sheets would parse kept as text', () => {
    const made = plan(
      {
        A2: 'Acme',
        A4: 'Globex',
        A5: 'Initech',
        B2: ['=COMPANY_PHONE(A2:A5)', '+1 404 555 0170'],
        B4: '+1 212 555 0100',
        B5: 'Not found',
      },
      'B2',
    );
    expect(made.writes).toEqual([
      { row: 2, column: 2, values: [["'+1 404 555 0170"], [''], ["'+1 212 555 0100"], ['Not found']] },
    ]);
    expect(made.message).toBe('Froze 1 formula: 4 cells are now plain values.');
  });

  it('freezes a filled-down column of single-cell formulas in one write', () => {
    const made = plan(
      {
        A2: 'Acme',
        A3: 'Globex',
        B2: ['=COMPANY_WEBSITE(A2)', 'acme.com'],
        B3: ['=COMPANY_WEBSITE(A3)', 'globex.com'],
      },
      'B1:B3',
    );
    expect(made.writes).toEqual([{ row: 2, column: 2, values: [['acme.com'], ['globex.com']] }]);
    expect(made.message).toBe('Froze 2 formulas: 2 cells are now plain values.');
  });

  it('leaves formulas showing an error, and formulas that are not ours, as they are', () => {
    const made = plan({ A2: 'Acme', B2: ['=COMPANY_WEBSITE(A2:A3)', '#REF!'], C2: ['=LEN(A2)', 4] }, 'A1:C3');
    expect(made.writes).toEqual([]);
    expect(made.message).toBe('No Enrich for Sheets formulas in the selection.');
  });

  it('leaves a formula whose answer it cannot size, and says so', () => {
    const made = plan({ A2: 'Acme', B2: ['=COMPANY_WEBSITE(TRIM(A2))', 'acme.com'], B3: 'acme.com' }, 'B2');
    expect(made.writes).toEqual([]);
    expect(made.message).toBe(
      'Left B2 as a formula: Freeze cannot tell which cells its answer fills. Copy its cells and paste them as values only instead.',
    );
  });

  it("stops a record's fields at a column holding another formula", () => {
    const made = plan(
      {
        A2: 'https://www.pronet.com/company/acme-corp/',
        B2: ['=PRONET_COMPANY(A2)', 'Acme Corp'],
        C2: 'Software',
        D2: ['=LEN(A2)', 41],
      },
      'B2',
    );
    expect(made.writes).toEqual([{ row: 2, column: 2, values: [['Acme Corp', 'Software']] }]);
  });

  it("sizes a list's table by the cells it filled: its header's width, down to an empty row", () => {
    const made = plan(
      {
        A2: 'https://www.pronet.com/posts/ada_x-activity-1',
        B2: ['=PRONET_POST_REACTIONS(A2)', 'full_name'],
        C2: 'reaction',
        B3: 'Ada Lovelace',
        C3: 'LIKE',
        C4: 'PRAISE',
        B6: 'a note below the table',
      },
      'B2',
    );
    expect(made.writes).toEqual([
      {
        row: 2,
        column: 2,
        values: [
          ['full_name', 'reaction'],
          ['Ada Lovelace', 'LIKE'],
          ['', 'PRAISE'],
        ],
      },
    ]);
  });

  it('names the formula that fills selected cells outside the selection, and freezes the rest', () => {
    const made = plan(
      {
        A2: 'Acme',
        A3: 'Globex',
        B2: ['=COMPANY_WEBSITE(A2:A3)', 'acme.com'],
        B3: 'globex.com',
        C3: ['=COMPANY_WEBSITE(A3)', 'globex.com'],
      },
      'B3:C3',
    );
    expect(made.writes).toEqual([{ row: 3, column: 3, values: [['globex.com']] }]);
    expect(made.message).toBe(
      'Froze 1 formula: 1 cell is now a plain value.\nB3 is filled by the formula in B2: select B2 to freeze its 2 rows.',
    );
  });
});
