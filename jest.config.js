// Four suites, told apart by file name so a test's kind is visible where it lives: *.test.ts unit,
// *.int.test.ts integration, *.smoke.e2e.test.ts the end-to-end smoke set `npm test` runs and
// *.e2e.test.ts the rest of end-to-end (what each may do and which command runs it: CONTRIBUTING.md,
// "Test tiers"; the suffixes are in tests/setup/tiers.js).
// TypeScript is transformed by @swc/jest (no type information; `npm run typecheck` checks types).
const swc = [
  "@swc/jest",
  {
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  },
];

const { PROJECTS } = require("./tests/setup/tiers");

const common = {
  transform: { "^.+\\.ts$": swc },
  testEnvironment: "node",
  moduleFileExtensions: ["ts", "js", "json"],
  roots: ["<rootDir>/tests"],
};

module.exports = {
  // Two test files at a time. Every file starts its own emulator on a free port and every e2e stack
  // has its own backend and PULUMI_HOME (scripts/lib/pulumi-stack.ts), so files share no state; an
  // e2e file spends much of its time waiting on the engine and on asynchronous states, which a second
  // worker overlaps. (jest's default on a 2-core machine is one worker.)
  maxWorkers: 2,
  // Longest files first, by the committed table (tests/setup/durationsSequencer.js); every run records
  // each file's time in .test-state/durations.json (tests/setup/durationsReporter.js).
  testSequencer: "<rootDir>/tests/setup/durationsSequencer.js",
  reporters: ["default", "<rootDir>/tests/setup/durationsReporter.js"],
  projects: [
    {
      ...common,
      displayName: "unit",
      testRegex: PROJECTS.unit,
    },
    {
      ...common,
      displayName: "integration",
      testRegex: PROJECTS.integration,
      // A loaded 2-core CI machine makes emulator round trips slow; this is a hang guard, not a budget.
      setupFilesAfterEnv: ["<rootDir>/tests/setup/integration-timeout.ts"],
    },
    // Each e2e test drives whole `pulumi up/refresh/destroy` runs (testTimeout is not a per-project
    // option in jest, so the setup file sets it).
    {
      ...common,
      displayName: "smoke",
      testRegex: PROJECTS.smoke,
      setupFilesAfterEnv: ["<rootDir>/tests/setup/e2e-timeout.ts"],
    },
    {
      ...common,
      displayName: "e2e",
      testRegex: PROJECTS.e2e,
      setupFilesAfterEnv: ["<rootDir>/tests/setup/e2e-timeout.ts"],
    },
  ],
};
