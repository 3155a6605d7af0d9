/**
 * `migrate`: moves a stack from the dynamic form of the resources (`pulumi-nodejs:dynamic/platform:<Type>`,
 * served by Pulumi's dynamic provider host) to the native plugin (`platform:index:<Type>`, served by
 * `pulumi-resource-platform`) without touching the service: state only (docs/native.md, "Moving a
 * stack to the native plugin").
 *
 * Each dynamic resource of this package is replaced in the state by the native resource with the same
 * name, id, inputs and outputs (without the dynamic form's `__provider` text), its URN and every
 * reference to it (parents, dependencies) rewritten; its provider becomes the native plugin's default
 * provider, configured from the stack's `platform:*` config as the engine would configure it, or, for a
 * resource of an explicit `platform.Provider` instance, a native provider of the same name with the
 * same settings. The program must already declare the native resources (same names): the command
 * checks it with a preview and puts the state back when the preview would replace anything.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { Deployment, Stack } from "@pulumi/pulumi/automation";
import { withoutProviderKey } from "../../framework/validation";
import { sealSecret } from "../../protocol/values";
import { CliError, causeOf, type DeploymentResource, type Progress } from "../engine";

/** The dynamic form's type token of a platform resource. */
const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic\/platform:(\w+)$/;
/** The provider type of the dynamic form (one package for every dynamic resource). */
const DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";
/** The native plugin's provider type. */
const NATIVE_PROVIDER_TYPE = "pulumi:providers:platform";

/** One `platform:*` setting of the stack's config. */
export interface ConfigSetting {
  value: string;
  secret: boolean;
}

/** What {@link migrateDeployment} did. */
export interface Migration {
  deployment: Record<string, unknown>;
  /** Each migrated resource: its old and new URN. */
  moved: Array<{ from: string; to: string }>;
  /** The native providers written (URN). */
  providers: string[];
}

/** `urn:pulumi:<stack>::<project>::<qualified type>::<name>` with the type's dynamic parts made native. */
export function nativeUrn(urn: string): string {
  const parts = urn.split("::");
  if (parts.length < 4) return urn;
  const typePart = parts[2] as string;
  parts[2] = typePart
    .split("$")
    .map((token) => token.replace(DYNAMIC_TYPE, "platform:index:$1"))
    .join("$");
  return parts.join("::");
}

/** A provider reference `<urn>::<id>` split in two. */
function splitReference(reference: string): { urn: string; id: string } {
  const at = reference.lastIndexOf("::");
  return { urn: reference.slice(0, at), id: reference.slice(at + 2) };
}

/** A value as a deployment with shown secrets holds it: a secret as `{sig, plaintext: <JSON>}`. */
function stateValue(setting: ConfigSetting): unknown {
  return setting.secret ? sealSecret(setting.value, "plaintext") : setting.value;
}

/**
 * The deployment with every dynamic platform resource made native (see the module comment).
 * `defaultProviderName` is the name the engine gives the plugin's default provider for the program
 * (`default` for YAML; `default_<version>` for an SDK that asks for a version).
 *
 * @throws CliError when the state has pending operations (an interrupted run: recover first)
 */
