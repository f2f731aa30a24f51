// The bundle's exports, and only that: build.mjs writes a top-level wrapper for each, which is
// what Apps Script calls (custom functions, menu items, triggers, google.script.run). A module
// whose every export is an entry point is exported whole; test/bundle/gas-local.test.ts lists the
// top-level functions, so that no helper becomes one unnoticed.
export * from './bulk';

export { ensureJobTrigger, removeJobTriggerIfIdle } from './collector/clock-trigger';
export * from './collector/drivers';
export { customFunction } from './custom-functions';
export { freezeResults } from './freeze';
export { showHelp } from './help';
export { cancelQueuedFormula, listJobs, retryExpiredJob } from './jobs-api';
export { acceptLostResults, clearCache, getCacheStats, getLedger } from './ledger-api';
export { showPrivacy, showSupport } from './links';
export { onInstall, onOpen, showSidebar } from './menu';
export { buyAgain, getCellReceipt } from './receipt-api';
export {
  deleteRecipe,
  goOnRecipe,
  listRecipes,
  previewRecipe,
  saveRecipe,
  startRecipeRun,
} from './recipes';
export { openSpendReport } from './report-api';
export { getPace, getSettings, saveSettings } from './settings-api';
export { clearApiKey, getPanelsMark, getSidebarState, setApiKey, testApiKey } from './sidebar-api';
export { createWatch, deleteWatch, listWatches, previewWatch, updateWatch } from './watches/api';
export { watchOnChange, watchOnFormSubmit } from './watches/handlers';
