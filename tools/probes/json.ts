// Observations travel as JSON: from a probe in Apps Script, through a report pasted by hand, to the
// comparison here. Two observations are the same when their JSON is, whatever the order of keys.

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** JSON text with every object's keys sorted, so that key order never makes a difference. */
export function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as { [key: string]: Json })[key]!)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sameJson(a: Json, b: Json): boolean {
  return canonical(a) === canonical(b);
}

export function isJsonObject(value: unknown): value is { readonly [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
