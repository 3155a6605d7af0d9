// Three suites, told apart by file name so a test's kind is visible where it lives: *.test.ts unit,
// *.int.test.ts integration, *.e2e.test.ts end-to-end (what each may do: CONTRIBUTING.md, "Test tiers").
// TypeScript is transformed by @swc/jest (no type information; `npm run typecheck` checks types).
const swc = [
  "@swc/jest",
  {
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  },
];

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
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["\\.int\\.test\\.ts$", "\\.e2e\\.test\\.ts$", "/node_modules/"],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["**/*.int.test.ts"],
      // A loaded 2-core CI machine makes emulator round trips slow; this is a hang guard, not a budget.
      setupFilesAfterEnv: ["<rootDir>/tests/setup/integration-timeout.ts"],
    },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["**/*.e2e.test.ts"],
      // Each e2e test drives whole `pulumi up/refresh/destroy` runs (testTimeout is not a per-project
      // option in jest, so the setup file sets it).
      setupFilesAfterEnv: ["<rootDir>/tests/setup/e2e-timeout.ts"],
    },
  ],
};
