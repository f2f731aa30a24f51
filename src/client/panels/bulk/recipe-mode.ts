// The Bulk run panel in recipe mode: the user picks a recipe instead of one lookup, maps its
// inputs to columns, previews the cost as a range, and runs it. A recipe runs as one bulk run per
// step, so its progress, Pause, Resume and Cancel are the panel's own.
import type { BulkProgress } from '../../../shared/bulk-rpc';
import type { RecipePreview, RecipeRunConfig, RecipeSummary } from '../../../shared/recipe-rpc';
import { formatCredits } from '../../dom';
import { call } from '../../rpc-client';
import {
  buildRecipeControls,
  chosenSlots,
  listRecipes,
  type RecipeControls,
  recipePreviewView,
  showRecipe,
} from './recipe-view';
import type { Controls } from './view';

export class RecipeMode {
  private recipes: RecipeSummary[] = [];
  private readonly controls: RecipeControls;
  private headers: readonly string[] = [];
  private last: { config: string; value: RecipePreview } | null = null;

  constructor(
    private readonly ui: Controls,
    private readonly changed: () => void,
  ) {
    const { root, controls } = buildRecipeControls();
    this.controls = controls;
    // The choice comes first, under the sheet: it decides what the rest of the form asks.
    ui.sheet.closest('.field')?.after(root);
    controls.choice.addEventListener('change', () => {
      this.show();
      this.changed();
    });
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

  /** One lookup's fields, or the recipe's: never both. */
  private show(): void {
    const recipe = this.active;
    const ui = this.ui;
    for (const field of [ui.op.closest('.field'), ui.input.closest('.field')])
      (field as HTMLElement).hidden = recipe !== null;
    ui.opHelp.hidden = recipe !== null;
    ui.names.hidden = recipe !== null || ui.names.hidden;
    ui.output.hidden = recipe !== null || ui.output.hidden;
    ui.employees.hidden = recipe !== null || ui.employees.hidden;
    this.controls.box.hidden = recipe === null;
    if (recipe) showRecipe(this.controls, recipe, this.headers);
    this.last = null;
  }

  private config(sheetName: string, headerRow: number): RecipeRunConfig {
    return { recipeId: this.active!.id, sheetName, headerRow, slots: chosenSlots(this.controls) };
  }

  async preview(sheetName: string, headerRow: number): Promise<RecipePreview> {
    const config = this.config(sheetName, headerRow);
    const value = await call('previewRecipe', config);
    this.last = { config: JSON.stringify(config), value };
    this.ui.summary.replaceChildren(recipePreviewView(value));
    return value;
  }

  /** Runs at once when the most it may cost is cheap; asks first, for the most, otherwise. */
  async run(sheetName: string, headerRow: number, started: (progress: BulkProgress) => void): Promise<void> {
    const wanted = JSON.stringify(this.config(sheetName, headerRow));
    const value = this.last?.config === wanted ? this.last.value : await this.preview(sheetName, headerRow);
    const start = async () => {
      this.ui.confirm.hidden = true;
      started(await call('startRecipeRun', JSON.parse(wanted) as RecipeRunConfig, value.creditsMax));
    };
    if (!value.needsConfirmation) return start();
    const ui = this.ui;
    ui.confirmText.textContent = `This recipe may spend up to ${formatCredits(value.creditsMax)} (at least ${formatCredits(value.creditsMin)}). Run it?`;
    ui.confirm.hidden = false;
    ui.confirmRun.textContent = `Run, up to ${formatCredits(value.creditsMax)}`;
    ui.confirmRun.onclick = () => void start();
    ui.confirmRun.focus();
  }
}
