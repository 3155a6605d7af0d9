/**
 * A whole policy config file (`--policy-pack-config`) checked against the pack's rules. The CLI
 * checks each rule's settings against its configSchema (a wrong type fails the preview, naming the
 * key), and a rule refuses a key it does not know (rule.ts), but the CLI v3.259.0 drops a rule id
 * the pack does not have without a word (tests/e2e/policy.e2e.test.ts shows it), and the pack never
 * sees it. This is the check for that: run it before the preview (pack/check-config.js).
 */
import type { PlatformRule, RuleSetting } from "./rule";

const LEVELS = ["advisory", "mandatory", "remediate", "disabled"] as const;

function typeProblem(setting: RuleSetting, value: unknown): string | undefined {
  switch (setting.type) {
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) return "must be an integer";
      break;
    case "number":
      if (typeof value !== "number") return "must be a number";
      break;
    default:
      return typeof value === "string" ? undefined : "must be a string";
  }
  return typeof setting.minimum === "number" && value < setting.minimum
    ? `must be at least ${setting.minimum}`
    : undefined;
}

/** What is wrong with a policy config file's content, one line per key (empty when nothing is). */
export function policyConfigProblems(rules: readonly PlatformRule[], config: unknown): string[] {
  if (typeof config !== "object" || config === null || Array.isArray(config))
    return ["the policy config must be a JSON object: rule id -> level or settings"];
  const problems: string[] = [];
  const ids = rules.map((rule) => rule.id);
  for (const [id, value] of Object.entries(config)) {
    const rule = rules.find((candidate) => candidate.id === id);
    if (rule === undefined && id !== "all") {
      problems.push(`${id}: no rule of this pack has this id (rules: all, ${ids.join(", ")})`);
      continue;
    }
    if (typeof value === "string") {
      if (!(LEVELS as readonly string[]).includes(value))
        problems.push(`${id}: "${value}" is not one of ${LEVELS.join(", ")}`);
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push(`${id}: must be an enforcement level or an object of settings`);
      continue;
    }
    for (const [key, setting] of Object.entries(value as Record<string, unknown>)) {
      if (key === "enforcementLevel") {
        if (!(LEVELS as readonly string[]).includes(String(setting)))
          problems.push(`${id}.enforcementLevel: "${String(setting)}" is not one of ${LEVELS.join(", ")}`);
        continue;
      }
      const declared = rule?.settings[key];
      if (declared === undefined) {
        const known = Object.keys(rule?.settings ?? {});
        problems.push(
          `${id}.${key}: not a setting of ${id} (settings: ${["enforcementLevel", ...known].join(", ")})`,
        );
        continue;
      }
      const problem = typeProblem(declared, setting);
      if (problem !== undefined) problems.push(`${id}.${key}: ${problem}`);
    }
  }
  return problems;
}
