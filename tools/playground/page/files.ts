// The File menu: the demo user's spreadsheets (the server's files.ts), "New spreadsheet", and
// switching between them. Each file has its own sheets, selection, undo history and sidebar; the
// account, the saved key and the clock are the user's, shared by all.
import type { WorkbookState } from '../state';
import { $, element, status } from './dom';
import { closePanels, openSidebar } from './menus';
import { change } from './net';

export interface FileHooks {
  render(state: WorkbookState): void;
}

/** The sidebar each file had open when the page left it, by file name: it opens again on return. */
const sidebars = new Map<string, string>();
let renderedFiles = '';

function closeFileMenu(): void {
  $('file-menu').hidden = true;
  $('file-button').setAttribute('aria-expanded', 'false');
}

async function openFile(path: string, body: object, hooks: FileHooks): Promise<void> {
  closeFileMenu();
  status('Opening the spreadsheet…');
  const answer = await change(path, body);
  status('');
  if (answer) hooks.render(answer.state);
}

/** The shown file's name in the title bar, and one File menu item per file, the shown one checked. */
export function renderFiles(files: WorkbookState['files'], hooks: FileHooks): void {
  $('doc-name').textContent = files.active;
  document.title = `${files.active}: Enrich for Sheets playground`;
  const key = JSON.stringify(files);
  if (key === renderedFiles) return;
  renderedFiles = key;
  const items = files.names.map((name) => {
    const item = element('button', '');
    item.type = 'button';
    item.setAttribute('role', 'menuitemradio');
    item.setAttribute('aria-checked', String(name === files.active));
    item.dataset.file = name;
    item.append(element('span', 'check', name === files.active ? '✓' : ''), name);
    item.addEventListener('click', () => {
      if (name === files.active) closeFileMenu();
      else void openFile('/api/file', { name }, hooks);
    });
    return item;
  });
  $('file-list').replaceChildren(...items);
}

/**
 * The page shows another file now (`from` was shown): the old file's sidebar and dialog close,
 * remembered for its return, and the sidebar the new one had open opens again.
 */
export function fileSwitched(from: string, to: string): void {
  const sidebar = closePanels();
  if (sidebar === null) sidebars.delete(from);
  else sidebars.set(from, sidebar);
  const again = sidebars.get(to);
  if (again !== undefined) openSidebar(again);
}

export function wireFileMenu(hooks: FileHooks): void {
  // Not stopped here: the click reaching the document closes the Extensions menu, as Sheets does.
  $('file-button').addEventListener('click', () => {
    const menu = $('file-menu');
    menu.hidden = !menu.hidden;
    $('file-button').setAttribute('aria-expanded', String(!menu.hidden));
  });
  $('new-spreadsheet').addEventListener('click', () => void openFile('/api/new-file', {}, hooks));
  // The Extensions button stops its click, so it closes this menu itself.
  $('extensions-button').addEventListener('click', closeFileMenu);
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('#file-menu, #file-button')) closeFileMenu();
  });
}
