// SpreadsheetApp.getUi(): menus, sidebars, dialogs, alerts and prompts, recorded so tests and the
// playground can see what a user would see and click.
//
// Verified: getUi() outside a context with a user interface throws (runtime.ts); a menu appears
// only after addToUi(); createAddonMenu() puts the items under the add-on's name; sidebars are
// 300 px wide whatever width the output asks for.
// Alerts and prompts wait for a user: tests queue answers with `answer()`. Without one an alert
// answers OK and a prompt answers CLOSE with empty text, as if the user dismissed it (UI1 of
// docs/platform-assumptions.md: a convenience, not a claim). Assumed: a menu built again replaces
// the one shown (UI2).

import { type ButtonName, type ButtonSetName, enumOf } from './enums';
import type { Runtime } from './runtime';

export type MenuEntry =
  | { readonly kind: 'item'; readonly caption: string; readonly functionName: string }
  | { readonly kind: 'separator' }
  | { readonly kind: 'submenu'; readonly menu: MenuRecord };

export interface MenuRecord {
  readonly caption: string;
  readonly isAddonMenu: boolean;
  readonly entries: MenuEntry[];
}

/** Anything Apps Script accepts as an HtmlOutput to show; the real one and the fake both fit. */
export interface ShownHtml {
  getContent(): string;
  getTitle(): string;
}

export interface Shown {
  readonly kind: 'sidebar' | 'modal' | 'modeless';
  readonly title: string;
  readonly html: string;
}

export interface DialogRecord {
  readonly kind: 'alert' | 'prompt';
  readonly title: string;
  readonly prompt: string;
  readonly buttons: ButtonSetName;
  readonly answer: ButtonName;
}

export interface ScriptedAnswer {
  readonly button: ButtonName;
  readonly text?: string;
}

/** What the user interface showed, over all executions. */
export class UiRecord {
  readonly menus: MenuRecord[] = [];
  readonly shown: Shown[] = [];
  readonly dialogs: DialogRecord[] = [];
  readonly #answers: ScriptedAnswer[] = [];

  /** The sidebar now open, if any. */
  get sidebar(): Shown | null {
    return [...this.shown].reverse().find((item) => item.kind === 'sidebar') ?? null;
  }

  /** Queues the user's answer to the next alert or prompt. */
  answer(next: ScriptedAnswer): void {
    this.#answers.push(next);
  }

  takeAnswer(kind: 'alert' | 'prompt'): ScriptedAnswer {
    return this.#answers.shift() ?? (kind === 'alert' ? { button: 'OK' } : { button: 'CLOSE', text: '' });
  }

  /** Finds a menu item by its caption across all menus and submenus. */
  findItem(caption: string): { caption: string; functionName: string } | null {
    const search = (entries: readonly MenuEntry[]): { caption: string; functionName: string } | null => {
      for (const entry of entries) {
        if (entry.kind === 'item' && entry.caption === caption) return entry;
        if (entry.kind === 'submenu') {
          const found = search(entry.menu.entries);
          if (found) return found;
        }
      }
      return null;
    };
    for (const menu of this.menus) {
      const found = search(menu.entries);
      if (found) return found;
    }
    return null;
  }
}

export class FakeMenu {
  readonly #runtime: Runtime;
  readonly #record: UiRecord;
  readonly #menu: MenuRecord;

  constructor(runtime: Runtime, record: UiRecord, menu: MenuRecord) {
    this.#runtime = runtime;
    this.#record = record;
    this.#menu = menu;
  }

  addItem(caption: string, functionName: string): FakeMenu {
    this.#runtime.enter('ui', 'Menu.addItem');
    this.#menu.entries.push({ kind: 'item', caption: String(caption), functionName: String(functionName) });
    return this;
  }

  addSeparator(): FakeMenu {
    this.#runtime.enter('ui', 'Menu.addSeparator');
    this.#menu.entries.push({ kind: 'separator' });
    return this;
  }

  addSubMenu(menu: FakeMenu): FakeMenu {
    this.#runtime.enter('ui', 'Menu.addSubMenu');
    this.#menu.entries.push({ kind: 'submenu', menu: menu.#menu });
    return this;
  }

