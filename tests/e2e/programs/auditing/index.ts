// Auditing end to end: the test sets each resource's arguments as JSON stack config between `pulumi up`s.
import * as pulumi from "@pulumi/pulumi";
import { Auditing, type AuditingArgs } from "pulumi-cluster-platform";

const config = new pulumi.Config();

const main = new Auditing("audit", config.requireObject<AuditingArgs>("main"));

// Adoption: when the test sets `adopted`, another project's configuration is taken over by importId.
const adoptedArgs = config.getObject<AuditingArgs>("adopted");
const adopted = adoptedArgs ? new Auditing("adopted", adoptedArgs) : undefined;

export const mainId = main.id;
export const mainEnabled = main.enabled;
export const mainFilter = main.auditFilter;
export const mainConfigurationType = main.configurationType;
export const adoptedFilter = adopted?.auditFilter;
