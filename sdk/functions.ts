/**
 * The package's functions, the Pulumi way: `getX(args, options?)` returns a promise of the typed
 * result; `getXOutput(args, options?)` takes Inputs (Outputs of resources included) and returns an
 * Output, so a function can read what a resource of the same program creates. Both take the same
 * configuration as the resources (stack config `platform:*`, else `PLATFORM_*` variables), check
 * their arguments before any request (the error names the field and the rule), and read every page
 * of a list. See docs/functions.md.
 *
 * Each function loads provider/functions (the API client: undici, the zod schemas) on its first call,
 * not when the package is imported: a program that declares only resources never pays it, about 0.13
 * s of CPU at every program start (BENCHMARKS.md, "Drift over a fleet").
 */
import * as pulumi from "@pulumi/pulumi";
import type * as Functions from "../provider/functions";
import type { FunctionOptions, PlatformFunction } from "../provider/functions";

export type { FunctionOptions, LegacyClusterVersion, PlatformFunction } from "../provider/functions";

/** The arguments of a `...Output` function: each one a value, a promise or an Output. */
export type InputArgs<Args> = { [K in keyof Args]: pulumi.Input<Args[K]> };

/** The parameters of a `...Output` function: Input arguments (optional when none is required), then the options. */
// biome-ignore lint/complexity/noBannedTypes: `{}` is "an object that requires nothing", as in FunctionParams.
export type OutputParams<Args> = {} extends Args
  ? [args?: InputArgs<Args>, options?: FunctionOptions]
  : [args: InputArgs<Args>, options?: FunctionOptions];

/** Any function of this package (its arguments' type is read from it, never passed in). */
type AnyPlatformFunction = (args: never, options?: FunctionOptions) => Promise<unknown>;

let loaded: typeof Functions | undefined;

/** provider/functions, loaded on first use. */
function implementations(): typeof Functions {
  loaded ??= require("../provider/functions") as typeof Functions;
  return loaded;
}

/** The names of provider/functions that are functions of the package. */
type FunctionName = {
  [K in keyof typeof Functions]: (typeof Functions)[K] extends AnyPlatformFunction & { declaration: unknown }
    ? K
    : never;
}[keyof typeof Functions];

/** A function of provider/functions by name, as it is, its module loaded on its first call. */
function onFirstCall<K extends FunctionName>(name: K): (typeof Functions)[K] {
  const call = (...params: unknown[]) =>
    (implementations()[name] as unknown as (...args: unknown[]) => Promise<unknown>)(...params);
  Object.defineProperty(call, "name", { value: name });
  Object.defineProperty(call, "declaration", {
    enumerable: true,
    get: () => implementations()[name].declaration,
  });
  return call as unknown as (typeof Functions)[K];
}

/** The `...Output` variant of a function: waits for its arguments, then calls it once. */
export function outputVariant<F extends AnyPlatformFunction>(
  fn: F,
): (...params: OutputParams<NonNullable<Parameters<F>[0]>>) => pulumi.Output<Awaited<ReturnType<F>>> {
  const call = fn as unknown as PlatformFunction<unknown, Awaited<ReturnType<F>>>;
  return (...params) => {
    const [args, options] = params as [unknown, FunctionOptions | undefined];
    return pulumi.output(args ?? {}).apply((known) => call(known, options)) as unknown as pulumi.Output<
      Awaited<ReturnType<F>>
    >;
  };
}

