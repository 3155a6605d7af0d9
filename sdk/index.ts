export * from "./alertConfiguration";
export * from "./auditing";
export * from "./backupCompliancePolicy";
export * from "./cloudBackupSchedule";
export * from "./customDns";
export * from "./exportBucket";
export * from "./searchDeployment";
export * from "./searchIndex";
