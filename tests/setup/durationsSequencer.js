// Orders test files longest first by the committed table (tests/setup/durations.json), files the
// table does not know before all of them (a new file may be long; it is timed on its first run), ties
// by path. jest hands files to its workers in this order, so the long e2e files overlap each other and
// the many short ones fill the gaps at the end instead of one long file running alone.
const Sequencer = require("@jest/test-sequencer").default;
const { keyOf, readTable } = require("./durations");

class DurationsSequencer extends Sequencer {
  sort(tests) {
    const table = readTable();
    const seconds = (test) => table[keyOf(test.path)] ?? Number.POSITIVE_INFINITY;
    return [...tests].sort((a, b) => {
      const [left, right] = [seconds(a), seconds(b)];
      if (left !== right) return right > left ? 1 : -1;
      return a.path.localeCompare(b.path);
    });
  }
}

module.exports = DurationsSequencer;
