// LockService, reached only here. Locked sections go through the LockPort (adapters/apps-script.ts
// lockPort) and core's tryWithLock (core/platform/locked-section.ts): one way to take a lock.

type Lock = GoogleAppsScript.Lock.Lock;

/**
 * The document lock (the script's where there is no document). Take it once per execution and
 * pass the object on: a lock this execution already holds is then neither waited for nor released
 * early by a nested section.
 */
export const documentLock = (): Lock => LockService.getDocumentLock() ?? LockService.getScriptLock();

/** This user's lock: changes to the user's own triggers are made under it. */
export const userLock = (): Lock => LockService.getUserLock();
