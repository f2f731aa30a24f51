// This user's triggers are created and deleted under the user lock: two executions that both find
// no trigger must not create two.
import { lockPort } from '../adapters/apps-script';
import { userLock } from '../platform/locks';

const TRIGGER_SETUP_LOCK_WAIT_MS = 10_000;

export const withTriggerLock = <T>(work: () => T): T =>
  lockPort(userLock()).withLock(TRIGGER_SETUP_LOCK_WAIT_MS, work);
