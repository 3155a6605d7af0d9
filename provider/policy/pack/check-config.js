#!/usr/bin/env node
// Checks a policy config file against the pack's rules before a preview (docs/policy.md): the CLI
// drops a rule id the pack does not have without a word. Usage: check-config.js <policy-config.json>
const { readFileSync } = require("node:fs");
const { PLATFORM_RULES, policyConfigProblems } = require("../../../dist/provider/policy");

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write("usage: check-config.js <policy-config.json>\n");
  process.exit(2);
}
const problems = policyConfigProblems(PLATFORM_RULES, JSON.parse(readFileSync(file, "utf8")));
for (const problem of problems) process.stderr.write(`${file}: ${problem}\n`);
process.exit(problems.length === 0 ? 0 : 1);
