import { BUILT_IN_RECIPES, recipeProblem } from '../../../src/core/recipes/recipes';
import { stepConfig } from '../../../src/core/recipes/steps';
import { asTheSidebarSays } from '../helpers/sidebar-words';

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
    expect(() => asTheSidebarSays(() => stepConfig(emailFromName, 0, sheet, []))).toThrow(
      'Choose the Full name column first.',
    );
  });

  it('gates a fallback step on the rows its base found nothing for', () => {
    const sheet = { sheetName: 'Leads', headerRow: 1, slots: { fullName: 1 } };
    const done = [{ id: 'email', statusColumn: 4, outputColumn: 3, credits: 0 }];
    const config = stepConfig(emailFromName, 1, sheet, done);
    expect(config.columns).toEqual({ input: 1 });
    expect(config.gates).toEqual([{ statusColumn: 4, need: 'notFound', otherwise: null }]);
  });
});

describe('a recipe that could not run', () => {
  it('is one without steps, or whose step repeats another, or never runs; the built-in ones are fine', () => {
    const base = { id: 'custom-1', name: 'Mine', description: '', slots: ['fullName', 'company'] as const };
    const byName = {
      type: 'lead_full_name_to_pronet_url',
      input: { slot: 'fullName' },
      company: { slot: 'company' },
    } as const;
    expect(recipeProblem({ ...base, steps: [] })).toBe('A recipe needs at least one step to run.');
    expect(
      recipeProblem({
        ...base,
        steps: [
          { id: 's1', ...byName },
          { id: 's2', ...byName },
        ],
      }),
    ).toBe(
      'Step 2 repeats step 1: "Profile URL from name" of the same input finds nothing new. Choose another lookup, or have it read something else.',
    );
    expect(
      recipeProblem({
        ...base,
        steps: [
          { id: 's1', ...byName },
          { id: 's2', type: 'pronet_profile_to_email', input: { step: 's1' }, fallbackOf: 's1' },
        ],
      }),
    ).toBe('Step 2 reads what step 1 finds, but runs only where step 1 found nothing: it would never run.');
    expect(BUILT_IN_RECIPES.map(recipeProblem)).toEqual(BUILT_IN_RECIPES.map(() => null));
  });
});
