// Extensions > the add-on's menu, the sidebar panel and dialogs: the add-on's own HTML in frames,
// which tell the page (by postMessage) when a server call ended or when they ask to close.
import type { MenuOutcome, WorkbookState } from '../state';
import { $, element, status, toast } from './dom';
import { change } from './net';

const MESSAGE_SOURCE = 'enrich-playground';

export interface MenuHooks {
  /** The selection the add-on must see as its active range when an item runs. */
  selection(): string;
  render(state: WorkbookState): void;
  /** A server call of the sidebar or a dialog ended: the sheet may have changed. */
  refresh(): void;
}

let renderedMenu = '';

export function renderMenu(menu: WorkbookState['menu'], hooks: MenuHooks): void {
  const key = JSON.stringify(menu);
  if (key === renderedMenu) return;
  renderedMenu = key;
  $('addon-caption').textContent = menu?.caption ?? 'Enrich for Sheets';
  const items = menu?.items ?? [];
  const entries = items.map((item) => {
    if ('separator' in item) {
      const line = element('div', 'separator');
      line.setAttribute('role', 'separator');
      return line;
    }
    const button = element('button', '', item.caption);
    button.type = 'button';
    button.setAttribute('role', 'menuitem');
    button.addEventListener('click', () => void clickMenuItem(item.caption, hooks));
    return button;
  });
  if (entries.length === 0)
    entries.push(element('div', 'empty', 'The add-on has not built its menu (onOpen).'));
  $('addon-menu').replaceChildren(...entries);
}

function closeMenus(): void {
  $('extensions-menu').hidden = true;
  $('addon-menu').hidden = true;
  $('extensions-button').setAttribute('aria-expanded', 'false');
}

async function clickMenuItem(caption: string, hooks: MenuHooks): Promise<void> {
  closeMenus();
  status(`Running ${caption}…`);
  const outcome = await change<MenuOutcome>('/api/menu', { caption, selection: hooks.selection() });
  status('');
  if (!outcome) return;
  hooks.render(outcome.state);
  for (const shown of outcome.shown) {
    if (shown.kind === 'sidebar') openSidebar(shown.title);
    else openDialog(shown.index, shown.title);
  }
  for (const alert of outcome.alerts) toast([alert.title, alert.prompt].filter(Boolean).join(': '));
  if (outcome.error) toast(outcome.error);
}

export function openSidebar(title: string): void {
  $('sidebar-title').textContent = title || 'Add-on';
  $('sidebar-panel').hidden = false;
  // A new load each time, as Sheets shows a fresh sidebar.
  $<HTMLIFrameElement>('sidebar-frame').src = `/sidebar?t=${Date.now()}`;
}

/** Loads an open sidebar again (after the page changed what it shows, such as the saved key). */
export function reloadSidebar(): void {
  if (!$('sidebar-panel').hidden) $<HTMLIFrameElement>('sidebar-frame').src = `/sidebar?t=${Date.now()}`;
}

function closeSidebar(): void {
  $('sidebar-panel').hidden = true;
  $<HTMLIFrameElement>('sidebar-frame').src = 'about:blank';
}

/**
 * Another file is shown: the sidebar and dialog open here are this file's, so they close. Answers
 * the sidebar's title when one was open, for the page to open it again when the file is back.
 */
export function closePanels(): string | null {
  const sidebar = $('sidebar-panel').hidden ? null : ($('sidebar-title').textContent ?? '');
  closeSidebar();
  closeDialog();
  return sidebar;
}

function openDialog(index: number, title: string): void {
  $('dialog-title').textContent = title;
  $('dialog').hidden = false;
  $<HTMLIFrameElement>('dialog-frame').src = `/shown/${index}`;
}

function closeDialog(): void {
  $('dialog').hidden = true;
  $<HTMLIFrameElement>('dialog-frame').src = 'about:blank';
}

export function wireMenus(hooks: MenuHooks): void {
  $('extensions-button').addEventListener('click', (event) => {
    event.stopPropagation();
    const menu = $('extensions-menu');
    menu.hidden = !menu.hidden;
    $('addon-menu').hidden = true;
    $('extensions-button').setAttribute('aria-expanded', String(!menu.hidden));
  });
  const openAddonMenu = () => {
    $('addon-menu').hidden = false;
  };
  $('addon-button').addEventListener('click', (event) => {
    event.stopPropagation();
    openAddonMenu();
  });
  $('addon-button').addEventListener('mouseenter', openAddonMenu);
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.menu')) closeMenus();
  });
  $('sidebar-close').addEventListener('click', closeSidebar);
  $('dialog-close').addEventListener('click', closeDialog);
  window.addEventListener('message', (event) => {
    const data = event.data as { source?: string; type?: string } | null;
    if (event.origin !== window.location.origin || data?.source !== MESSAGE_SOURCE) return;
    if (data.type === 'rpc-done') hooks.refresh();
    if (data.type === 'close') {
      if (event.source === $<HTMLIFrameElement>('dialog-frame').contentWindow) closeDialog();
      else closeSidebar();
    }
  });
}
