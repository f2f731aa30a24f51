// Around the grid: the demo account's balance and whether its key is the add-on's, the virtual
// clock, the example formulas to try, and one tab per visible sheet.
import type { WorkbookState } from '../state';
import { $, element, formatCredits, setText, status } from './dom';
import { change } from './net';

export function renderAccount(state: WorkbookState): void {
  const { account, demoKey } = state;
  setText(
    'account-title',
    `Demo account: ${formatCredits(account.balance)} credits left (fake API, offline)`,
  );
  setText('balance', formatCredits(account.balance));
  setText('spent', formatCredits(account.spent));
  // The key itself never reaches the page: only whether the add-on's saved key is the demo one.
  setText(
    'demo-key-status',
    demoKey.inUse
      ? 'The add-on uses the demo key.'
      : "The add-on's key is not the demo key: formulas and runs will not reach the demo account.",
  );
  $('demo-key-status').classList.toggle('warning', !demoKey.inUse);
  $('use-demo-key').hidden = demoKey.inUse;
}

/** The virtual time in the spreadsheet's time zone, the one the add-on's receipts and notes use. */
export function renderClock(clock: WorkbookState['clock']): void {
  const when = new Date(clock.now);
  const time = when.toLocaleTimeString('en-GB', { timeZone: clock.timeZone, hour12: false });
  setText('clock', time);
  setText('clock-zone', `(${clock.timeZone}, the spreadsheet's time zone)`);
}

let renderedExamples = '';
let renderedTabs = '';

/** "Top up": the demo account gets credits again on the fake API, as buying them would. */
export function wireTopUp(render: (state: WorkbookState) => void): void {
  $('top-up').addEventListener('click', async () => {
    status('Topping up the demo account…');
    const answer = await change('/api/top-up');
    status('');
    if (answer) render(answer.state);
  });
}

/** The example chips; a click types the formula into the selected cell and enters it. */
export function renderExamples(
  examples: WorkbookState['examples'],
  tryExample: (formula: string) => void,
): void {
  const key = JSON.stringify(examples);
  if (key === renderedExamples) return;
  renderedExamples = key;
  $('examples').replaceChildren(
    ...examples.map((example) => {
      const chip = element('button', 'chip', example.formula);
      chip.type = 'button';
      chip.title = `${example.note}. Click to enter it in the selected cell (made for ${example.cell}).`;
      chip.addEventListener('click', () => tryExample(example.formula));
      return chip;
    }),
  );
}

/** One tab per visible sheet, as the add-on creates them (an employee list gets its own). */
export function renderTabs(state: WorkbookState, showSheet: (name: string) => void): void {
  const key = JSON.stringify([state.sheets, state.activeSheet]);
  if (key === renderedTabs) return;
  renderedTabs = key;
  const tabs = state.sheets.map((name) => {
    const active = name === state.activeSheet;
    const tab = element('button', active ? 'tab active' : 'tab', name);
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(active));
    tab.dataset.sheet = name;
    tab.addEventListener('click', () => showSheet(name));
    return tab;
  });
  $('tabs').replaceChildren(...tabs);
}
