// The one home of how an amount of credits is rounded and written, for cells, messages and the
// sidebar alike (the sidebar imports this file). Written by hand rather than with
// toLocaleString: the same text on every runtime, whatever locale data it carries.

/** An amount of credits to the cent: a sum of charges can carry float noise. */
export const roundCredits = (value: number) => Math.round(value * 100) / 100;

/** The number alone, to the cent, with thousands grouped: "0.5", "12.5", "1,000". */
export function creditsAmount(credits: number): string {
  const rounded = roundCredits(credits);
  if (!Number.isFinite(rounded)) return String(rounded);
  const [whole = '0', cents] = String(Math.abs(rounded)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${cents === undefined ? '' : `.${cents}`}`;
}

/**
 * An amount as the user reads it: "1 credit", "0.5 credits", "1,000 credits". Singular only when
 * the amount shown is exactly one.
 */
export function creditsText(credits: number): string {
  return `${creditsAmount(credits)} credit${roundCredits(credits) === 1 ? '' : 's'}`;
}
