// The recipe builder: a user chains their own lookups, step by step: each step's lookup, what it
// reads (its column, or what an earlier step found), and whether it runs only where an earlier step
// found nothing. The server checks the recipe and saves it with the spreadsheet.

import { OPERATIONS } from '../../../core/operations/table';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import type { RecipeDraft } from '../../../shared/recipe-rpc';
import { buttonRow, el, pushButton, say } from '../../dom';

export const NEW_RECIPE = '__new';

export type Builder = ReturnType<typeof buildBuilder>;

/** Its name, steps, Add step and Save; under Save, why the recipe was refused, where the user looks. */
export function buildBuilder() {
  const name = el('input', { id: 'recipe-name', type: 'text', autocomplete: 'off', maxlength: '60' });
  const steps = el('ol', { id: 'recipe-steps', class: 'recipe-builder-steps' });
  const add = pushButton(BULK_TEXTS.addStep.text, { id: 'recipe-add-step' });
  const save = pushButton(BULK_TEXTS.saveRecipe.text, { id: 'recipe-save', class: 'action' });
  const message = el('p', { id: 'recipe-builder-message', class: 'message', role: 'alert' });
  const root = el(
    'div',
    { id: 'recipe-builder', hidden: true },
    el('label', { for: 'recipe-name' }, BULK_TEXTS.recipeName.text),
    name,
    steps,
    buttonRow(add, save),
    message,
  );
  return { root, name, steps, add, save, message };
}

function lookupSelect(): HTMLSelectElement {
  return el(
    'select',
    { class: 'recipe-step-type', 'aria-label': 'Lookup' },
    ...OPERATIONS.filter((op) => op.shape !== 'employees').map((op) =>
      el('option', { value: op.type }, op.label),
    ),
  );
}

/** A choice among the steps before step `index` (from 0), `none` first (its value ''). */
function earlierSelect(
  index: number,
  attributes: Record<string, string>,
  none: string,
  each: (n: number) => string,
) {
  const earlier = Array.from({ length: index }, (_, n) => el('option', { value: String(n) }, each(n + 1)));
  return el('select', attributes, el('option', { value: '' }, none), ...earlier);
}

/** Adds a step row: its lookup, what it reads, and when it runs. */
export function addStep(builder: Builder): void {
  const index = builder.steps.children.length;
  const T = BULK_TEXTS;
  const reads = { class: 'recipe-step-from', 'aria-label': 'Reads' };
  const runs = { class: 'recipe-step-fallback', 'aria-label': 'Runs' };
  builder.steps.append(
    el(
      'li',
      { class: 'recipe-step' },
      lookupSelect(),
      earlierSelect(index, reads, T.readsItsColumn.text, T.readsStep.say),
      earlierSelect(index, runs, T.onEveryRow.text, T.whereStepFoundNothing.say),
    ),
  );
}

export function resetBuilder(builder: Builder): void {
  say(builder.message, '');
  builder.name.value = '';
  builder.steps.replaceChildren();
  addStep(builder);
  addStep(builder);
}

export function draftOf(builder: Builder): RecipeDraft {
  const value = (row: Element, selector: string) => row.querySelector<HTMLSelectElement>(selector)!.value;
  return {
    name: builder.name.value,
    steps: [...builder.steps.children].map((row) => ({
      type: value(row, '.recipe-step-type') as RecipeDraft['steps'][number]['type'],
      from: value(row, '.recipe-step-from') === '' ? 'column' : Number(value(row, '.recipe-step-from')),
      fallbackOf:
        value(row, '.recipe-step-fallback') === '' ? null : Number(value(row, '.recipe-step-fallback')),
    })),
  };
}
