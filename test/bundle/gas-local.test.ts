// A second opinion on dist/ from gas-local, a loader that is not ours (the emulator's is
// tools/emulator/bundle.ts): gas-local runs every .js file of a folder in one node:vm context
// whose globals are the mocks it is given. Loaded with mocks that record and refuse every Apps
// Script service, the built add-on must touch none of them, define as top-level functions every
// function Apps Script will call (Sheets, menus, triggers, google.script.run reach only those),
// and build its menu in onOpen from SpreadsheetApp.getUi() alone.

import { assertDistIsFresh } from '../dist-freshness';
import { DIST } from './harness';

interface GasLocal {
  require(folder: string, globals: object): Record<string, unknown>;
}

// gas-local ships no types; it is a CommonJS module.
const gasLocal = require('gas-local') as GasLocal;

/** Every Apps Script global a script could reach at load time. */
const SERVICES = [
  'SpreadsheetApp',
  'UrlFetchApp',
  'CacheService',
  'PropertiesService',
  'LockService',
  'Utilities',
  'ScriptApp',
  'HtmlService',
  'Session',
  'Logger',
  'console',
  'DriveApp',
  'MailApp',
  'GmailApp',
  'DocumentApp',
  'FormApp',
  'CalendarApp',
  'ContentService',
  'Browser',
];

/** The operations table's 19 functions and the generic one, as the docs list them. */
const CUSTOM_FUNCTIONS = [
  'PRONET_URL_FROM_NAME',
  'PRONET_URL_FROM_EMAIL',
  'PRONET_EMAIL',
  'PRONET_PHONE',
  'PRONET_PROFILE',
  'EMAIL_FROM_NAME',
  'COMPANY_WEBSITE',
  'COMPANY_EMAIL',
  'COMPANY_PHONE',
  'COMPANY_PRONET_URL',
  'COMPANY_EMPLOYEE_COUNT',
  'COMPANY_EMPLOYEES',
  'DOMAIN_EMPLOYEES',
  'PRONET_COMPANY',
  'PRONET_COMPANY_EMPLOYEE_COUNT',
  'PRONET_COMPANY_EMPLOYEES',
  'PRONET_POST_REACTIONS',
  'B2B_LOOKUP',
  'PHOTONET_PROFILE',
  'ENRICH',
];

/** What Apps Script calls by name, by who calls it. Renaming one breaks installed triggers or the sidebar. */
const ENTRY_POINTS = {
  simpleTriggers: ['onOpen', 'onInstall'],
  installableTriggers: ['collectOnEdit', 'collectOnOpen', 'runJobPump', 'watchOnChange', 'watchOnFormSubmit'],
  menuItems: ['showSidebar', 'freezeResults', 'collectJobsNow', 'showHelp', 'showPrivacy', 'showSupport'],
  sidebar: [
    'getSidebarState',
    'getPanelsMark',
    'setApiKey',
    'clearApiKey',
    'testApiKey',
    'getSettings',
    'saveSettings',
    'getLedger',
    'getPace',
    'openSpendReport',
    'getCellReceipt',
    'buyAgain',
    'getCacheStats',
    'clearCache',
    'acceptLostResults',
    'listJobs',
    'cancelQueuedFormula',
    'retryExpiredJob',
    'collectJobsFromSidebar',
    'getSheetColumns',
    'previewBulkRun',
    'startBulkRun',
    'continueBulkRun',
    'pauseBulkRun',
    'resumeBulkRun',
    'cancelBulkRun',
    'getBulkRun',
    'retryFailedRows',
    'listRecipes',
    'previewRecipe',
    'startRecipeRun',
    'goOnRecipe',
    'saveRecipe',
    'deleteRecipe',
    'listWatches',
    'previewWatch',
    'createWatch',
    'updateWatch',
    'deleteWatch',
  ],
};

