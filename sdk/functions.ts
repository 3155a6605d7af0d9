/**
 * The package's functions, the Pulumi way: `getX(args, options?)` returns a promise of the typed
 * result; `getXOutput(args, options?)` takes Inputs (Outputs of resources included) and returns an
 * Output, so a function can read what a resource of the same program creates. Both take the same
 * configuration as the resources (stack config `platform:*`, else `PLATFORM_*` variables), check
 * their arguments before any request (the error names the field and the rule), and read every page
 * of a list. See docs/functions.md.
 */
import * as pulumi from "@pulumi/pulumi";
import type { FunctionOptions, PlatformFunction } from "../provider/functions";
import * as functions from "../provider/functions";

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

export const getAccessLogs = functions.getAccessLogs;
export const getAccessLogsOutput = outputVariant(functions.getAccessLogs);
export const getAccessLogsByHostname = functions.getAccessLogsByHostname;
export const getAccessLogsByHostnameOutput = outputVariant(functions.getAccessLogsByHostname);
export const getAlert = functions.getAlert;
export const getAlertOutput = outputVariant(functions.getAlert);
export const getAlertConfiguration = functions.getAlertConfiguration;
export const getAlertConfigurationOutput = outputVariant(functions.getAlertConfiguration);
export const getAlertConfigurations = functions.getAlertConfigurations;
export const getAlertConfigurationsOutput = outputVariant(functions.getAlertConfigurations);
export const getAlertConfigurationsOfAlert = functions.getAlertConfigurationsOfAlert;
export const getAlertConfigurationsOfAlertOutput = outputVariant(functions.getAlertConfigurationsOfAlert);
export const getAlerts = functions.getAlerts;
export const getAlertsOutput = outputVariant(functions.getAlerts);
export const getBackupCompliancePolicy = functions.getBackupCompliancePolicy;
export const getBackupCompliancePolicyOutput = outputVariant(functions.getBackupCompliancePolicy);
export const getBackupSchedule = functions.getBackupSchedule;
export const getBackupScheduleOutput = outputVariant(functions.getBackupSchedule);
export const getCloudProviderAccessRole = functions.getCloudProviderAccessRole;
export const getCloudProviderAccessRoleOutput = outputVariant(functions.getCloudProviderAccessRole);
export const getCloudProviderAccessRoles = functions.getCloudProviderAccessRoles;
export const getCloudProviderAccessRolesOutput = outputVariant(functions.getCloudProviderAccessRoles);
export const getExportBucket = functions.getExportBucket;
export const getExportBucketOutput = outputVariant(functions.getExportBucket);
export const getExportBuckets = functions.getExportBuckets;
export const getExportBucketsOutput = outputVariant(functions.getExportBuckets);
export const getExportJob = functions.getExportJob;
export const getExportJobOutput = outputVariant(functions.getExportJob);
export const getExportJobs = functions.getExportJobs;
export const getExportJobsOutput = outputVariant(functions.getExportJobs);
export const getFtsIndex = functions.getFtsIndex;
export const getFtsIndexOutput = outputVariant(functions.getFtsIndex);
export const getFtsIndexes = functions.getFtsIndexes;
export const getFtsIndexesOutput = outputVariant(functions.getFtsIndexes);
export const getLegacyClusters = functions.getLegacyClusters;
export const getLegacyClustersOutput = outputVariant(functions.getLegacyClusters);
export const getMatcherFieldNames = functions.getMatcherFieldNames;
export const getMatcherFieldNamesOutput = outputVariant(functions.getMatcherFieldNames);
export const getMigratableProjects = functions.getMigratableProjects;
export const getMigratableProjectsOutput = outputVariant(functions.getMigratableProjects);
export const getOpenAlertsOfAlertConfiguration = functions.getOpenAlertsOfAlertConfiguration;
export const getOpenAlertsOfAlertConfigurationOutput = outputVariant(
  functions.getOpenAlertsOfAlertConfiguration,
);
export const getOutageSimulation = functions.getOutageSimulation;
export const getOutageSimulationOutput = outputVariant(functions.getOutageSimulation);
export const getRestoreJob = functions.getRestoreJob;
export const getRestoreJobOutput = outputVariant(functions.getRestoreJob);
export const getRestoreJobs = functions.getRestoreJobs;
export const getRestoreJobsOutput = outputVariant(functions.getRestoreJobs);
export const getSearchIndexes = functions.getSearchIndexes;
export const getSearchIndexesOutput = outputVariant(functions.getSearchIndexes);
export const getSearchNodes = functions.getSearchNodes;
export const getSearchNodesOutput = outputVariant(functions.getSearchNodes);
export const getServerlessRestoreJob = functions.getServerlessRestoreJob;
export const getServerlessRestoreJobOutput = outputVariant(functions.getServerlessRestoreJob);
export const getServerlessRestoreJobs = functions.getServerlessRestoreJobs;
export const getServerlessRestoreJobsOutput = outputVariant(functions.getServerlessRestoreJobs);
export const getServerlessSnapshot = functions.getServerlessSnapshot;
export const getServerlessSnapshotOutput = outputVariant(functions.getServerlessSnapshot);
export const getServerlessSnapshots = functions.getServerlessSnapshots;
export const getServerlessSnapshotsOutput = outputVariant(functions.getServerlessSnapshots);
export const getShardedSnapshot = functions.getShardedSnapshot;
export const getShardedSnapshotOutput = outputVariant(functions.getShardedSnapshot);
export const getShardedSnapshots = functions.getShardedSnapshots;
export const getShardedSnapshotsOutput = outputVariant(functions.getShardedSnapshots);
export const getSnapshot = functions.getSnapshot;
export const getSnapshotOutput = outputVariant(functions.getSnapshot);
export const getSnapshots = functions.getSnapshots;
export const getSnapshotsOutput = outputVariant(functions.getSnapshots);
