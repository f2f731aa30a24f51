// The Bulk run panel: look up a whole column. Choose the operation (with its price), the input
// columns from the sheet's headers and where results go; preview what it will cost; run it as a loop
// of short server calls with a progress bar; pause, resume, cancel, retry the failed rows. Opening
// the sidebar offers to resume an unfinished run. Everything from the server is set as text.

import { OPERATIONS, operationByType } from '../../../core/operations/table';
import type { Operation } from '../../../core/operations/types';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import type { BulkPreview, BulkProgress, BulkRunConfig, SheetColumns } from '../../../shared/bulk-rpc';
import { announceChange } from '../../data-changed';
import { $, busy, el, errorText, reported, say } from '../../dom';
import { oneAtATime } from '../../latest-only';
import { call } from '../../rpc-client';
import { mountWatchOffer } from '../watches/offer';
import { columnOptions, guessColumns, markChosen, NAME_COLUMNS } from './columns';
import { readConfig } from './config';
import { previewView } from './preview-view';
import {
  isUnfinished,
  sayIfStoppedAgain,
  sayUnfinished,
  showProgress,
  showProgressHere,
} from './progress-view';
import { RecipeMode, type RunStart } from './recipe-mode';
import { recipePreviewView } from './recipe-view';
import { wireSchedule } from './refresh-field';
import { confirmationWords } from './text';
import { buildBulkPanel, type Controls, showFieldsIfChosen, showOperation } from './view';
import { whileSending } from './while-sending';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mountBulkPanel(): void {
  const ui = buildBulkPanel();
  $('bulk-panel').append(ui.root);
  const bulk = new BulkController(ui);
  bulk.wire();
  bulk.showOperation();
  void bulk.offerLastRun();
}

class BulkController {
  private columns: SheetColumns | null = null;
  private preview: { config: string; value: BulkPreview } | null = null;
  private current: BulkProgress | null = null;
  private driving = false;
  private readonly recipes: RecipeMode;

  constructor(private readonly ui: Controls) {
    this.recipes = new RecipeMode(ui, () => {
      this.setupChanged();
      if (!this.recipes.active) this.showOperation();
    });
    // The setup chosen here, a recipe or one lookup, may become a watch.
    mountWatchOffer(
      ui.form,
      () =>
        this.recipes.active
          ? { kind: 'recipe', config: this.recipes.config() }
          : { kind: 'lookup', config: this.config() },
      (preview, ids) => ('steps' in preview ? recipePreviewView(preview, ids) : previewView(preview, ids)),
    );
  }

  wire(): void {
    this.wireForm();
    this.wireRunButtons();
    wireSchedule(() => this.config());
    // Headers typed in the sheet while the sidebar is open: the pickers follow when the user comes
    // back to the sidebar (a click in it after the grid gives its window the focus).
    window.addEventListener('focus', () => void this.refreshColumns().catch(() => undefined));
  }

  private wireForm(): void {
    const ui = this.ui;
    ui.sheet.addEventListener(
      'change',
      () =>
        void this.guarded(ui.preview, async () => {
          this.forgetFinishedRun();
          await this.loadSheet(ui.sheet.value);
        }),
    );
    ui.op.addEventListener('change', () => {
      this.showOperation();
      this.setupChanged();
    });
    ui.form.addEventListener('change', (event) => {
      if (event.target === ui.sheet || event.target === ui.op) return;
      // The watch offer's cap is not the run's: its change (on leaving it, as its button is
      // pressed) must not clear the preview and move that button from under the pointer.
      if ((event.target as Element).closest('.watch-offer')) return;
      markChosen(event.target);
      showFieldsIfChosen(ui);
      this.setupChanged();
    });
    ui.preview.addEventListener('click', () => this.guarded(ui.preview, () => this.previewClicked()));
    ui.run.addEventListener('click', () => this.guarded(ui.run, () => this.runClicked()));
    ui.confirmBack.addEventListener('click', () => {
      ui.confirm.hidden = true;
      ui.run.focus();
    });
  }

