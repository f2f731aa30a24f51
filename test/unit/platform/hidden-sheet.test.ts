// Reading the hidden sheets' rows back from one grid, whatever a user did to it: the header typed
// over or sorted in among the rows, columns inserted, blank rows.
import { readSheetRows } from '../../../src/core/platform/hidden-sheet';

const shape = { mark: 'Store (do not edit)', isKey: (text: string) => /^p\d+$/.test(text) };
const HEADER = ['Store (do not edit)', 'value'];

describe('the rows of a hidden sheet', () => {
  it('reads the layout it writes: the header, then a key a row with its value split over cells', () => {
    expect(readSheetRows([HEADER, ['p1', 'ab', 'cd'], ['p2', 'x', '']], shape)).toEqual({
      entries: { p1: 'abcd', p2: 'x' },
      recognized: true,
    });
  });

  it('finds the keys past inserted columns, and the header wherever a sort put it', () => {
    const rows = readSheetRows(
      [
        ['', '', 'p2', 'x'],
        ['', 'typed', 'p1', 'a', '', 'b'],
        ['', '', ...HEADER],
        ['', '', '', ''],
      ],
      shape,
    );
    expect(rows).toEqual({ entries: { p2: 'x', p1: 'ab' }, recognized: true });
  });

  it('takes a first row without a key for the header typed over', () => {
    expect(
      readSheetRows(
        [
          ['my notes', 'value'],
          ['p1', 'a'],
        ],
        shape,
      ),
    ).toEqual({
      entries: { p1: 'a' },
      recognized: true,
    });
  });

  it('does not recognize a sheet with neither its header nor a key of its shape', () => {
    expect(
      readSheetRows(
        [
          ['Name', 'Notes'],
          ['Ada', 'mine'],
        ],
        shape,
      ),
    ).toMatchObject({ recognized: false });
    expect(readSheetRows([], shape)).toEqual({ entries: {}, recognized: false });
  });
});
