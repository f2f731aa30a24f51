// Recipes in the sidebar: chained lookups with fallbacks, run as one bulk run per step. Their
// progress is a bulk run's (BulkProgress.recipe says which step); Pause, Resume, Cancel and Retry
// are the bulk run's calls.
import type { BulkProgress } from './bulk-rpc';

/** The sheet columns a recipe reads, named for the user who maps them. */
export type SlotName = 'fullName' | 'company' | 'profileUrl' | 'companyName';

export interface RecipeSummary {
  id: string;
  name: string;
  description: string;
  slots: { name: SlotName; label: string }[];
  steps: { label: string; price: string; fallback: boolean }[];
}

export interface RecipeRunConfig {
  recipeId: string;
  sheetName: string;
  headerRow: number;
  /** 1-based sheet columns, by slot. */
  slots: Partial<Record<SlotName, number>>;
}

export interface RecipeStepPreview {
  label: string;
  /** Runs only where an earlier step found nothing. */
  fallback: boolean;
  /** Rows that reach this step: at least, if every earlier step finds; at most, if none does. */
  rowsMin: number;
  rowsMax: number;
  /** Distinct inputs already paid for (free), among those known before the run. */
  saved: number;
  duplicates: number;
  invalid: number;
  creditsMin: number;
  creditsMax: number;
}

export interface RecipePreview {
  name: string;
  rows: number;
  steps: RecipeStepPreview[];
  creditsMin: number;
  creditsMax: number;
  /** The most the run may cost is above the confirmation threshold. */
  needsConfirmation: boolean;
}

export interface RecipeServerApi {
  listRecipes(): RecipeSummary[];
  previewRecipe(config: RecipeRunConfig): RecipePreview;
  /** Refuses (throws) when the most it may cost needs confirmation and `confirmedCredits` is below it. */
  startRecipeRun(config: RecipeRunConfig, confirmedCredits: number): BulkProgress;
  /** Starts the next step although the one done has failed rows (they keep their error). */
  goOnRecipe(runId: string): BulkProgress;
}