/** Exported for the bundle tests, callable by google.script.run too; no menu or trigger names them. */
const ALSO_TOP_LEVEL = ['ensureJobTrigger', 'removeJobTriggerIfIdle'];

/** Globals whose every read is recorded in `touched`; a service not in `provided` also throws. */
function tripwires(touched: string[], provided: Record<string, unknown> = {}): object {
  const globals = {};
  for (const name of SERVICES) {
    Object.defineProperty(globals, name, {
      enumerable: true,
      get() {
        touched.push(name);
        if (name in provided) return provided[name];
        throw new Error(`${name} was reached while the script loaded`);
      },
    });
  }
  return globals;
}

/** The script's top-level functions; the service getters are left alone. */
function topLevelFunctions(context: Record<string, unknown>): string[] {
  return Object.keys(context)
    .filter((name) => !SERVICES.includes(name))
    .filter((name) => typeof context[name] === 'function');
}

interface MenuRecord {
  caption: string | null;
  entries: (readonly [string, string] | '---')[];
  shown: boolean;
}

/** SpreadsheetApp with only what a menu needs: getUi(), its menus, and a record of them. */
function menuRecorder(menus: MenuRecord[]) {
  const menu = (caption: string | null) => {
    const record: MenuRecord = { caption, entries: [], shown: false };
    menus.push(record);
    const built = {
      addItem: (itemCaption: string, functionName: string) => {
        record.entries.push([itemCaption, functionName]);
        return built;
      },
      addSeparator: () => {
        record.entries.push('---');
        return built;
      },
      addToUi: () => {
        record.shown = true;
      },
    };
    return built;
  };
  return {
    getUi: () => ({ createAddonMenu: () => menu(null), createMenu: (caption: string) => menu(caption) }),
  };
}

describe('dist/ loaded by gas-local', () => {
  beforeAll(() => assertDistIsFresh(DIST));

  it('touches no Apps Script service while it loads', () => {
    const touched: string[] = [];
    expect(() => gasLocal.require(DIST, tripwires(touched))).not.toThrow();
    expect(touched).toEqual([]);
  });

  it('has every custom function and every entry point as a top-level function, and nothing else', () => {
    const context = gasLocal.require(DIST, tripwires([]));
    const functions = topLevelFunctions(context);
    const entryPoints = Object.values(ENTRY_POINTS).flat();
    expect(CUSTOM_FUNCTIONS.filter((name) => !functions.includes(name))).toEqual([]);
    expect(entryPoints.filter((name) => !functions.includes(name))).toEqual([]);
    expect(functions.filter((name) => name.endsWith('_'))).toEqual([]);
    expect([...functions].sort()).toEqual([...CUSTOM_FUNCTIONS, ...entryPoints, ...ALSO_TOP_LEVEL].sort());
  });

  it('builds the add-on menu in onOpen, from SpreadsheetApp.getUi() alone, with items that call top-level functions', () => {
    const touched: string[] = [];
    const menus: MenuRecord[] = [];
    const context = gasLocal.require(DIST, tripwires(touched, { SpreadsheetApp: menuRecorder(menus) }));
    (context.onOpen as (event: object) => void)({ authMode: 'NONE' });
    expect(touched).toEqual(['SpreadsheetApp']);
    expect(menus).toEqual([
      {
        caption: null,
        entries: [
          ['Open sidebar', 'showSidebar'],
          ['Freeze results as values', 'freezeResults'],
          ['Finish pending lookups', 'collectJobsNow'],
          '---',
          ['Help: functions and prices', 'showHelp'],
          ['Privacy', 'showPrivacy'],
          ['Support', 'showSupport'],
        ],
        shown: true,
      },
    ]);
    const called = menus[0]!.entries.flatMap((entry) => (entry === '---' ? [] : [entry[1]]));
    expect(called).toEqual(ENTRY_POINTS.menuItems);
    expect(called.filter((name) => typeof context[name] !== 'function')).toEqual([]);
  });
});
