// The test tiers (CONTRIBUTING.md, "Test tiers"), read by jest.config.js, scripts/test.sh and
// tests/architecture/tiers.test.ts. A jest project is the test files of one name suffix; a tier is
// the projects one command runs.

/** Each jest project and the file names that are its tests (jest `testRegex`, on the whole path). */
const PROJECTS = {
  unit: "(?<!\\.int|\\.e2e)\\.test\\.ts$",
  integration: "\\.int\\.test\\.ts$",
  // The real-engine smoke set `npm test` runs: a cycle of each resource form, drift, one native program.
  smoke: "\\.smoke\\.e2e\\.test\\.ts$",
  e2e: "(?<!\\.smoke)\\.e2e\\.test\\.ts$",
};

/**
 * What each command runs: `npm test` (scripts/test.sh quick) the quick tier, before every commit;
 * `npm run test:all` (scripts/test.sh all) every project, in CI. `native`: whether the tier needs
 * `scripts/toolchain.sh --native` (the Python, Go and YAML hosts and SDKs).
 */
const TIERS = {
  quick: { projects: ["unit", "integration", "smoke"], native: false },
  all: { projects: ["unit", "integration", "smoke", "e2e"], native: true },
};

module.exports = { PROJECTS, TIERS };

// `node tests/setup/tiers.js <tier>` prints the tier's projects and whether it needs --native, one
// line each (scripts/test.sh reads them).
if (require.main === module) {
  const tier = TIERS[process.argv[2]];
  if (tier === undefined) {
    process.stderr.write(
      `unknown test tier '${process.argv[2]}' (one of: ${Object.keys(TIERS).join(", ")})\n`,
    );
    process.exit(2);
  }
  process.stdout.write(`${tier.projects.join(" ")}\n${tier.native}\n`);
}
