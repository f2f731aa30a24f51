// What the playground's server answers and its page reads: the shapes of the JSON both sides share.
// Types only, so the page's bundle takes nothing of the server with it.

export interface CellSnapshot {
  readonly display: string;
  /** What the formula bar shows: the formula, else the value as it would be typed again. */
  readonly input: string;
  readonly kind: 'text' | 'number' | 'boolean' | 'date' | 'error';
  readonly error: { readonly code: string; readonly message: string } | null;
  /** The cell's note, shown on hover; empty when it has none. */
  readonly note: string;
  /** Filled by another cell's array result. */
  readonly spill: boolean;
  readonly bold: boolean;
  readonly loading: boolean;
}

export type MenuItemSnapshot = { readonly caption: string } | { readonly separator: true };

export interface Example {
  readonly cell: string;
  readonly formula: string;
  readonly note: string;
}

/** The rows of the shown sheet a state carries: the page asks for those around what it shows. */
export interface RowWindow {
  readonly top: number;
  readonly rows: number;
}

export interface WorkbookState {
  /** The sheets a user sees as tabs (the add-on's hidden sheet stays hidden), and the one shown. */
  readonly sheets: readonly string[];
  /** The hidden sheets (the add-on's own records among them), which View > Hidden sheets lists. */
  readonly hiddenSheets: readonly string[];
  readonly activeSheet: string;
  /** The page's selection on that tab, as it last told it: where the file resumes when shown again. */
  readonly selection: string;
  /** The spreadsheets of the demo user the page can switch between (File menu), and the one shown. */
  readonly files: { readonly names: readonly string[]; readonly active: string };
  /** The shown sheet's grid: 1,000 rows by 26 columns unless the add-on changed it. */
  readonly size: { readonly rows: number; readonly columns: number };
  /** The rows `cells` covers. */
  readonly window: RowWindow;
  /** Non-blank cells of the window, by A1 address. */
  readonly cells: Record<string, CellSnapshot>;
  readonly menu: { readonly caption: string; readonly items: readonly MenuItemSnapshot[] } | null;
  readonly account: { readonly startingCredits: number; readonly balance: number; readonly spent: number };
  /** Whether the key the add-on has saved is the demo account's (the key itself is never sent). */
  readonly demoKey: { readonly inUse: boolean };
  /** The virtual clock, and the spreadsheet's time zone: the one every time is shown in. */
  readonly clock: { readonly now: string; readonly timeZone: string };
  readonly examples: readonly Example[];
}

export interface ShownSummary {
  readonly index: number;
  readonly kind: 'sidebar' | 'modal' | 'modeless';
  readonly title: string;
}

export interface MenuOutcome {
  readonly shown: readonly ShownSummary[];
  readonly alerts: readonly { readonly title: string; readonly prompt: string }[];
  readonly error: string | null;
}
