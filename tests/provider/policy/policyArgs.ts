/**
 * Drives a rule through @pulumi/policy's public shapes: the ResourceValidationArgs and
 * StackValidationArgs objects the policy server would build, and a reportViolation that records.
 */
import type {
  PolicyResource,
  PolicyResourceOptions,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { type PlatformRule, toPolicy } from "../../../provider/policy";

/** The two forms of a type token: the dynamic provider's and the native plugin's. */
export const FORMS = [
  ["dynamic", (type: string) => `pulumi-nodejs:dynamic/platform:${type}`],
  ["native", (type: string) => `platform:index:${type}`],
] as const;

const OPTIONS: PolicyResourceOptions = {
  protect: false,
  ignoreChanges: [],
  aliases: [],
  customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
  additionalSecretOutputs: [],
};

function urnOf(token: string, name: string): string {
  return `urn:pulumi:test::policy::${token}::${name}`;
}

function notApplicable(reason?: string): never {
  throw new Error(`not applicable: ${reason}`);
}

/** The violations a resource rule reports for one resource (its inputs), in order. */
export async function violationsOf(
  rule: PlatformRule,
  token: string,
  name: string,
  props: Record<string, unknown>,
  config: Record<string, unknown> = {},
): Promise<string[]> {
  const policy = toPolicy(rule) as ResourceValidationPolicy;
  const validate = policy.validateResource;
  if (typeof validate !== "function") throw new Error(`${rule.id} is not a resource rule`);
  const args: ResourceValidationArgs = {
    type: token,
    props,
    urn: urnOf(token, name),
    name,
    opts: OPTIONS,
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => config as T,
    notApplicable,
  };
  const reported: string[] = [];
  await validate(args, (message) => reported.push(message));
  return reported;
}

/** A resource of a stack: its type token, name and outputs. */
export interface StackResource {
  token: string;
  name: string;
  props: Record<string, unknown>;
}

/** The violations a stack rule reports, each as `<name>: <message>` (the name from the reported URN). */
export async function stackViolationsOf(
  rule: PlatformRule,
  resources: StackResource[],
  config: Record<string, unknown> = {},
): Promise<string[]> {
  const policy = toPolicy(rule) as StackValidationPolicy;
  const policyResources: PolicyResource[] = resources.map(({ token, name, props }) => ({
    type: token,
    props,
    urn: urnOf(token, name),
    name,
    opts: OPTIONS,
    dependencies: [],
    propertyDependencies: {},
    isType: () => false,
    asType: () => undefined,
  }));
  const args: StackValidationArgs = {
    resources: policyResources,
    stackTags: new Map(),
    getConfig: <T extends object>() => config as T,
    notApplicable,
  };
  const reported: string[] = [];
  await policy.validateStack(args, (message, urn) => reported.push(`${urn?.split("::").pop()}: ${message}`));
  return reported;
}
