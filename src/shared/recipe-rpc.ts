// Recipes in the sidebar: chained lookups with fallbacks, run as one bulk run per step. Their
// progress is a bulk run's (BulkProgress.recipe says which step); Pause, Resume, Cancel and Retry
// are the bulk run's calls.
import type { BulkPreview, BulkProgress, BulkRunConfig } from './bulk-rpc';
import type { OperationType } from './operation-type';

/** The sheet columns a recipe reads, named for the user who maps them: one per kind of input. */
export type SlotName =
  | 'fullName'
  | 'company'
  | 'email'
  | 'profileUrl'
  | 'companyName'
  | 'companyDomain'
  | 'companyUrl'
  | 'postUrl'
  | 'identifier'
  | 'photonetHandle';

export type StepInput = { readonly slot: SlotName } | { readonly step: string };

export interface RecipeStep {
  readonly id: string;
  readonly type: OperationType;
  readonly input: StepInput;
  /** Name lookups only: the company joined after the name. */
  readonly company?: StepInput;
  /** Runs only on rows where that step found nothing. */
  readonly fallbackOf?: string;
  /** Record lookups: the fields written, one column each; otherwise the primary value. */
  readonly fields?: readonly string[];
}

/** A recipe: built in (core/recipes/recipes.ts), or a user's, saved with the spreadsheet. */
export interface Recipe {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly slots: readonly SlotName[];
  readonly steps: readonly RecipeStep[];
}

/** A recipe as the sidebar's builder sends it: steps by position, each reading a column or a step. */
export interface RecipeDraft {
  name: string;
  steps: {
    type: OperationType;
    /** `column`: the sheet column of the lookup's kind of input; a number: that earlier step's output (from 0). */
    from: 'column' | number;
    /** Run only where that earlier step (from 0) found nothing; null: on every row. */
    fallbackOf: number | null;
  }[];
}

export interface RecipeSummary {
  id: string;
  /** Saved by a user of this spreadsheet (deletable), not built in. */
  custom: boolean;
  name: string;
  description: string;
  slots: { name: SlotName; label: string }[];
  steps: { label: string; price: string; fallback: boolean }[];
}

/** A recipe run on a sheet: its headers' row and sheet as a bulk run names them. */
export interface RecipeRunConfig extends Pick<BulkRunConfig, 'sheetName' | 'headerRow'> {
  recipeId: string;
  /** 1-based sheet columns, by slot. */
  slots: Partial<Record<SlotName, number>>;
}

/** One step of a recipe's preview; where it writes (its results, then its row status) as a bulk run's. */
export interface RecipeStepPreview extends Pick<BulkPreview, 'outputColumns' | 'statusColumn'> {
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
  /** Rows that reach it whose output cell already shows something (typed, a formula's): skipped, never written over. */
  filled: number;
}

/** A recipe's preview; a deleted hidden sheet's loss and the columns other inputs hold, as a bulk run's. */
export interface RecipePreview extends Pick<BulkPreview, 'lostResults' | 'columnConflicts'> {
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
  /** Checks and saves a user's recipe in this spreadsheet; answers the recipes, the new one included. */
  saveRecipe(draft: RecipeDraft): RecipeSummary[];
  deleteRecipe(id: string): RecipeSummary[];
}
