// The Bulk run panel in recipe mode: the user picks a recipe instead of one lookup, maps its
// inputs to columns, previews the cost as a range, and runs it. A recipe runs as one bulk run per
// step, so its progress, Pause, Resume and Cancel are the panel's own.

import { recipeFromDraft } from '../../../core/recipes/custom';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { creditsText } from '../../../core/text/credits';
import { type BulkProgress, HEADER_ROW } from '../../../shared/bulk-rpc';
import type { RecipePreview, RecipeRunConfig, RecipeSummary } from '../../../shared/recipe-rpc';
import { busy, busyOnClick, say } from '../../dom';
import { call } from '../../rpc-client';
import { addStep, type Builder, buildBuilder, draftOf, NEW_RECIPE, resetBuilder } from './recipe-builder';
import {
  buildRecipeControls,
  chosenSlots,
  listRecipes,
  type RecipeControls,
  recipePreviewView,
  showRecipe,
} from './recipe-view';
import type { Controls } from './view';

/** What Run starts, and the question (its text and its button's) asked first; null: none. */
export interface RunStart {
  asked: { text: string; button: string } | null;
  start: () => Promise<BulkProgress>;
}

export class RecipeMode {
  private recipes: RecipeSummary[] = [];
  private readonly controls: RecipeControls;
  private readonly builder: Builder;
  private headers: readonly string[] = [];
  private last: { config: string; value: RecipePreview } | null = null;

  constructor(
    private readonly ui: Controls,
    private readonly changed: () => void,
  ) {
    const { root, controls } = buildRecipeControls();
    this.controls = controls;
    this.builder = buildBuilder();
    root.append(this.builder.root);
    // The choice comes first, under the sheet: it decides what the rest of the form asks.
    ui.sheet.closest('.field')?.after(root);
    controls.choice.addEventListener('change', () => {
      if (controls.choice.value === NEW_RECIPE) resetBuilder(this.builder);
      this.show();
      this.changed();
    });
    this.builder.add.addEventListener('click', () => addStep(this.builder));
    this.builder.save.addEventListener('click', () => void this.saveClicked());
    busyOnClick(controls.remove, ui.message, () => this.remove());
  }

  /** Save's refusal shows under Save, scrolled into view: the builder can be longer than the sidebar. */
  private async saveClicked(): Promise<void> {
    const { save, message } = this.builder;
    say(message, '');
    await busy(save, message, () => this.save());
    if (message.textContent) message.scrollIntoView({ block: 'nearest' });
  }

  /** Saves the built recipe, then chooses it: ready to preview. */
  private async save(): Promise<void> {
    const draft = draftOf(this.builder);
    // The server's own check, here first: a recipe that cannot run is refused, with the reason.
    recipeFromDraft(draft, 'draft');
    this.recipes = await call('saveRecipe', draft);
    listRecipes(this.controls, this.recipes);
    const saved = this.recipes.find((recipe) => recipe.custom && recipe.name === draft.name.trim());
    if (saved) this.controls.choice.value = saved.id;
    this.show();
    this.changed();
    say(this.ui.message, BULK_TEXTS.recipeSaved.say(draft.name.trim()), 'ok');
  }

  private async remove(): Promise<void> {
    const recipe = this.active;
    if (!recipe) return;
    this.recipes = await call('deleteRecipe', recipe.id);
    this.controls.choice.value = '';
    listRecipes(this.controls, this.recipes);
    this.show();
    this.changed();
    say(this.ui.message, BULK_TEXTS.recipeDeleted.say(recipe.name));
  }

  async load(): Promise<void> {
    this.recipes = await call('listRecipes');
    listRecipes(this.controls, this.recipes);
  }

  get active(): RecipeSummary | null {
    return this.recipes.find((recipe) => recipe.id === this.controls.choice.value) ?? null;
  }

  /** The sheet's headers changed: the column pickers follow. */
  columnsChanged(headers: readonly string[]): void {
    this.headers = headers;
    this.show();
  }

  /** One lookup's fields, the recipe's, or the builder's: never two of them. */
  private show(): void {
    const building = this.controls.choice.value === NEW_RECIPE;
    const recipe = building ? null : this.active;
    // The single lookup's own fields give way to the builder or a recipe; with neither, the
    // operation's choice (showOperation) decides which of its parts show.
    const lookupHidden = building || recipe !== null;
    const ui = this.ui;
    this.builder.root.hidden = !building;
    for (const button of [ui.preview, ui.run]) button.hidden = building;
    for (const field of [ui.op.closest('.field'), ui.input.closest('.field')])
      (field as HTMLElement).hidden = lookupHidden;
    ui.opHelp.hidden = lookupHidden;
    if (lookupHidden) for (const part of [ui.names, ui.output, ui.employees]) part.hidden = true;
    this.controls.box.hidden = recipe === null;
    if (recipe) showRecipe(this.controls, recipe, this.headers);
    this.last = null;
  }

  config(): RecipeRunConfig {
    return {
      recipeId: this.active!.id,
      sheetName: this.ui.sheet.value,
      headerRow: HEADER_ROW,
      slots: chosenSlots(this.controls),
    };
  }

  async preview(): Promise<RecipePreview> {
    const config = this.config();
    const value = await call('previewRecipe', config);
    this.last = { config: JSON.stringify(config), value };
    this.ui.summary.replaceChildren(recipePreviewView(value));
    return value;
  }

  /** Run: the start, and the question asked first when the most it may cost needs a yes. */
  async run(): Promise<RunStart> {
    say(this.ui.message, '');
    const wanted = JSON.stringify(this.config());
    const value = this.last?.config === wanted ? this.last.value : await this.preview();
    const start = () => call('startRecipeRun', JSON.parse(wanted) as RecipeRunConfig, value.creditsMax);
    if (!value.needsConfirmation) return { asked: null, start };
    const most = creditsText(value.creditsMax);
    const asked =
      value.creditsMin === value.creditsMax
        ? { text: BULK_TEXTS.recipeWillSpend.say(most), button: BULK_TEXTS.runAndSpend.say(most) }
        : {
            text: BULK_TEXTS.recipeMaySpend.say(most, creditsText(value.creditsMin)),
            button: BULK_TEXTS.runUpTo.say(most),
          };
    return { asked, start };
  }
}
