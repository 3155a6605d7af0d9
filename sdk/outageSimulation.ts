/** OutageSimulation: a simulated regional outage of a cluster. See docs/resources/outageSimulation.md. */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** One region to take out. */
export interface OutageFilter {
  /** AWS, AZURE or GCP. */
  cloudProvider: string;
  /** The provider's region name, e.g. US_EAST_1. */
  regionName: string;
  /** REGION (the default and only value). */
  type?: string;
}

/** How long start and end wait (`"30m"`, or seconds). */
export interface OutageSimulationTimeouts {
  /** Until SIMULATING. Default "30m". */
  create?: DurationInput;
  /** Unused by the API (only timeouts update in place). Default "30m". */
  update?: DurationInput;
  /** Until the ended simulation is gone. Default "30m". */
  delete?: DurationInput;
}

export interface OutageSimulationArgs {
  /** Project id. Changing it replaces the simulation (ended first). */
  groupId: pulumi.Input<string>;
  /** Cluster name. Changing it replaces the simulation (ended first). */
  clusterName: pulumi.Input<string>;
  /** At least one region; changing them replaces the simulation (ended first). */
  outageFilters: pulumi.Input<pulumi.Input<OutageFilter>[]>;
  /** Adopt the cluster's running simulation: `<groupId>/<clusterName>`. */
  importId?: pulumi.Input<string>;
  timeouts?: pulumi.Input<OutageSimulationTimeouts>;
}

export class OutageSimulation extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly outageFilters: pulumi.Output<OutageFilter[]>;
  /** The simulation's own id. */
  declare readonly simulationId: pulumi.Output<string | undefined>;
  /** SIMULATING once create finished. */
  declare readonly state: pulumi.Output<string>;
  declare readonly startRequestDate: pulumi.Output<string | undefined>;

  constructor(name: string, args: OutageSimulationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "OutageSimulation",
      name,
      { ...args },
      { outputs: ["groupId", "clusterName", "outageFilters", "simulationId", "state", "startRequestDate"] },
      opts,
    );
  }
}
