/**
 * `drift`: what differs between a stack's last applied state and the live service (drift, changed
 * out of band) and between the program and that state (pending changes), from two read-only engine
 * operations. The design and the JSON form (docs/drift-report.schema.json) are described in
 * docs/cli.md, "How drift is told from pending changes".
 */

import { nameOfUrn, shortType } from "../../protocol/urns";
import { type Inputs, inputsOf, type OperationEvents, type StepMetadata } from "../engine";
import {
  byTypeAndName,
  isSecretValue,
  type JsonValue,
  joinPath,
  type LeafDifference,
  leafDifferences,
  SECRET,
  shown,
} from "../report/values";
import { type PolicyFindings, policyFindings } from "./policyFindings";

/** The version of the JSON report's shape; it changes only when a field's meaning changes. */
export const DRIFT_REPORT_VERSION = 1;

/** One field that differs. Values are JSON; a secret or masked credential is the string `[secret]`. */
export interface FieldReport {
  path: string;
  /** The value in the last applied state (absent: the field was not set). */
  state?: JsonValue;
  /** Drift: the live value the service answered with. */
  live?: JsonValue;
  /** Pending changes: the value the program asks for. */
  program?: JsonValue;
  /** True when either value is a secret (and is printed as `[secret]`). */
  secret: boolean;
  /** Pending changes: a change of this field replaces the object. */
  replaces?: boolean;
}

interface ResourceIdentity {
  urn: string;
  /** The short type (`AlertConfiguration`) for this package's resources, else the full token. */
  type: string;
  typeToken: string;
  name: string;
}

export interface DriftedResource extends ResourceIdentity {
  /** `changed`: fields differ; `missing`: the object no longer exists (deleted out of band). */
  status: "changed" | "missing";
  fields: FieldReport[];
}

export interface PendingResource extends ResourceIdentity {
  operation: "create" | "update" | "replace" | "delete";
  fields: FieldReport[];
}

export interface DriftReport {
  version: typeof DRIFT_REPORT_VERSION;
  stack: string;
  summary: {
    driftedResources: number;
    driftedFields: number;
    missingResources: number;
    pendingResources: number;
    pendingFields: number;
  };
  drift: DriftedResource[];
  pendingChanges: PendingResource[];
  /** Present only when the preview ran policy packs (`--policy-pack`). */
  policy?: PolicyFindings;
}

function identity(metadata: StepMetadata): ResourceIdentity {
  return {
    urn: metadata.urn,
    type: shortType(metadata.type),
    typeToken: metadata.type,
    name: nameOfUrn(metadata.urn),
  };
}

/**
 * The fields that differ between two sets of inputs of a resource the engine found changed. The
 * engine's verdict comes from the provider's own diff (which knows normalization and masked
 * credentials); its events carry no field list for dynamic providers, so the leaves are compared
 * here. Secrets arrive blinded (both sides alike): when nothing visible differs, the change is inside
 * a secret, and each secret input is reported at its own path, as `[secret]`.
 */
export function fieldDifferences(before: Inputs, after: Inputs): LeafDifference[] {
  const visible = leafDifferences(before, after);
  if (visible.length > 0) return visible;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => isSecretValue(before[key]) || isSecretValue(after[key]))
    .map((key) => ({ path: joinPath("", key), before: before[key], after: after[key] }));
}

/**
 * Drift from a refresh preview's steps. The outputs event of each read carries the engine's result:
 * `update` (the live inputs differ from the state's), `delete` (the object is gone) or `same`.
 */
export function driftFrom(refresh: OperationEvents): DriftedResource[] {
  const drifted: DriftedResource[] = [];
  for (const { metadata } of refresh.steps.values()) {
    if (metadata.op === "delete" || metadata.new == null) {
      drifted.push({ ...identity(metadata), status: "missing", fields: [] });
    } else if (metadata.op === "update") {
      const fields = fieldDifferences(inputsOf(metadata.old), inputsOf(metadata.new)).map((difference) =>
        fieldReport(difference, "live"),
      );
      drifted.push({ ...identity(metadata), status: "changed", fields });
    }
  }
  return drifted.sort(byTypeAndName);
}

/** A field of the report: the state's value and the live or program one, each as shown (absent: left out). */
function fieldReport(difference: LeafDifference, side: "live" | "program", replaces = false): FieldReport {
  const [state, other] = [shown(difference.before), shown(difference.after)];
  const field: FieldReport = { path: difference.path, secret: state === SECRET || other === SECRET };
  if (replaces) field.replaces = true;
  if (state !== undefined) field.state = state;
  if (other !== undefined) field[side] = other;
  return field;
}

const PENDING_OPS: ReadonlyArray<[StepMetadata["op"], PendingResource["operation"]]> = [
  ["replace", "replace"],
  ["create-replacement", "replace"],
  ["create", "create"],
  ["delete", "delete"],
  ["update", "update"],
];

/** Pending changes from a preview's steps (program against state). */
export function pendingFrom(preview: OperationEvents): PendingResource[] {
  const pending: PendingResource[] = [];
  for (const step of preview.steps.values()) {
    const operation = PENDING_OPS.find(([op]) => step.ops.has(op))?.[1];
    if (operation === undefined) continue;
    const { metadata } = step;
    if (operation === "create" || operation === "delete") {
      pending.push({ ...identity(metadata), operation, fields: [] });
      continue;
    }
    const replacing = new Set(metadata.keys ?? []);
    const detailed = metadata.detailedDiff ?? {};
    const fields = fieldDifferences(inputsOf(metadata.old), inputsOf(metadata.new)).map((difference) => {
      const topKey = difference.path.split(/[.[]/)[0] ?? difference.path;
      const kind = detailed[difference.path]?.diffKind ?? detailed[topKey]?.diffKind;
      return fieldReport(difference, "program", replacing.has(topKey) || kind?.endsWith("replace") === true);
    });
    pending.push({ ...identity(metadata), operation, fields });
  }
  return pending.sort(byTypeAndName);
}

/** The whole report of one stack. */
export function driftReport(stack: string, refresh: OperationEvents, preview: OperationEvents): DriftReport {
  const drift = driftFrom(refresh);
  const pendingChanges = pendingFrom(preview);
  const report: DriftReport = {
    version: DRIFT_REPORT_VERSION,
    stack,
    summary: {
      driftedResources: drift.length,
      driftedFields: drift.reduce((sum, resource) => sum + resource.fields.length, 0),
      missingResources: drift.filter((resource) => resource.status === "missing").length,
      pendingResources: pendingChanges.length,
      pendingFields: pendingChanges.reduce((sum, resource) => sum + resource.fields.length, 0),
    },
    drift,
    pendingChanges,
  };
  if (preview.policy !== undefined) {
    report.policy = policyFindings(preview.policy.packs, preview.policy.events, preview.policy.failed);
  }
  return report;
}

/** `--fail-on`: which findings make the command exit 2. */
export type FailOn = "drift" | "changes" | "never";

/**
 * 0 when nothing `failOn` counts was found, else 2 (exit code 1 is for errors). A mandatory policy
 * violation counts as drift does (`drift` and `changes`); an advisory one as a pending change does
 * (`changes` only).
 */
export function exitCodeOf(report: DriftReport, failOn: FailOn): 0 | 2 {
  if (failOn === "never") return 0;
  if (report.drift.length > 0 || (report.policy?.mandatory ?? 0) > 0) return 2;
  const changes = report.pendingChanges.length + (report.policy?.advisory ?? 0);
  return failOn === "changes" && changes > 0 ? 2 : 0;
}
