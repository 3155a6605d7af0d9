// A jest reporter that records each test file's duration of every run in .test-state/durations.json
// (durations.js says what reads it).
const { writeRecord } = require("./durations");

class DurationsReporter {
  onRunStart(results) {
    this.startedAt = results.startTime;
  }

  onRunComplete(_contexts, results) {
    writeRecord(results.testResults, this.startedAt ?? results.startTime);
  }
}

module.exports = DurationsReporter;