export const getAccessLogs = onFirstCall("getAccessLogs");
export const getAccessLogsOutput = outputVariant(getAccessLogs);
export const getAccessLogsByHostname = onFirstCall("getAccessLogsByHostname");
export const getAccessLogsByHostnameOutput = outputVariant(getAccessLogsByHostname);
export const getAlert = onFirstCall("getAlert");
export const getAlertOutput = outputVariant(getAlert);
export const getAlertConfiguration = onFirstCall("getAlertConfiguration");
export const getAlertConfigurationOutput = outputVariant(getAlertConfiguration);
export const getAlertConfigurations = onFirstCall("getAlertConfigurations");
export const getAlertConfigurationsOutput = outputVariant(getAlertConfigurations);
export const getAlertConfigurationsOfAlert = onFirstCall("getAlertConfigurationsOfAlert");
export const getAlertConfigurationsOfAlertOutput = outputVariant(getAlertConfigurationsOfAlert);
export const getAlerts = onFirstCall("getAlerts");
export const getAlertsOutput = outputVariant(getAlerts);
export const getBackupCompliancePolicy = onFirstCall("getBackupCompliancePolicy");
export const getBackupCompliancePolicyOutput = outputVariant(getBackupCompliancePolicy);
export const getBackupSchedule = onFirstCall("getBackupSchedule");
export const getBackupScheduleOutput = outputVariant(getBackupSchedule);
export const getCloudProviderAccessRole = onFirstCall("getCloudProviderAccessRole");
export const getCloudProviderAccessRoleOutput = outputVariant(getCloudProviderAccessRole);
export const getCloudProviderAccessRoles = onFirstCall("getCloudProviderAccessRoles");
export const getCloudProviderAccessRolesOutput = outputVariant(getCloudProviderAccessRoles);
export const getExportBucket = onFirstCall("getExportBucket");
export const getExportBucketOutput = outputVariant(getExportBucket);
export const getExportBuckets = onFirstCall("getExportBuckets");
export const getExportBucketsOutput = outputVariant(getExportBuckets);
export const getExportJob = onFirstCall("getExportJob");
export const getExportJobOutput = outputVariant(getExportJob);
export const getExportJobs = onFirstCall("getExportJobs");
export const getExportJobsOutput = outputVariant(getExportJobs);
export const getFtsIndex = onFirstCall("getFtsIndex");
export const getFtsIndexOutput = outputVariant(getFtsIndex);
export const getFtsIndexes = onFirstCall("getFtsIndexes");
export const getFtsIndexesOutput = outputVariant(getFtsIndexes);
export const getLegacyClusters = onFirstCall("getLegacyClusters");
export const getLegacyClustersOutput = outputVariant(getLegacyClusters);
export const getMatcherFieldNames = onFirstCall("getMatcherFieldNames");
export const getMatcherFieldNamesOutput = outputVariant(getMatcherFieldNames);
export const getMigratableProjects = onFirstCall("getMigratableProjects");
export const getMigratableProjectsOutput = outputVariant(getMigratableProjects);
export const getOpenAlertsOfAlertConfiguration = onFirstCall("getOpenAlertsOfAlertConfiguration");
export const getOpenAlertsOfAlertConfigurationOutput = outputVariant(getOpenAlertsOfAlertConfiguration);
export const getOutageSimulation = onFirstCall("getOutageSimulation");
export const getOutageSimulationOutput = outputVariant(getOutageSimulation);
export const getRestoreJob = onFirstCall("getRestoreJob");
export const getRestoreJobOutput = outputVariant(getRestoreJob);
export const getRestoreJobs = onFirstCall("getRestoreJobs");
export const getRestoreJobsOutput = outputVariant(getRestoreJobs);
export const getSearchIndexes = onFirstCall("getSearchIndexes");
export const getSearchIndexesOutput = outputVariant(getSearchIndexes);
export const getSearchNodes = onFirstCall("getSearchNodes");
export const getSearchNodesOutput = outputVariant(getSearchNodes);
export const getServerlessRestoreJob = onFirstCall("getServerlessRestoreJob");
export const getServerlessRestoreJobOutput = outputVariant(getServerlessRestoreJob);
export const getServerlessRestoreJobs = onFirstCall("getServerlessRestoreJobs");
export const getServerlessRestoreJobsOutput = outputVariant(getServerlessRestoreJobs);
export const getServerlessSnapshot = onFirstCall("getServerlessSnapshot");
export const getServerlessSnapshotOutput = outputVariant(getServerlessSnapshot);
export const getServerlessSnapshots = onFirstCall("getServerlessSnapshots");
export const getServerlessSnapshotsOutput = outputVariant(getServerlessSnapshots);
export const getShardedSnapshot = onFirstCall("getShardedSnapshot");
export const getShardedSnapshotOutput = outputVariant(getShardedSnapshot);
export const getShardedSnapshots = onFirstCall("getShardedSnapshots");
export const getShardedSnapshotsOutput = outputVariant(getShardedSnapshots);
export const getSnapshot = onFirstCall("getSnapshot");
export const getSnapshotOutput = outputVariant(getSnapshot);
export const getSnapshots = onFirstCall("getSnapshots");
export const getSnapshotsOutput = outputVariant(getSnapshots);
