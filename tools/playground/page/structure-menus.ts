// Edit, View and Insert, and a tab's menu: rows and columns inserted or deleted at the selection,
// sheets added (the "+"), renamed, hidden, deleted and shown again (View > Hidden sheets, where the
// add-on's own hidden sheets are too). The server makes each change as the user's (../structure.ts),
// firing the Change triggers Sheets fires for it.
import { columnLetters } from '../../emulator/a1';
import type { WorkbookState } from '../state';
import { $, element } from './dom';
import { change } from './net';

export interface StructureHooks {
  /** The selection's rows and columns, and its A1 notation. */
  bounds(): { top: number; left: number; bottom: number; right: number };
  a1(): string;
  state(): WorkbookState | null;
  render(state: WorkbookState): void;
  undo(): void;
}

type Item = { readonly caption: string; readonly run: () => void } | 'separator' | { readonly label: string };

const MENUS = ['edit', 'view', 'insert'] as const;

const span = (first: number, last: number, name: (n: number) => string) =>
  first === last ? name(first) : `${name(first)} - ${name(last)}`;
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

async function act(hooks: StructureHooks, action: string, fields: object = {}): Promise<void> {
  const answer = await change('/api/structure', { action, selection: hooks.a1(), ...fields });
  if (answer) hooks.render(answer.state);
}

function itemsOf(menu: (typeof MENUS)[number], hooks: StructureHooks): Item[] {
  const { top, left, bottom, right } = hooks.bounds();
  const rows = bottom - top + 1;
  const columns = right - left + 1;
  const run = (action: string) => () => void act(hooks, action);
  if (menu === 'edit')
    return [
      { caption: 'Undo', run: hooks.undo },
      'separator',
      {
        caption: `Delete ${rows === 1 ? 'row' : 'rows'} ${span(top, bottom, String)}`,
        run: run('delete-rows'),
      },
      {
        caption: `Delete ${columns === 1 ? 'column' : 'columns'} ${span(left, right, columnLetters)}`,
        run: run('delete-columns'),
      },
    ];
  if (menu === 'insert')
    return [
      { caption: `Insert ${counted(rows, 'row')} above`, run: run('rows-above') },
      { caption: `Insert ${counted(rows, 'row')} below`, run: run('rows-below') },
      { caption: `Insert ${counted(columns, 'column')} left`, run: run('columns-left') },
      { caption: `Insert ${counted(columns, 'column')} right`, run: run('columns-right') },
      'separator',
      { caption: 'Sheet', run: run('add-sheet') },
    ];
  const hidden = hooks.state()?.hiddenSheets ?? [];
  return [
    { label: hidden.length === 0 ? 'No hidden sheets' : `Hidden sheets (${hidden.length})` },
    ...hidden.map((name) => ({ caption: name, run: () => void act(hooks, 'show-sheet', { name }) })),
  ];
}

function closeAll(): void {
  for (const menu of MENUS) {
    $(`${menu}-menu`).hidden = true;
    $(`${menu}-button`).setAttribute('aria-expanded', 'false');
  }
  $('tab-menu').hidden = true;
}

function fill(container: HTMLElement, items: readonly Item[]): void {
  const entries = items.map((item) => {
    if (item === 'separator') return element('div', 'separator');
    if ('label' in item) return element('div', 'label', item.label);
    const button = element('button', '', item.caption);
    button.type = 'button';
    button.setAttribute('role', 'menuitem');
    button.addEventListener('click', () => {
      closeAll();
      item.run();
    });
    return button;
  });
  container.replaceChildren(...entries);
}

/** The tab right-clicked (or double-clicked, to rename), whose menu is open. */
let tabShown = '';

function startRename(hooks: StructureHooks, tab: HTMLElement): void {
  const input = $<HTMLInputElement>('tab-rename');
  const box = tab.getBoundingClientRect();
  const bar = $('tabs').parentElement!.getBoundingClientRect();
  input.style.left = `${box.left - bar.left}px`;
  input.style.width = `${Math.max(box.width, 120)}px`;
  input.value = tab.dataset.sheet ?? '';
  input.dataset.sheet = tab.dataset.sheet ?? '';
  input.hidden = false;
  input.focus();
  input.select();
  const finish = (commit: boolean) => {
    input.onkeydown = null;
    input.onblur = null;
    input.hidden = true;
    const name = input.dataset.sheet ?? '';
    if (commit && input.value.trim() !== '' && input.value !== name)
      void act(hooks, 'rename-sheet', { name, to: input.value });
  };
  input.onkeydown = (event) => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      finish(event.key === 'Enter');
    }
  };
  input.onblur = () => finish(true);
}

function wireTabs(hooks: StructureHooks): void {
  const tabOf = (event: Event) => (event.target as HTMLElement).closest<HTMLElement>('.tab');
  $('tabs').addEventListener('contextmenu', (event) => {
    const tab = tabOf(event);
    if (!tab) return;
    event.preventDefault();
    closeAll();
    tabShown = tab.dataset.sheet ?? '';
    const menu = $('tab-menu');
    const box = tab.getBoundingClientRect();
    menu.style.left = `${box.left}px`;
    menu.style.bottom = `${window.innerHeight - box.top + 4}px`;
    menu.hidden = false;
  });
  $('tabs').addEventListener('dblclick', (event) => {
    const tab = tabOf(event);
    if (tab) startRename(hooks, tab);
  });
  for (const button of $('tab-menu').querySelectorAll<HTMLButtonElement>('button')) {
    button.addEventListener('click', () => {
      closeAll();
      const action = button.dataset.action ?? '';
      const tab = [...$('tabs').querySelectorAll<HTMLElement>('.tab')].find(
        (t) => t.dataset.sheet === tabShown,
      );
      if (action === 'rename') {
        if (tab) startRename(hooks, tab);
      } else void act(hooks, action, { name: tabShown });
    });
  }
  $('add-sheet').addEventListener('click', () => void act(hooks, 'add-sheet'));
}

export function wireStructureMenus(hooks: StructureHooks): void {
  for (const menu of MENUS) {
    // Not stopped: the click reaching the document closes the File and Extensions menus.
    $(`${menu}-button`).addEventListener('click', () => {
      const shown = $(`${menu}-menu`);
      const opening = shown.hidden;
      closeAll();
      if (!opening) return;
      fill(shown, itemsOf(menu, hooks));
      shown.hidden = false;
      $(`${menu}-button`).setAttribute('aria-expanded', 'true');
    });
  }
  wireTabs(hooks);
  // The Extensions button stops its click, so it closes these menus itself.
  $('extensions-button').addEventListener('click', closeAll);
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.menu, #edit-button, #view-button, #insert-button'))
      closeAll();
  });
}
