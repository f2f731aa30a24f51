import { BUILT_IN_RECIPES } from '../../../src/core/recipes/recipes';
import { stepConfig } from '../../../src/core/recipes/steps';

const emailFromName = BUILT_IN_RECIPES.find((recipe) => recipe.id === 'email-from-name')!;

describe('a recipe step as a bulk run', () => {
  it('reads the company column when the company slot is mapped', () => {
    const sheet = { sheetName: 'Leads', headerRow: 1, slots: { fullName: 1, company: 2 } };
    expect(stepConfig(emailFromName, 0, sheet, []).columns).toEqual({ input: 1, company: 2 });
  });

  it('looks up from the name alone when the company slot is left unmapped', () => {
    const sheet = { sheetName: 'Leads', headerRow: 1, slots: { fullName: 3 } };
    const config = stepConfig(emailFromName, 0, sheet, []);
    expect(config.columns).toEqual({ input: 3 });
    expect(config.gates).toBeUndefined();
  });

  it('still refuses a step whose own input slot is unmapped', () => {
    const sheet = { sheetName: 'Leads', headerRow: 1, slots: { company: 2 } };
    expect(() => stepConfig(emailFromName, 0, sheet, [])).toThrow('Choose the fullName column first.');
  });

  it('gates a fallback step on the rows its base found nothing for', () => {
    const sheet = { sheetName: 'Leads', headerRow: 1, slots: { fullName: 1 } };
    const done = [{ id: 'email', statusColumn: 4, outputColumn: 3, credits: 0 }];
    const config = stepConfig(emailFromName, 1, sheet, done);
    expect(config.columns).toEqual({ input: 1 });
    expect(config.gates).toEqual([{ statusColumn: 4, need: 'notFound', otherwise: null }]);
  });
});
