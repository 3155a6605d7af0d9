/**
 * A rule of the platform's policy pack and how it becomes a @pulumi/policy policy: the resource it
 * sees (type resolved through platformTypes.ts, so every rule works on both forms), the config it
 * gets (the team's values over the rule's defaults, unknown keys refused), the violation message
 * (resource, property, rule, fix) and the wrapper that turns a rule's own failure into an error
 * naming the rule.
 */
import {
  type EnforcementLevel,
  type PolicyResource,
  type ReportViolation,
  type ResourceValidationArgs,
  type ResourceValidationPolicy,
  type StackValidationArgs,
  type StackValidationPolicy,
  UnknownValueError,
} from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";
import { platformTypeOf, type ResourceType } from "./platformTypes";

/** A resource of this package as a rule sees it: inputs at validateResource, outputs at validateStack. */
export interface PlatformResource {
  type: ResourceType;
  name: string;
  urn: string;
  /** Secrets arrive unwrapped; unknown values (preview) throw UnknownValueError when read. */
  props: Record<string, unknown>;
}

/** What a rule found: the resource, the property, what is wrong and how to fix it. */
export interface Violation {
  resource: PlatformResource;
  property: string;
  problem: string;
  fix: string;
}

/** One setting of a rule's configuration: its JSON schema, with the default the rule uses. */
export type RuleSetting = PolicyConfigJSONSchema & { default: boolean | number | string };

type ConfigOf<Settings> = {
  [K in keyof Settings]: Settings[K] extends { type: "boolean" }
    ? boolean
    : Settings[K] extends { type: "integer" | "number" }
      ? number
      : string;
};

/** A rule: its id (the policy name teams configure), why it exists, its default level, its settings. */
export interface PlatformRule<Settings extends Record<string, RuleSetting> = Record<string, RuleSetting>> {
  id: string;
  description: string;
  enforcementLevel: EnforcementLevel;
  settings: Settings;
  /** Called for each resource of this package, with its inputs. */
  validateResource?: (
    resource: PlatformResource,
    config: ConfigOf<Settings>,
    report: (violation: Violation) => void,
  ) => void;
  /** Called once with every resource of this package in the stack, with their outputs. */
  validateStack?: (
    resources: PlatformResource[],
    config: ConfigOf<Settings>,
    report: (violation: Violation) => void,
  ) => void;
}

/** Declares a rule (typed settings). */
export function defineRule<Settings extends Record<string, RuleSetting>>(
  rule: PlatformRule<Settings>,
): PlatformRule {
  return rule as unknown as PlatformRule;
}

/** The message of a violation: the resource, the property, the rule and the fix. */
export function violationMessage(ruleId: string, violation: Violation): string {
  const { resource, property, problem, fix } = violation;
  return `${resource.type} "${resource.name}": ${property} ${problem} (rule ${ruleId}). Fix: ${fix}`;
}

/** The rule's configuration: the team's values over the defaults; an unknown key throws, naming it. */
export function ruleConfig(rule: PlatformRule, given: Record<string, unknown>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(rule.settings)) config[key] = setting.default;
  for (const [key, value] of Object.entries(given)) {
    if (!Object.hasOwn(rule.settings, key)) {
      const known = Object.keys(rule.settings);
      throw new Error(
        `policy config of ${rule.id}: unknown key "${key}" (known: ${known.length > 0 ? known.join(", ") : "none besides enforcementLevel"})`,
      );
    }
    config[key] = value;
  }
  return config;
}

function asPlatformResource(resource: {
  type: string;
  name: string;
  urn: string;
  props: Record<string, unknown>;
}): PlatformResource | undefined {
  const type = platformTypeOf(resource.type);
  return type === undefined
    ? undefined
    : { type, name: resource.name, urn: resource.urn, props: resource.props };
}

/**
 * Runs a rule's body: an unknown value during preview goes on to @pulumi/policy (which reports "can't
 * run during preview"); any other failure becomes an error naming the rule, which fails the preview.
 */
function guarded(rule: PlatformRule, body: () => void): void {
  try {
    body();
  } catch (error) {
    if (error instanceof UnknownValueError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`policy rule ${rule.id} failed: ${message}`, { cause: error });
  }
}

/** The @pulumi/policy policy of a rule. */
export function toPolicy(rule: PlatformRule): ResourceValidationPolicy | StackValidationPolicy {
  const configSchema = { properties: rule.settings };
  const common = {
    name: rule.id,
    description: rule.description,
    enforcementLevel: rule.enforcementLevel,
    configSchema,
  };
  const { validateResource, validateStack } = rule;
  if (validateStack !== undefined)
    return {
      ...common,
      validateStack: (args: StackValidationArgs, report: ReportViolation) =>
        guarded(rule, () => {
          const config = ruleConfig(rule, args.getConfig<Record<string, unknown>>());
          const resources = args.resources
            .map((resource: PolicyResource) => asPlatformResource(resource))
            .filter((resource): resource is PlatformResource => resource !== undefined);
          validateStack(resources, config as never, (violation) =>
            report(violationMessage(rule.id, violation), violation.resource.urn),
          );
        }),
    };
  if (validateResource === undefined) throw new Error(`policy rule ${rule.id} validates nothing`);
  return {
    ...common,
    validateResource: (args: ResourceValidationArgs, report: ReportViolation) =>
      guarded(rule, () => {
        const resource = asPlatformResource(args);
        if (resource === undefined) return;
        const config = ruleConfig(rule, args.getConfig<Record<string, unknown>>());
        validateResource(resource, config as never, (violation) =>
          report(violationMessage(rule.id, violation)),
        );
      }),
  };
}
