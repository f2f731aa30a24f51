// Jest's order (failed files first, then the longest first), with one change: a file jest has no
// time for, as on a clean clone, takes the time it took in the last measured run
// (test/durations.json, written by `node scripts/test-durations.mjs <jest --json output>`), not
// its size. On 2 cores the longest files then start first and no long one starts last, which
// left a core idle for the tail of the run.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./durations.json');

class LongestFirst extends Sequencer {
  time(test) {
    const seconds = durations[relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }
}

module.exports = LongestFirst;
