// Type-only: fails the build when a call the sidebar may make (src/shared/rpc.ts) is not exported
// by the bundle's entry with a compatible signature. Nothing here is bundled.
import type { ServerApi } from '../shared/rpc';
import type * as Entry from './index';

type EveryCallIsExported = typeof Entry extends ServerApi ? true : never;
export const everyCallIsExported: EveryCallIsExported = true;