  private wireRunButtons(): void {
    const ui = this.ui;
    ui.pause.addEventListener('click', () => this.control(ui.pause, (id) => call('pauseBulkRun', id), false));
    // Continue: the run is still running, only its driving stopped (a failed call); no resume is
    // asked, the run is fetched and driven from here again.
    ui.resume.addEventListener('click', () =>
      this.control(
        ui.resume,
        (id) =>
          this.current?.state === 'running'
            ? call('getBulkRun').then((p) => p ?? this.current!)
            : call('resumeBulkRun', id),
        true,
      ),
    );
    ui.cancel.addEventListener('click', () =>
      this.control(ui.cancel, (id) => call('cancelBulkRun', id), false),
    );
    ui.retry.addEventListener('click', () =>
      this.control(ui.retry, (id) => call('retryFailedRows', id), true),
    );
    ui.goOn.addEventListener('click', () => this.control(ui.goOn, (id) => call('goOnRecipe', id), true));
  }

  private selectedOp(): Operation {
    return operationByType(this.ui.op.value) ?? OPERATIONS[0]!;
  }

  private config(): BulkRunConfig {
    return readConfig(this.ui, this.selectedOp());
  }

  showOperation(): void {
    showOperation(this.ui, this.selectedOp());
    this.guessColumns();
  }

  private guessColumns(): void {
    guessColumns(this.selectedOp(), this.columns?.headers ?? [], this.ui.input, this.ui.nameSelects);
  }

  private async loadSheet(name: string | null, read?: SheetColumns): Promise<void> {
    const ui = this.ui;
    const columns = read ?? (await call('getSheetColumns', name));
    this.columns = columns;
    ui.sheet.replaceChildren(...columns.sheets.map((sheet) => el('option', { value: sheet }, sheet)));
    ui.sheet.value = columns.sheetName;
    columnOptions(ui.input, columns.headers, false);
    for (const column of NAME_COLUMNS)
      columnOptions(ui.nameSelects[column.key], columns.headers, !column.required);
    this.guessColumns();
    this.recipes.columnsChanged(columns.headers);
    this.forgetPreview();
  }

  /**
   * The sheet's headers again, the choices kept: a header typed since shows by its name instead of
   * "(no header)". Guesses fill only the input column left on a column without a header.
   */
  private readonly refreshColumns = oneAtATime(async () => {
    const known = this.columns;
    if (!known) return;
    const columns = await call('getSheetColumns', known.sheetName);
    if (this.columns !== known || JSON.stringify(columns) === JSON.stringify(known)) return;
    const input = this.ui.input.value;
    const unnamed = input === '' || !known.headers[Number(input) - 1];
    await this.loadSheet(known.sheetName, columns);
    if (!unnamed) this.ui.input.value = input;
  });

  private forgetPreview(): void {
    this.preview = null;
    this.ui.summary.replaceChildren();
    this.ui.confirm.hidden = true;
  }

  /** The user sets up another run: the last one's box goes, unless it can still be resumed. */
  private forgetFinishedRun(): void {
    if (!this.current || isUnfinished(this.current) || this.driving) return;
    this.current = null;
    this.ui.progressBox.hidden = true;
    say(this.ui.message, '');
  }

  private setupChanged(): void {
    this.forgetPreview();
    this.forgetFinishedRun();
  }

  private async previewClicked(): Promise<void> {
    if (this.recipes.active) await this.recipes.preview();
    else await this.runPreview();
  }

  private async runPreview(): Promise<BulkPreview> {
    if (!this.ui.input.value) throw new Error(BULK_TEXTS.inputFirst.text);
    const wanted = this.config();
    const value = await call('previewBulkRun', wanted);
    this.preview = { config: JSON.stringify(wanted), value };
    this.ui.summary.replaceChildren(previewView(value));
    return value;
  }

  private showProgress(progress: BulkProgress): void {
    this.current = progress;
    showProgress(this.ui, progress, this.driving);
  }

  /** The run's loop: one slice per call, the next as soon as the server says. */
  private async drive(runId: string, resumed: BulkProgress | null = null): Promise<void> {
    if (this.driving) return;
    this.driving = true;
    try {
      await this.driveSlices(runId);
    } catch (error) {
      // Not "nothing is lost": the call failed, and only what the server saved before is sure.
      say(this.ui.message, BULK_TEXTS.callFailed.say(errorText(error)), 'error');
    } finally {
      this.driving = false;
      if (this.current) this.showProgress(this.current);
      if (resumed && this.current) sayIfStoppedAgain(this.ui.message, resumed, this.current);
      announceChange();
    }
  }

