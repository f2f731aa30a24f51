// CacheService, reached only here.

/** The document's CacheService cache (the script's where there is no document). */
export const fastCache = () => CacheService.getDocumentCache() ?? CacheService.getScriptCache();
