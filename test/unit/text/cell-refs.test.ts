import { gridCellRef, namedRef, refHolds, rowRef } from '../../../src/core/text/cell-refs';

describe("a bulk run's row as the record of purchases names it", () => {
  it.each([
    [[3, 4], 'Leads!C5:D5'],
    [[2, 4], 'Leads!B5,D5'],
    [[2, 4, 5, 7], 'Leads!B5,D5:E5,G5'],
    [[3], 'Leads!C5'],
  ])('columns %j: %s', (columns, ref) => {
    expect(rowRef('Leads', 5, columns)).toBe(ref);
  });

  it('quotes a sheet name that needs it', () => {
    expect(rowRef("Q1 'leads'", 2, [2, 4])).toBe("'Q1 ''leads'''!B2,D2");
  });

  it('holds its own cells and none between them, in records written before (one range) and now', () => {
    const at = (row: number, column: number) => ({ row, column });
    expect(refHolds('Leads!B5:D5', 'Leads', at(5, 3))).toBe(true);
    expect(refHolds('Leads!B5,D5:E5', 'Leads', at(5, 2))).toBe(true);
    expect(refHolds('Leads!B5,D5:E5', 'Leads', at(5, 5))).toBe(true);
    expect(refHolds('Leads!B5,D5:E5', 'Leads', at(5, 3))).toBe(false);
    expect(refHolds('Leads!B5,D5:E5', 'Leads', at(6, 2))).toBe(false);
    expect(refHolds('Leads!B5,D5', 'Sheet1', at(5, 2))).toBe(false);
    expect(refHolds("'Q1 ''leads'''!B2,D2", "Q1 'leads'", at(2, 4))).toBe(true);
    expect(refHolds('Leads!B5,,D5', 'Leads', at(5, 2))).toBe(false);
    expect(refHolds(undefined, 'Leads', at(5, 2))).toBe(false);
  });
});

describe("a formula's cell named by its sheet's id", () => {
  const names = new Map([
    [7, 'Leads Q4'],
    [0, 'Sheet1'],
  ]);
  const nameOf = (id: number) => names.get(id) ?? null;

  const gone = (cells: string) => `${cells} (gone)`;

  it('reads back under the name the sheet has now, quoted as a reference needs', () => {
    expect(namedRef(gridCellRef(7, 2, 2), nameOf, gone)).toBe("'Leads Q4'!B2");
    expect(namedRef(gridCellRef(0, 12, 28), nameOf, gone)).toBe('Sheet1!AB12');
  });

  it('words the cells of a sheet gone, and leaves a name, an old record and a quoted "#" name as they are', () => {
    expect(namedRef('#9!B2', nameOf, gone)).toBe('B2 (gone)');
    expect(namedRef('Sheet1!B2', nameOf, gone)).toBe('Sheet1!B2');
    expect(namedRef("'#7'!B2", nameOf, gone)).toBe("'#7'!B2");
  });
});
