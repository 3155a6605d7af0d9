/**
 * Every operation of the API, in the spec's order. The core routes requests to these by root,
 * method and path (see emulator/core/contract.ts); emulator/composition.ts hands them to it.
 */
import type { OperationDef } from "../core/contract";
import { accessLogOperations } from "./accessLogs";
import { alertConfigOperations } from "./alertConfigs";
import { alertOperations } from "./alerts";
import { backupScheduleOperations } from "./backupSchedules";
import { cloudProviderAccessOperations } from "./cloudProviderAccess";
import { compliancePolicyOperations } from "./compliancePolicy";
import { exportBucketOperations } from "./exportBuckets";
import { exportJobOperations } from "./exportJobs";
import { legacyOperations } from "./legacy";
import { liveMigrationOperations } from "./liveMigrations";
import { outageSimulationOperations } from "./outageSimulations";
import { projectSettingOperations } from "./projectSettings";
import { restoreJobOperations } from "./restoreJobs";
import { searchDeploymentOperations } from "./searchDeployments";
import { searchIndexOperations } from "./searchIndexes";
import { snapshotOperations } from "./snapshots";

/** Sort key of an id such as "62-list" or "74a": the number first, then the suffix. */
function order(id: string): [number, string] {
  const match = /^(\d+)(.*)$/.exec(id);
  return [Number(match?.[1] ?? 0), match?.[2] ?? ""];
}

export const operations: OperationDef[] = [
  ...accessLogOperations,
  ...alertConfigOperations,
  ...alertOperations,
  ...searchIndexOperations,
  ...searchDeploymentOperations,
  ...projectSettingOperations,
  ...exportBucketOperations,
  ...compliancePolicyOperations,
  ...exportJobOperations,
  ...restoreJobOperations,
  ...backupScheduleOperations,
  ...snapshotOperations,
  ...liveMigrationOperations,
  ...cloudProviderAccessOperations,
  ...outageSimulationOperations,
  ...legacyOperations,
].sort((a, b) => {
  const [na, sa] = order(a.id);
  const [nb, sb] = order(b.id);
  return na - nb || sa.localeCompare(sb);
});