export function migrateDeployment(
  deployment: Record<string, unknown>,
  settings: Readonly<Record<string, ConfigSetting>>,
  defaultProviderName: string,
): Migration {
  const pending = deployment.pending_operations as unknown[] | undefined;
  if (pending !== undefined && pending.length > 0) {
    throw new CliError(
      "the stack has pending operations of an interrupted run: run `npx pulumi-cluster-platform recover` first, then migrate",
    );
  }
  const resources = (deployment.resources as DeploymentResource[] | undefined) ?? [];
  const dynamicPlatform = resources.filter((resource) => DYNAMIC_TYPE.test(resource.type));
  const urnMap = new Map(dynamicPlatform.map((resource) => [resource.urn, nativeUrn(resource.urn)]));
  // Children of a migrated resource carry its type in their URN too.
  for (const resource of resources) {
    const renamed = nativeUrn(resource.urn);
    if (renamed !== resource.urn) urnMap.set(resource.urn, renamed);
  }
  const mapUrn = (urn: unknown): unknown => (typeof urn === "string" ? (urnMap.get(urn) ?? urn) : urn);

  // The providers the platform resources use, old reference -> new reference.
  const providerMap = new Map<string, string>();
  const newProviders: DeploymentResource[] = [];
  const byUrn = new Map(resources.map((resource) => [resource.urn, resource]));
  for (const resource of dynamicPlatform) {
    const reference = resource.provider;
    if (reference === undefined || providerMap.has(reference)) continue;
    const old = splitReference(reference);
    const oldProvider = byUrn.get(old.urn);
    const name = old.urn.slice(old.urn.lastIndexOf("::") + 2);
    const explicit = !/^default(_|$)/.test(name);
    const urn = `${old.urn.slice(0, old.urn.lastIndexOf("::"))}`.replace(
      `::${DYNAMIC_PROVIDER_TYPE}`,
      `::${NATIVE_PROVIDER_TYPE}`,
    );
    const providerUrn = `${urn}::${explicit ? name : defaultProviderName}`;
    let inputs: Record<string, unknown>;
    if (explicit) {
      // An explicit platform.Provider: its arguments are `platform:<setting>` keys (sdk/provider.ts).
      inputs = {};
      for (const [key, value] of Object.entries(oldProvider?.inputs ?? {})) {
        if (key.startsWith("platform:")) inputs[key.slice("platform:".length)] = value;
      }
    } else {
      inputs = Object.fromEntries(
        Object.entries(settings).map(([key, setting]) => [key, stateValue(setting)]),
      );
      const version = /^default_(\d+)_(\d+)_(\d+)(.*)$/.exec(defaultProviderName);
      if (version !== null)
        inputs.version = `${version[1]}.${version[2]}.${version[3]}${version[4]?.replaceAll("_", ".") ?? ""}`;
    }
    const existing = newProviders.find((provider) => provider.urn === providerUrn);
    const id = existing?.id ?? randomUUID();
    if (existing === undefined) {
      newProviders.push({
        urn: providerUrn,
        custom: true,
        id,
        type: NATIVE_PROVIDER_TYPE,
        inputs,
        outputs: inputs,
        ...(oldProvider?.parent === undefined ? {} : { parent: oldProvider.parent }),
      });
    }
    providerMap.set(reference, `${providerUrn}::${id}`);
  }

  // A dynamic provider no resource uses any more is dropped.
  const stillUsed = new Set(
    resources
      .filter((resource) => !DYNAMIC_TYPE.test(resource.type))
      .map((resource) => resource.provider)
      .filter((reference): reference is string => reference !== undefined)
      .map((reference) => splitReference(reference).urn),
  );
  const migrated: DeploymentResource[] = [];
  let providersWritten = false;
  for (const resource of resources) {
    if (resource.type === DYNAMIC_PROVIDER_TYPE && !stillUsed.has(resource.urn)) continue;
    if (!providersWritten && DYNAMIC_TYPE.test(resource.type)) {
      // Providers come before the resources that use them.
      migrated.push(...newProviders);
      providersWritten = true;
    }
    const copy: DeploymentResource = { ...resource, urn: mapUrn(resource.urn) as string };
    if (DYNAMIC_TYPE.test(resource.type)) {
      copy.type = resource.type.replace(DYNAMIC_TYPE, "platform:index:$1");
      copy.inputs = resource.inputs && withoutProviderKey(resource.inputs);
      copy.outputs = resource.outputs && withoutProviderKey(resource.outputs);
      if (typeof resource.provider === "string") copy.provider = providerMap.get(resource.provider);
      const dependencies = resource.propertyDependencies as Record<string, string[]> | undefined;
      if (dependencies !== undefined) copy.propertyDependencies = withoutProviderKey(dependencies);
    }
    if (resource.parent !== undefined) copy.parent = mapUrn(resource.parent);
    if (Array.isArray(resource.dependencies)) copy.dependencies = resource.dependencies.map(mapUrn);
    if (resource.deletedWith !== undefined) copy.deletedWith = mapUrn(resource.deletedWith);
    const propertyDependencies = copy.propertyDependencies as Record<string, unknown[]> | undefined;
    if (propertyDependencies !== undefined) {
      copy.propertyDependencies = Object.fromEntries(
        Object.entries(propertyDependencies).map(([key, urns]) => [key, urns.map(mapUrn)]),
      );
    }
    migrated.push(copy);
  }
  return {
    deployment: { ...deployment, resources: migrated },
    moved: dynamicPlatform.map((resource) => ({ from: resource.urn, to: mapUrn(resource.urn) as string })),
    providers: newProviders.map((provider) => provider.urn),
  };
}

/** What a preview plans, by step: the URNs each operation touches. */
interface PlannedSteps {
  creates: string[];
  replaces: string[];
  deletes: string[];
  updates: string[];
}

async function plannedSteps(stack: Stack): Promise<PlannedSteps> {
  const steps: PlannedSteps = { creates: [], replaces: [], deletes: [], updates: [] };
  const errors: string[] = [];
  try {
    await stack.preview({
      onEvent: (event) => {
        const metadata = event.resourcePreEvent?.metadata;
        if (event.diagnosticEvent?.severity === "error") errors.push(event.diagnosticEvent.message);
        if (metadata === undefined || metadata.type === "pulumi:pulumi:Stack") return;
        if (metadata.op === "create") steps.creates.push(metadata.urn);
        else if (metadata.op === "replace" || metadata.op === "create-replacement")
          steps.replaces.push(metadata.urn);
        else if (metadata.op === "delete") steps.deletes.push(metadata.urn);
        else if (metadata.op === "update") steps.updates.push(metadata.urn);
      },
    });
  } catch (error) {
    throw new CliError(causeOf(error, errors));
  }
  return steps;
}

