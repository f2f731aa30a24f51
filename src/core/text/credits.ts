/** An amount of credits to the cent: a sum of charges can carry float noise. */
export const roundCredits = (value: number) => Math.round(value * 100) / 100;

/**
 * An amount of credits as the user reads it: "1 credit", "12.5 credits". Shown to the cent at
 * most (a sum of charges can carry float noise); only exactly one credit is singular.
 */
export function creditsText(credits: number): string {
  return `${Math.round(credits * 100) / 100} credit${credits === 1 ? '' : 's'}`;
}
