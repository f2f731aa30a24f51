// CacheService, reached only here.

/** The document's CacheService cache (the script's where there is no document). */
export function fastCache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getScriptCache();
}
