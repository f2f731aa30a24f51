import type { WatchList } from '../src/shared/watch-rpc';
import { createWorld, spent, typeValues } from './bundle/harness';

const config = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};
it('dbg', () => {
  const world = createWorld({ emulator: { addOn: true }, credits: 5000 });
  typeValues(world, 'A1', [['Company']]);
  world.emu.runExecution(world.bundle, 'createWatch', [{ kind: 'lookup', config, dailyCap: 5000 }], {
    context: 'sidebar',
  });
  const t0 = world.clock.now();
  world.emu.user.paste(
    world.bundle,
    'Sheet1',
    'A2',
    Array.from({ length: 500 }, (_, i) => [`Company ${i + 1}`]),
  );
  world.emu.runTriggersUntil(world.bundle, t0 + 2 * 3600_000);
  const rows = world.emu.values('Sheet1', 'B2:C501');
  console.log(spent(world), rows.filter(([w]) => w !== '').length, JSON.stringify(rows.slice(320, 330)));
  console.log(
    world.emu.triggerRuns
      .map((r) => `${r.handler}@${Math.round((r.at - t0) / 1000)}+${Math.round(r.ms / 1000)}:${r.error}`)
      .join('\n'),
  );
  const list = world.emu.runExecution(world.bundle, 'listWatches', [], { context: 'sidebar' }) as WatchList;
  console.log(JSON.stringify(list.watches[0]), JSON.stringify(list.runtime));
});
