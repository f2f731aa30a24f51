// A recipe chains lookups over the same rows: each step is an operation of the table whose input
// is a sheet column (a slot the user maps) or the output of an earlier step; a step may be the
// fallback of another, run only where that one found nothing. A recipe run is one bulk run per
// step, in order, over the same rows (bulk/): every step keeps a bulk run's guarantees.
import type { Recipe, RecipeStep, SlotName } from '../../shared/recipe-rpc';
import { operationByType } from '../operations/table';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { RECIPE_ANSWERS } from '../text/catalogue/sidebar/recipes-answers';

export const SLOT_LABELS: Readonly<Record<SlotName, string>> = Object.fromEntries(
  Object.entries(RECIPE_ANSWERS.slots).map(([slot, label]) => [slot, label.text]),
) as Record<SlotName, string>;

export const BUILT_IN_RECIPES: readonly Recipe[] = [
  {
    id: 'email-from-name',
    name: RECIPE_ANSWERS.emailFromName.text,
    description: RECIPE_ANSWERS.emailFromNameIs.text,
    slots: ['fullName', 'company'],
    steps: [
      {
        id: 'email',
        type: 'lead_full_name_to_email',
        input: { slot: 'fullName' },
        company: { slot: 'company' },
      },
      {
        id: 'profile',
        type: 'lead_full_name_to_pronet_url',
        input: { slot: 'fullName' },
        company: { slot: 'company' },
        fallbackOf: 'email',
      },
      {
        id: 'profileEmail',
        type: 'pronet_profile_to_email',
        input: { step: 'profile' },
        fallbackOf: 'email',
      },
    ],
  },
  {
    id: 'contact-from-profile',
    name: RECIPE_ANSWERS.contactFromProfile.text,
    description: RECIPE_ANSWERS.contactFromProfileIs.text,
    slots: ['profileUrl'],
    steps: [
      { id: 'email', type: 'pronet_profile_to_email', input: { slot: 'profileUrl' } },
      { id: 'phone', type: 'pronet_profile_to_phone', input: { slot: 'profileUrl' } },
    ],
  },
  {
    id: 'company-profile-from-name',
    name: RECIPE_ANSWERS.companyProfile.text,
    description: RECIPE_ANSWERS.companyProfileIs.text,
    slots: ['companyName'],
    steps: [
      { id: 'website', type: 'company_name_to_website', input: { slot: 'companyName' } },
      { id: 'phone', type: 'company_name_to_phone', input: { slot: 'companyName' } },
      { id: 'email', type: 'company_name_to_email', input: { slot: 'companyName' } },
      { id: 'page', type: 'company_name_to_pronet_url', input: { slot: 'companyName' } },
      { id: 'employees', type: 'company_name_to_employee_count', input: { slot: 'companyName' } },
      {
        id: 'facts',
        type: 'pronet_company_to_pronet_info',
        input: { step: 'page' },
        fields: ['industry', 'headquarters', 'followerCount'],
      },
    ],
  },
];

/**
 * Why a recipe cannot run, or null: it has steps; every step's operation exists, reads only slots
 * the recipe has and steps before it, and a name lookup has its company; no step repeats another
 * or waits for a row it could never get.
 */
export function recipeProblem(recipe: Recipe): string | null {
  if (recipe.steps.length === 0) return BULK_ANSWERS.recipeNoStep.text;
  const seen = new Set<string>();
  for (const step of recipe.steps) {
    const problem = stepProblem(recipe, step, seen);
    if (problem) return problem;
    seen.add(step.id);
  }
  return pointlessStep(recipe);
}

/**
 * A step that asks what an earlier step already asked (the same lookup of the same input) finds
 * nothing new, and one that reads what a step found only where that step found nothing never runs.
 */
function pointlessStep(recipe: Recipe): string | null {
  const asked = new Map<string, number>();
  const position = (id: string) => recipe.steps.findIndex((step) => step.id === id) + 1;
  for (const [index, step] of recipe.steps.entries()) {
    const label = operationByType(step.type)!.label;
    const question = JSON.stringify([step.type, step.input, step.company ?? null]);
    const first = asked.get(question);
    if (first !== undefined) return BULK_ANSWERS.stepRepeats.say(index + 1, first, label);
    asked.set(question, index + 1);
    const source = 'step' in step.input ? step.input.step : null;
    if (source !== null && source === step.fallbackOf)
      return BULK_ANSWERS.stepNeverRuns.say(index + 1, position(source));
  }
  return null;
}

function stepProblem(recipe: Recipe, step: RecipeStep, seen: ReadonlySet<string>): string | null {
  const op = operationByType(step.type);
  if (!op) return BULK_ANSWERS.stepUnknownLookup.say(step.id);
  for (const input of [step.input, step.company]) {
    if (input && 'slot' in input && !recipe.slots.includes(input.slot))
      return BULK_ANSWERS.stepOtherColumn.say(step.id);
    if (input && 'step' in input && !seen.has(input.step)) return BULK_ANSWERS.stepReadsLater.say(step.id);
  }
  if (step.fallbackOf && !seen.has(step.fallbackOf)) return BULK_ANSWERS.stepFallsBackLater.say(step.id);
  if (op.input === 'person_name' && step.company === undefined)
    return BULK_ANSWERS.stepNeedsCompany.say(step.id);
  return null;
}
