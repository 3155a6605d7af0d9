// CustomDns end to end: the test sets each resource's arguments as JSON stack config between `pulumi up`s.
import * as pulumi from "@pulumi/pulumi";
import { CustomDns, type CustomDnsArgs } from "pulumi-cluster-platform";

const config = new pulumi.Config();

const main = new CustomDns("dns", config.requireObject<CustomDnsArgs>("main"));

// Adoption: when the test sets `adopted`, another project's setting is taken over by importId.
const adoptedArgs = config.getObject<CustomDnsArgs>("adopted");
const adopted = adoptedArgs ? new CustomDns("adopted", adoptedArgs) : undefined;

export const mainId = main.id;
export const mainEnabled = main.enabled;
export const adoptedEnabled = adopted?.enabled;
