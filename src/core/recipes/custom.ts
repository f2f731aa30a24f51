// A user's own recipes, saved with the spreadsheet: built from a draft the sidebar's builder sends,
// checked the way built-in ones are, and kept in one document property.
import type { OperationType } from '../../shared/operation-type';
import type { Recipe, RecipeDraft, RecipeStep } from '../../shared/recipe-rpc';
import { INPUT_SLOT } from '../bulk/column-guess';
import { operationByType } from '../operations/table';
import type { InputKind } from '../operations/types';
import { RECIPE_ANSWERS } from '../text/catalogue/sidebar/recipes-answers';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { parseJson } from '../text/json-text';
import { recipeProblem } from './recipes';

const MAX_RECIPES = 20;
const MAX_STEPS = 8;
const MAX_NAME = 60;

/** What a lookup finds that another can read, when it is one value of a kind of input. */
const OUTPUT_KIND: Partial<Readonly<Record<OperationType, InputKind>>> = {
  lead_full_name_to_pronet_url: 'person_url',
  email_to_pronet_url: 'person_url',
  pronet_profile_to_email: 'email',
  lead_full_name_to_email: 'email',
  company_name_to_website: 'company_domain',
  company_name_to_email: 'email',
  company_name_to_pronet_url: 'company_url',
};

export function parseCustomRecipes(text: string | null | undefined): Recipe[] {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? (parsed as Recipe[]).filter((recipe) => recipeProblem(recipe) === null) : [];
}

function draftStep(draft: RecipeDraft, index: number): RecipeStep {
  const wanted = draft.steps[index]!;
  const op = operationByType(String(wanted.type));
  if (!op) throw refuse('bulk', 'stepChooseLookup', index + 1);
  const earlier = (n: unknown, what: string) => {
    if (!Number.isSafeInteger(n) || (n as number) < 0 || (n as number) >= index)
      throw refuse('bulk', 'stepMustBeEarlier', index + 1, what);
    return `s${(n as number) + 1}`;
  };
  const step: { -readonly [K in keyof RecipeStep]: RecipeStep[K] } = {
    id: `s${index + 1}`,
    type: op.type,
    input: { slot: INPUT_SLOT[op.input] },
  };
  if (wanted.from !== 'column') {
    const source = draft.steps[wanted.from as number];
    const kind = source ? OUTPUT_KIND[source.type] : undefined;
    if (kind !== op.input)
      throw refuse('bulk', 'stepCannotRead', index + 1, op.label, Number(wanted.from) + 1);
    step.input = { step: earlier(wanted.from, RECIPE_ANSWERS.itsInput.text) };
  }
  if (op.input === 'person_name') step.company = { slot: 'company' };
  if (wanted.fallbackOf !== null && wanted.fallbackOf !== undefined)
    step.fallbackOf = earlier(wanted.fallbackOf, RECIPE_ANSWERS.itsFallback.text);
  return step;
}

/** The recipe a draft describes, with `id`; throws a message the sidebar shows. */
export function recipeFromDraft(draft: RecipeDraft, id: string): Recipe {
  const name = String(draft?.name ?? '').trim();
  if (name === '') throw refuse('bulk', 'nameRecipe');
  if (name.length > MAX_NAME) throw refuse('bulk', 'recipeNameLength', MAX_NAME);
  const count = Array.isArray(draft.steps) ? draft.steps.length : 0;
  if (count < 2) throw refuse('bulk', 'recipeTwoSteps');
  if (count > MAX_STEPS) throw refuse('bulk', 'recipeMostSteps', MAX_STEPS);
  const steps = draft.steps.map((_, index) => draftStep(draft, index));
  const inputs = steps.flatMap((step) => [step.input, step.company]);
  const slots = [...new Set(inputs.flatMap((input) => (input && 'slot' in input ? [input.slot] : [])))];
  const labels = steps.map((step) => operationByType(step.type)!.label);
  const recipe: Recipe = { id, name, description: RECIPE_ANSWERS.yours.say(labels), slots, steps };
  const problem = recipeProblem(recipe);
  if (problem) throw new Error(problem);
  return recipe;
}

/** The list with `recipe` added (or replacing one of the same name); refuses past the limit. */
export function withCustomRecipe(list: readonly Recipe[], recipe: Recipe): Recipe[] {
  const others = list.filter((each) => each.name.toLowerCase() !== recipe.name.toLowerCase());
  if (others.length >= MAX_RECIPES) throw refuse('bulk', 'recipesFull', MAX_RECIPES);
  return [...others, recipe];
}
