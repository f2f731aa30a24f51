// Jest's node environment over an ordinary global object. Jest makes each test file's global a
// contextified sandbox (a Proxy, for its leak clean-up), over which node answers every global name
// the code reads (Object, Math, Map, JSON…) through an interceptor: ~0.25 µs a lookup, ~10 times an
// ordinary global's, and the emulator and the add-on under test make millions of them per file.
// vm.constants.DONT_CONTEXTIFY gives a fresh ordinary global instead; jest's own set-up of it
// (node's globals, timers, mocks) is unchanged. What is lost: the clean-up of properties a test
// file leaves on its global, which goes when its context does.
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

class OrdinaryGlobalEnvironment extends TestEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext;
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}

module.exports = OrdinaryGlobalEnvironment;
