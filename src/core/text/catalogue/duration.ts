// How long sending takes at a pace, in the words cells and the sidebar use.

/** "about a minute", "about 3 minutes": what `lookups` take at `pace` a second, a minute at least. */
export function sendingTime(lookups: number, pace: number): string {
  const minutes = Math.max(1, Math.ceil(lookups / Math.max(0.01, pace) / 60));
  return minutes === 1 ? 'about a minute' : `about ${minutes.toLocaleString('en-US')} minutes`;
}

/** "1 a second", "2.5 a second": a pace as said. */
const paceWords = (pace: number) => `${Number(pace.toFixed(1)).toLocaleString('en-US')} a second`;

/** "about 80 minutes at the API's pace of 1 a second". */
export const sendingAtPace = (lookups: number, pace: number) =>
  `${sendingTime(lookups, pace)} at the API's pace of ${paceWords(pace)}`;
