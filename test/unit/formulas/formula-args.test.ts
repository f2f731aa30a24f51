import { argumentRows } from '../../../src/core/formulas/arguments';

describe('turning custom function arguments into rows', () => {
  it('keeps a single cell as one row', () => {
    expect(argumentRows(['Acme', 'Sales'], 4)).toEqual({
      ok: true,
      isRange: false,
      rows: [['Acme', 'Sales']],
    });
  });

  it('gives one row per input row of a column range, repeating single-cell arguments', () => {
    expect(argumentRows([[['Ada'], ['Alan']], 'Acme'], 2)).toEqual({
      ok: true,
      isRange: true,
      rows: [
        ['Ada', 'Acme'],
        ['Alan', 'Acme'],
      ],
    });
  });

  it('pairs rows of parallel ranges', () => {
    const result = argumentRows(
      [
        [['Ada'], ['Alan']],
        [['Acme'], ['Bletchley']],
      ],
      2,
    );
    expect(result).toEqual({
      ok: true,
      isRange: true,
      rows: [
        ['Ada', 'Acme'],
        ['Alan', 'Bletchley'],
      ],
    });
  });

  it('spreads the columns of one wide range over the parameters', () => {
    expect(argumentRows([[['Ada', 'Acme']], undefined], 2)).toEqual({
      ok: true,
      isRange: true,
      rows: [['Ada', 'Acme']],
    });
  });

  it('explains ranges that cannot be paired', () => {
    expect(
      argumentRows(
        [
          [['a'], ['b']],
          [['x'], ['y'], ['z']],
        ],
        2,
      ),
    ).toEqual({
      ok: false,
      message: 'The ranges must have the same number of rows.',
    });
    expect(argumentRows([[['a', 'b', 'c']]], 2)).toMatchObject({ ok: false });
    expect(argumentRows([[['a'], ['b']], [['x', 'y']]], 2)).toMatchObject({ ok: false });
  });
});
