/** "1 employee", "3 employees": the count, then the word that goes with it. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