/** The stack's `platform:*` settings (name without the namespace -> value), secrets marked. */
async function platformSettings(stack: Stack): Promise<Record<string, ConfigSetting>> {
  const config = await stack.getAllConfig();
  const settings: Record<string, ConfigSetting> = {};
  for (const [key, entry] of Object.entries(config)) {
    if (key.startsWith("platform:"))
      settings[key.slice("platform:".length)] = { value: entry.value, secret: entry.secret === true };
  }
  return settings;
}

/** What `migrate` reports. */
export interface MigrationReport {
  stack: string;
  moved: Array<{ from: string; to: string }>;
  providers: string[];
  backup: string;
  /** The preview after the migration: what the program would still change (empty lists: nothing). */
  preview: PlannedSteps;
}

/**
 * Migrates a stack (see the module comment): saves the state to `backupFile`, writes the migrated
 * state, and previews the program against it. When the program still declares the dynamic resources,
 * or the preview would replace or delete any resource, the saved state is put back and the command
 * fails saying what the program must change.
 */
export async function migrateStack(
  stack: Stack,
  backupFile: string,
  progress: Progress,
): Promise<MigrationReport> {
  const original = await stack.exportStack();
  const resources =
    ((original.deployment as Record<string, unknown>).resources as DeploymentResource[] | undefined) ?? [];
  if (!resources.some((resource) => DYNAMIC_TYPE.test(resource.type))) {
    throw new CliError(
      `stack ${stack.name} holds no resource of the dynamic form (pulumi-nodejs:dynamic/platform:*): nothing to migrate`,
    );
  }
  writeFileSync(backupFile, `${JSON.stringify(original, null, 2)}\n`, { mode: 0o600 });
  progress(
    `Saved the state of stack ${stack.name} to ${backupFile} (it holds secrets in clear: keep it safe)`,
  );
  const settings = await platformSettings(stack);
  const write = async (providerName: string) => {
    const migration = migrateDeployment(
      original.deployment as Record<string, unknown>,
      settings,
      providerName,
    );
    await stack.importStack({ ...original, deployment: migration.deployment } as Deployment);
    return migration;
  };
  const restore = async (why: string): Promise<never> => {
    await stack.importStack(original);
    throw new CliError(
      `${why}; the state of stack ${stack.name} was put back as it was (saved in ${backupFile})`,
    );
  };

  let migration: Migration;
  let preview: PlannedSteps;
  try {
    migration = await write("default");
    progress(`Wrote ${migration.moved.length} native resources; previewing the program against them`);
    preview = await plannedSteps(stack);
    // An SDK that asks for a version gets a default provider named for it (`default_0_1_0`): use that name.
    const versioned = preview.creates.find((urn) => urn.includes(`::${NATIVE_PROVIDER_TYPE}::default_`));
    if (versioned !== undefined) {
      migration = await write(versioned.slice(versioned.lastIndexOf("::") + 2));
      preview = await plannedSteps(stack);
    }
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    return restore(
      `previewing the program against the migrated state failed (${cause}): the program must declare the native resources, with the plugin named in Pulumi.yaml (docs/native.md)`,
    );
  }
  const stillDynamic = preview.creates.filter((urn) => /::pulumi-nodejs:dynamic\/platform:/.test(urn));
  if (stillDynamic.length > 0) {
    return restore(
      `the program still declares the dynamic form (${stillDynamic.length} resources, e.g. ${stillDynamic[0]}): change it to the native resources with the same names first (docs/native.md)`,
    );
  }
  const destructive = [
    ...preview.replaces,
    ...preview.deletes.filter((urn) => !urn.includes("::pulumi:providers:")),
  ];
  if (destructive.length > 0) {
    return restore(
      `after the migration the program would replace or delete ${destructive.length} resources (e.g. ${destructive[0]}): declare them with the same names and inputs`,
    );
  }
  return {
    stack: stack.name,
    moved: migration.moved,
    providers: migration.providers,
    backup: backupFile,
    preview,
  };
}

/** The report for a person: each resource moved, and whether the program's preview still plans changes. */
export function renderMigration(report: MigrationReport): string {
  const moved = report.moved.map(({ from, to }) => `${from}\n  -> ${to}\n`).join("");
  const { updates, creates } = report.preview;
  const left = updates.length + creates.filter((urn) => !urn.includes("::pulumi:providers:")).length;
  return (
    `${moved}Migrated ${report.moved.length} resources of stack ${report.stack} to the native plugin; ` +
    (left === 0
      ? "the program's preview shows no change.\n"
      : `the program's preview still plans ${left} changes: run pulumi preview --diff.\n`)
  );
}
