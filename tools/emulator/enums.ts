// Apps Script's enums as the emulator gives them. The typings declare them as numeric enums, to
// which every `number` is assignable, so methods that take or return one are typed here by the
// enum's member names, which is also what Apps Script's enum objects print as (mirror.ts leaves
// such methods out of its check).

/** The member names of an Apps Script enum object, e.g. 'OK' | 'CANCEL' | ... for `Button`. */
type EnumName<E extends object> = Extract<keyof E, string>;

/** Apps Script exposes enums as objects whose members print as their names. */
export function enumOf<const N extends string>(names: readonly N[]): Readonly<Record<N, N>> {
  return Object.freeze(Object.fromEntries(names.map((name) => [name, name]))) as Record<N, N>;
}

export type ButtonName = EnumName<typeof GoogleAppsScript.Base.Button>;
export type ButtonSetName = EnumName<typeof GoogleAppsScript.Base.ButtonSet>;
export type AuthModeName = EnumName<typeof GoogleAppsScript.Script.AuthMode>;
