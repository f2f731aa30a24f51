// The order jest's workers take the test files in. Jest's own (failed files first, then the
// longest) ran the browser files together, as they are among the longest: two or three of them
// waiting on Chromium and timers left a core idle, and then the rest kept every core busy. Here
// the browser files, which mostly wait, are spread over the run at about one for every two of the
// others, so that one of the three workers (jest.config.cjs) waits while two use the cores; each
// kind goes longest first, so no long file starts last. A file jest has no time for, as on a clean
// clone, takes the time it took in the last measured run (test/durations.json, written by
// `node scripts/test-durations.mjs <jest --json output>`).
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./durations.json');

/** Seconds of the others run for each second of a browser file. */
const OTHERS_PER_BROWSER = 2;

const isBrowser = (test) => /[\\/]test[\\/]browser[\\/]/.test(test.path);

class SpreadWaiting extends Sequencer {
  time(test) {
    const seconds = durations[relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }

  sort(tests) {
    const sorted = super.sort(tests);
    const failed = sorted.filter((test) => this.hasFailed(test));
    const rest = sorted.filter((test) => !this.hasFailed(test));
    const browser = rest.filter(isBrowser);
    const others = rest.filter((test) => !isBrowser(test));
    const order = [...failed];
    let browserMs = 0;
    let othersMs = 0;
    while (browser.length > 0 || others.length > 0) {
      const takeBrowser =
        others.length === 0 || (browser.length > 0 && browserMs * OTHERS_PER_BROWSER <= othersMs);
      const test = (takeBrowser ? browser : others).shift();
      if (takeBrowser) browserMs += test.duration ?? 0;
      else othersMs += test.duration ?? 0;
      order.push(test);
    }
    return order;
  }
}

module.exports = SpreadWaiting;
