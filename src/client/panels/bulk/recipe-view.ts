// The Bulk run panel's recipe part: a choice between one lookup and a recipe, the recipe's steps
// with their prices, a column picker for each input it reads, and its preview, step by step, with
// the cost as a range. Everything from the server is set as text.

import { guessColumn, slotRole } from '../../../core/bulk/column-guess';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { creditsAmount, creditsText } from '../../../core/text/credits';
import type { RecipePreview, RecipeSummary, SlotName } from '../../../shared/recipe-rpc';
import { el, field, pushButton } from '../../dom';
import { columnOptions } from './columns';
import { conflictNotes, destinations } from './preview-view';
import { NEW_RECIPE } from './recipe-builder';
import { count, plural } from './text';

export type RecipeControls = ReturnType<typeof buildRecipeControls>['controls'];

export function buildRecipeControls() {
  const choice = el('select', { id: 'bulk-recipe' }, el('option', { value: '' }, BULK_TEXTS.oneLookup.text));
  const about = el('p', { id: 'bulk-recipe-about', class: 'hint' });
  const steps = el('ol', { id: 'bulk-recipe-steps', class: 'bulk-recipe-steps' });
  const slots = el('div', { id: 'bulk-recipe-slots' });
  const remove = pushButton(BULK_TEXTS.deleteRecipe.text, { id: 'recipe-delete', hidden: true });
  const box = el('div', { id: 'bulk-recipe-box', hidden: true }, about, steps, slots, remove);
  const root = el('div', {}, field('Run', choice), box);
  return { root, controls: { choice, box, remove, about, steps, slots } };
}

export function listRecipes(ui: RecipeControls, recipes: readonly RecipeSummary[]): void {
  const chosen = ui.choice.value;
  ui.choice.replaceChildren(
    el('option', { value: '' }, BULK_TEXTS.oneLookup.text),
    el(
      'optgroup',
      { label: BULK_TEXTS.recipesGroup.text },
      ...recipes.map((recipe) =>
        el('option', { value: recipe.id }, recipe.custom ? `${recipe.name} (yours)` : recipe.name),
      ),
      el('option', { value: NEW_RECIPE }, BULK_TEXTS.buildRecipe.text),
    ),
  );
  if ([...ui.choice.options].some((option) => option.value === chosen)) ui.choice.value = chosen;
}

/**
 * The recipe's steps and a column picker per input; `headers` are the sheet's. A column already
 * chosen for an input stays chosen (the headers were read again), unless it has no header.
 */
export function showRecipe(ui: RecipeControls, recipe: RecipeSummary, headers: readonly string[]): void {
  const before = chosenSlots(ui);
  ui.about.textContent = recipe.description;
  ui.remove.hidden = !recipe.custom;
  ui.steps.replaceChildren(
    ...recipe.steps.map((step) =>
      el('li', {}, `${step.fallback ? BULK_TEXTS.ifNotFound.text : ''}${step.label} (${step.price})`),
    ),
  );
  ui.slots.replaceChildren(
    ...recipe.slots.map((slot) => {
      const select = el('select', { id: `bulk-slot-${slot.name}`, 'data-slot': slot.name });
      columnOptions(select, headers, slot.name === 'company');
      select.value = String(guessColumn(headers, slotRole(slot.name)) ?? '');
      const kept = before[slot.name];
      if (kept !== undefined && headers[kept - 1]) select.value = String(kept);
      return field(`${slot.label} column${slot.name === 'company' ? ' (optional)' : ''}`, select);
    }),
  );
}

/** The chosen columns, by slot; an optional slot left empty is left out. */
export function chosenSlots(ui: RecipeControls): Partial<Record<SlotName, number>> {
  const slots: Partial<Record<SlotName, number>> = {};
  for (const select of ui.slots.querySelectorAll<HTMLSelectElement>('select[data-slot]')) {
    if (select.value !== '') slots[select.dataset.slot as SlotName] = Number(select.value);
  }
  return slots;
}

function rowsText(min: number, max: number): string {
  return min === max ? count(min) : `${count(min)}–${count(max)}`;
}

function creditsRange(min: number, max: number): string {
  return min === max ? creditsText(max) : `${creditsAmount(min)}–${creditsText(max)}`;
}

/**
 * Per step: the rows that reach it, saved results, and the credits as a range; then the bound.
 * `ids` starts its elements' ids, as `previewView`'s does.
 */
export function recipePreviewView(preview: RecipePreview, ids = 'bulk'): HTMLElement {
  const row = (cell: 'th' | 'td', ...texts: string[]) =>
    el('tr', {}, ...texts.map((text) => el(cell, {}, text)));
  const head = row('th', 'Step', 'Rows', 'Saved', 'Credits');
  const rows = preview.steps.flatMap((step, i) => [
    row(
      'td',
      `${i + 1}. ${step.fallback ? BULK_TEXTS.ifNotFound.text : ''}${step.label}`,
      rowsText(step.rowsMin, step.rowsMax),
      count(step.saved),
      creditsRange(step.creditsMin, step.creditsMax),
    ),
    // What this step never pays for: repeats are looked up once, invalid inputs never sent; then
    // where it writes, and the rows it leaves as they are.
    el(
      'tr',
      { class: 'bulk-recipe-detail' },
      el(
        'td',
        { colspan: '4' },
        `repeats ${count(step.duplicates)} · invalid ${count(step.invalid)}`,
        el('br'),
        destinations(step),
        step.filled > 0 ? el('br') : null,
        step.filled > 0 ? BULK_TEXTS.filledSkipped.say(plural(step.filled, 'row')) : null,
      ),
    ),
  ]);
  return el(
    'div',
    { class: 'bulk-recipe-preview' },
    preview.lostResults
      ? el('p', { id: `${ids}-recipe-lost`, class: 'warning', role: 'alert' }, preview.lostResults)
      : null,
    el('table', { class: 'bulk-recipe-table' }, el('thead', {}, head), el('tbody', {}, ...rows)),
    // The whole cost: one figure when what the steps find changes nothing, else the range and why.
    el(
      'p',
      { id: `${ids}-recipe-total` },
      BULK_TEXTS.recipeTotal.say(plural(preview.rows, 'row'), preview.creditsMin, preview.creditsMax),
    ),
    ...conflictNotes(preview.columnConflicts),
  );
}
