// `npm run footprint`: the footprint of a formula's miss, hit and 200-row range (footprint.ts),
// measured on a source-mapped build in .build/ (dist/ is left alone).
import { type FootprintFigures, footprintLines, measureFootprint } from './footprint';

async function main(): Promise<void> {
  const figures: FootprintFigures = await measureFootprint(process.cwd());
  console.log(
    [
      ...footprintLines('=COMPANY_WEBSITE(A1), a new name (miss)', figures.miss),
      ...footprintLines('=COMPANY_WEBSITE(A1) in another cell (hit)', figures.hit),
      ...footprintLines('=COMPANY_WEBSITE(D1:D200), new names (range miss)', figures.range200),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