  /** Stops when the run does, or when Pause (or another sidebar) stopped it between slices. */
  private async driveSlices(runId: string): Promise<void> {
    let id = runId;
    for (;;) {
      if (this.current) this.showProgress(this.current);
      const progress = await whileSending(
        call('continueBulkRun', id),
        () => this.current,
        (shown) => this.showProgress(shown),
      );
      // A recipe's next step is a run of its own: the loop follows it.
      id = progress.runId;
      // Spending follows the slices by itself (sidebar.ts asks whether what it shows moved).
      this.showProgress(progress);
      if (progress.state !== 'running') return;
      await wait(progress.nextCallInMs ?? 1_000);
      if (this.current?.state !== 'running') return;
    }
  }

  private async control(
    button: HTMLButtonElement,
    work: (runId: string) => Promise<BulkProgress>,
    thenDrive: boolean,
  ): Promise<void> {
    const before = this.current;
    if (!before) return;
    await busy(button, this.ui.message, async () => {
      const progress = await work(before.runId);
      this.showProgress(progress);
      const resumed = before.state === 'stopped' ? before : null;
      if (thenDrive && progress.state === 'running') void this.drive(progress.runId, resumed);
    });
  }

  /** A run started elsewhere (a recipe): shown and driven from here. */
  begin(progress: BulkProgress): void {
    this.forgetPreview();
    showProgressHere(this.ui);
    this.showProgress(progress);
    void this.drive(progress.runId);
  }

  /** Runs at once when cheap; asks first when the preview says the cost needs a yes. */
  private async runClicked(): Promise<void> {
    const run = this.recipes.active ? await this.recipes.run() : await this.lookupRun();
    if (!run) return;
    const ui = this.ui;
    const start = async () => {
      ui.confirm.hidden = true;
      say(ui.message, '');
      this.begin(await run.start());
    };
    if (run.asked === null) return start();
    ui.confirmText.textContent = run.asked.text;
    ui.confirm.hidden = false;
    ui.confirmRun.textContent = run.asked.button;
    ui.confirmRun.onclick = () => this.guarded(ui.confirmRun, start);
    ui.confirmRun.focus();
  }

  /**
   * One lookup's run: none when its preview finds nothing to do; asked first with the server's
   * figures (what the estimate, the per-run cap and the balance allow) when its cost needs a yes.
   */
  private async lookupRun(): Promise<RunStart | null> {
    const wanted = JSON.stringify(this.config());
    const value = this.preview?.config === wanted ? this.preview.value : await this.runPreview();
    const refreshing = (value.refresh?.rows ?? 0) > 0;
    if (!refreshing && value.toLookUp + value.cached + value.invalidCount + value.duplicates === 0) {
      say(this.ui.message, BULK_TEXTS.nothingToLookUp.text);
      return null;
    }
    // previewBulkRun gives the question's figures exactly when a yes is needed.
    const { confirmation } = value;
    return {
      asked: confirmation ? confirmationWords(confirmation) : null,
      start: () => call('startBulkRun', this.config(), confirmation ? value.estimatedCredits : 0),
    };
  }

  private async guarded(button: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
    await busy(button, this.ui.message, work);
    if (this.current) this.showProgress(this.current);
  }

  /** Loads the sheet and shows the last run; an unfinished one is offered to resume. */
  offerLastRun(): Promise<void> {
    return reported(this.ui.message, async () => {
      await this.recipes.load();
      const last = await call('getBulkRun');
      const unfinished = last !== null && isUnfinished(last);
      // An unfinished run is shown as it was set up: its sheet and its lookup.
      await this.loadSheet(unfinished ? last.sheetName : null).catch(() => this.loadSheet(null));
      if (!last) return;
      if (unfinished) {
        this.ui.op.value = last.type;
        this.showOperation();
      }
      this.showProgress(last);
      if (unfinished && !last.message) sayUnfinished(this.ui.message, last);
    });
  }
}