  addToUi(): void {
    this.#runtime.enter('ui', 'Menu.addToUi');
    // Building the menu again (every onOpen) replaces the one shown.
    const existing = this.#record.menus.findIndex((menu) => menu.caption === this.#menu.caption);
    if (existing >= 0) this.#record.menus.splice(existing, 1, this.#menu);
    else this.#record.menus.push(this.#menu);
  }
}

export class FakePromptResponse {
  readonly #answer: ScriptedAnswer;

  constructor(answer: ScriptedAnswer) {
    this.#answer = answer;
  }

  getResponseText(): string {
    return this.#answer.text ?? '';
  }

  /** Enum-typed in Apps Script; answered by the button's name, which is how the enum prints. */
  getSelectedButton(): ButtonName {
    return this.#answer.button;
  }
}

export class FakeUi {
  readonly Button = enumOf(['CLOSE', 'OK', 'CANCEL', 'YES', 'NO'] as const);
  readonly ButtonSet = enumOf(['OK', 'OK_CANCEL', 'YES_NO', 'YES_NO_CANCEL'] as const);
  readonly #runtime: Runtime;
  readonly #record: UiRecord;
  readonly #addOnName: string;

  constructor(runtime: Runtime, record: UiRecord, addOnName: string) {
    this.#runtime = runtime;
    this.#record = record;
    this.#addOnName = addOnName;
  }

  createAddonMenu(): FakeMenu {
    this.#runtime.enter('ui', 'Ui.createAddonMenu');
    return new FakeMenu(this.#runtime, this.#record, {
      caption: this.#addOnName,
      isAddonMenu: true,
      entries: [],
    });
  }

  createMenu(caption: string): FakeMenu {
    this.#runtime.enter('ui', 'Ui.createMenu');
    return new FakeMenu(this.#runtime, this.#record, {
      caption: String(caption),
      isAddonMenu: false,
      entries: [],
    });
  }

  showSidebar(userInterface: ShownHtml): void {
    this.#show('sidebar', userInterface, userInterface.getTitle());
  }

  showModalDialog(userInterface: ShownHtml, title: string): void {
    this.#show('modal', userInterface, title);
  }

  showModelessDialog(userInterface: ShownHtml, title: string): void {
    this.#show('modeless', userInterface, title);
  }

  /** alert(prompt), alert(prompt, buttons), alert(title, prompt, buttons). */
  alert(first: string, second?: ButtonSetName | string, third?: ButtonSetName): ButtonName {
    this.#runtime.enter('ui', 'Ui.alert');
    const { title, prompt, buttons } = dialogArgs(first, second, third);
    const { button } = this.#record.takeAnswer('alert');
    this.#record.dialogs.push({ kind: 'alert', title, prompt, buttons, answer: button });
    return button;
  }

  /** prompt(prompt), prompt(prompt, buttons), prompt(title, prompt, buttons). */
  prompt(first: string, second?: ButtonSetName | string, third?: ButtonSetName): FakePromptResponse {
    this.#runtime.enter('ui', 'Ui.prompt');
    const { title, prompt, buttons } = dialogArgs(first, second, third);
    const answer = this.#record.takeAnswer('prompt');
    this.#record.dialogs.push({ kind: 'prompt', title, prompt, buttons, answer: answer.button });
    return new FakePromptResponse(answer);
  }

  #show(kind: Shown['kind'], output: ShownHtml, title: string): void {
    this.#runtime.enter(
      'ui',
      `Ui.show${kind === 'sidebar' ? 'Sidebar' : kind === 'modal' ? 'ModalDialog' : 'ModelessDialog'}`,
    );
    this.#record.shown.push({ kind, title: String(title ?? ''), html: output.getContent() });
  }
}

function dialogArgs(
  first: string,
  second: string | undefined,
  third: ButtonSetName | undefined,
): { title: string; prompt: string; buttons: ButtonSetName } {
  if (third !== undefined) return { title: String(first), prompt: String(second ?? ''), buttons: third };
  return { title: '', prompt: String(first), buttons: (second as ButtonSetName | undefined) ?? 'OK' };
}
