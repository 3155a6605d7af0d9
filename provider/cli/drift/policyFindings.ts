/**
 * Policy violations beside drift (docs/cli.md, "Policy violations"): with `--policy-pack`, the program's
 * preview runs the packs (the Automation API's `policyPacks`, as `pulumi preview --policy-pack`),
 * and the engine's policy events become the report's `policy` section, one row per violation
 * (resource, rule, level, message). A mandatory violation fails the preview: the report still lists
 * the violations and says the preview stopped because of them.
 */
import type { PolicyEvent } from "@pulumi/pulumi/automation";
import { nameOfUrn, shortType, typeTokenOfUrn } from "../../protocol/urns";
import { plain } from "../engine";
import { plural } from "../report/tables";
import { byCodePoint } from "../report/values";

/** What a violation does to the preview: `mandatory` fails it, `advisory` is reported and it goes on. */
export type PolicyLevel = "advisory" | "mandatory";

/** One violation the engine reported. */
export interface PolicyViolation {
  /** The resource's URN; absent for a violation of the stack as a whole. */
  urn?: string;
  /** `Type name` of the resource (the short type for this package's), or `(stack)`. */
  resource: string;
  /** The rule's id (the policy's name). */
  rule: string;
  /** The pack the rule belongs to (its name in the pack). */
  pack: string;
  level: PolicyLevel;
  message: string;
}

/** The `policy` section of a stack's report: present only when `--policy-pack` was given. */
export interface PolicyFindings {
  /** The packs the preview ran, as given on the command line. */
  packs: string[];
  advisory: number;
  mandatory: number;
  /**
   * True when the mandatory violations failed the preview: the engine stopped there, so the report's
   * `pendingChanges` are only what it had planned before (none, when the pack judged the stack first).
   */
  previewFailed: boolean;
  /** Sorted by resource, then rule. */
  violations: PolicyViolation[];
}

/** The level of an engine policy event: `mandatory` stays; the engine's `warning`/`advisory` is advisory. */
function levelOf(event: PolicyEvent): PolicyLevel {
  return event.enforcementLevel === "mandatory" ? "mandatory" : "advisory";
}

/** A policy message on one line, without colour codes or the engine's markup. */
function plainMessage(text: string): string {
  return plain(text)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
}

/** One row of the report from one engine policy event. */
export function violationOf(event: PolicyEvent): PolicyViolation {
  const urn = event.resourceUrn === undefined || event.resourceUrn === "" ? undefined : event.resourceUrn;
  const violation: PolicyViolation = {
    resource: urn === undefined ? "(stack)" : `${shortType(typeTokenOfUrn(urn))} ${nameOfUrn(urn)}`,
    rule: event.policyName,
    pack: event.policyPackName,
    level: levelOf(event),
    message: plainMessage(event.message),
  };
  return urn === undefined ? violation : { urn, ...violation };
}

function byResourceAndRule(a: PolicyViolation, b: PolicyViolation): number {
  return (
    byCodePoint(a.resource, b.resource) || byCodePoint(a.rule, b.rule) || byCodePoint(a.message, b.message)
  );
}

/**
 * The report's `policy` section from the preview's policy events; `failed`: the preview failed.
 * A failed preview with a mandatory violation failed because of it (the engine stops on those).
 */
export function policyFindings(
  packs: readonly string[],
  events: readonly PolicyEvent[],
  failed: boolean,
): PolicyFindings {
  const violations = events.map(violationOf).sort(byResourceAndRule);
  const mandatory = violations.filter((violation) => violation.level === "mandatory").length;
  return {
    packs: [...packs],
    advisory: violations.length - mandatory,
    mandatory,
    previewFailed: failed && mandatory > 0,
    violations,
  };
}

/** `2 policy violations in stack dev (1 mandatory: the preview failed on it)`. */
export function policySummary(stack: string, findings: PolicyFindings): string {
  const count = findings.violations.length;
  if (count === 0) return `No policy violations in stack ${stack}`;
  const failed = findings.previewFailed
    ? `: the preview failed on ${findings.mandatory === 1 ? "it" : "them"}, so pending changes are incomplete`
    : "";
  return `${plural(count, "policy violation")} in stack ${stack} (${findings.mandatory} mandatory${failed})`;
}
