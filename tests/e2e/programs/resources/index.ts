// The per-resource end-to-end tests' one program (tests/e2e/platformStack.ts drives it): every object
// it declares comes from stack config, so a test changes its stack by changing config only and a new
// resource's end-to-end test needs no program of its own.
//
// Each config key `resources:<name>` declares one object named <name>, as JSON:
//
//   { "type": "SearchIndex",                      the class as the package exports it
//     "args": { ... },                            its arguments
//     "options": { "dependsOn": ["other"], "protect": true } }   optional
//
// Inside `args`, two placeholders (an object with that one key) stand for what JSON cannot hold:
//   { "fromSecretConfig": "<key>" }       the secret config value <key> of the project, kept secret
//                                         (the form `pulumi-cluster-platform export` writes: provider/cli/export/plan.ts)
//   { "fromOutput": "<name>.<output>" }   an output of the object <name>: the engine resolves it
//                                         and orders the two objects by it
// The objects are the program's outputs: `<name>` holds all the object's output properties (id and
// urn included). The spec itself is plain config: a secret goes in its own key, referred to by
// fromSecretConfig, never in `resources:<name>`.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

/** The config namespace of the declared objects. */
const NAMESPACE = "resources";
const SECRET_KEY = "fromSecretConfig";
const OUTPUT_KEY = "fromOutput";

/**
 * The package's resource classes by name: every export constructed as `new X(name, args, opts)` into
 * a custom resource, but the explicit provider (objects here use the default one).
 */
type ResourceType = Exclude<
  {
    [Name in keyof typeof platform]: (typeof platform)[Name] extends new (
      name: string,
      args: never,
      opts?: pulumi.CustomResourceOptions,
    ) => pulumi.CustomResource
      ? Name
      : never;
  }[keyof typeof platform],
  "Provider"
>;
/** The package's exports, looked up by the names config gives. */
const packageExports: typeof platform = platform;

interface Declared {
  type: string;
  args: Record<string, unknown>;
  options?: { dependsOn?: string[]; protect?: boolean };
}

const projectConfig = new pulumi.Config();
const declaredConfig = new pulumi.Config(NAMESPACE);
const names = Object.keys(pulumi.runtime.allConfig())
  .filter((key) => key.startsWith(`${NAMESPACE}:`))
  .map((key) => key.slice(NAMESPACE.length + 1))
  .sort();

const declared = new Map<string, pulumi.CustomResource>();
/** Names being declared, for a cycle of references. */
const declaring: string[] = [];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `type` names one of the package's resource classes (a runtime check of config). */
function isResourceType(type: unknown): type is ResourceType {
  if (typeof type !== "string" || type === "Provider" || !(type in packageExports)) return false;
  const exported: unknown = packageExports[type as keyof typeof platform];
  return typeof exported === "function" && exported.prototype instanceof pulumi.CustomResource;
}

/** The object `name` declares, declaring first the objects it refers to. */
function declare(name: string): pulumi.CustomResource {
  const done = declared.get(name);
  if (done !== undefined) return done;
  if (declaring.includes(name)) {
    throw new Error(`${NAMESPACE}:${name}: refers to itself through ${[...declaring, name].join(" -> ")}`);
  }
  if (!names.includes(name))
    throw new Error(`no object ${name} is declared (no config key ${NAMESPACE}:${name})`);
  declaring.push(name);
  const spec = declaredConfig.requireObject<Declared>(name);
  if (!isRecord(spec.args)) throw new Error(`${NAMESPACE}:${name}: args must be an object`);
  if (!isResourceType(spec.type)) {
    throw new Error(
      `${NAMESPACE}:${name}: type must name a resource class of pulumi-cluster-platform; got ${JSON.stringify(spec.type)}`,
    );
  }
  const Class = packageExports[spec.type];
  const { dependsOn = [], protect, ...unknownOptions } = spec.options ?? {};
  if (Object.keys(unknownOptions).length > 0) {
    throw new Error(
      `${NAMESPACE}:${name}: options may hold dependsOn and protect only; got ${Object.keys(unknownOptions).join(", ")}`,
    );
  }
  // The arguments are JSON of any shape: the resource's own check judges them, naming the field and
  // the rule, as it judges a program's (so `never`, which every class's arguments type accepts).
  const args = resolve(name, spec.args) as never;
  const resource = new Class(name, args, { dependsOn: dependsOn.map(declare), protect });
  declaring.pop();
  declared.set(name, resource);
  return resource;
}

/** `value` with each placeholder replaced by what it stands for. */
function resolve(name: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(name, item));
  if (!isRecord(value)) return value;
  const entries = Object.entries(value);
  const [placeholder, target] = entries.length === 1 && entries[0] !== undefined ? entries[0] : [];
  if (placeholder === SECRET_KEY && typeof target === "string") return projectConfig.requireSecret(target);
  if (placeholder === OUTPUT_KEY && typeof target === "string") {
    const [objectName = "", output = ""] = target.split(".");
    const property = (declare(objectName) as unknown as Record<string, unknown>)[output];
    if (!pulumi.Output.isInstance(property)) {
      throw new Error(
        `${NAMESPACE}:${name}: ${OUTPUT_KEY} ${JSON.stringify(target)} names no output of object ${objectName}`,
      );
    }
    return property;
  }
  return Object.fromEntries(entries.map(([key, member]) => [key, resolve(name, member)]));
}

const outputs: Record<string, pulumi.CustomResource> = {};
for (const name of names) outputs[name] = declare(name);
export = outputs;
