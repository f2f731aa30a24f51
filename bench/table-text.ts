// How the README's benchmark tables write a number and a row (readme-table.ts, watch-table.ts).

export const n = (value: number) => value.toLocaleString('en-US');
export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
