// `npm run count-modules`: the src/ modules one formula miss runs through (module-count.ts), with
// their list. The add-on is built with its source map into .build/, leaving dist/ alone.
import { join } from 'node:path';
import { buildMapped, measureModules } from './module-count';

const ROOT = process.cwd();

async function main(): Promise<void> {
  const out = join(ROOT, '.build', 'mapped-dist');
  buildMapped(ROOT, out);
  const figures = await measureModules(out);
  console.log(figures.modules.join('\n'));
  console.log(
    `\n=COMPANY_WEBSITE(A2) over a new name: the formula's execution ran ${figures.formulaFunctions} functions in ${figures.formulaModules} modules of src/; the typing edit with its Edit trigger, ${figures.editFunctions} in ${figures.editModules}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
