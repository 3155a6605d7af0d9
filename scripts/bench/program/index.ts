// npm run bench (scripts/bench.ts): `count` alert configurations in one project (kind "platform"), or
// as many no-op dynamic resources with the same inputs (kind "noop"): what the engine costs by itself
// for a dynamic resource, the floor the platform resources are measured against. Kind
// "noop-same-state" (bench --same-state-floor, a diagnostic): no-op resources whose state holds the
// same property values as an AlertConfiguration's (the defaults its check fills in, and its two
// computed outputs), so that the engine's cost of the state's size is not counted as the provider's.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration, type AlertConfigurationArgs } from "pulumi-cluster-platform";
import { NOTIFICATION_INTERVAL_MIN } from "pulumi-cluster-platform/dist/api/vocabulary.js";
import { providerShimText } from "pulumi-cluster-platform/dist/provider/framework/shim.js";

const config = new pulumi.Config();
const kind = config.require("kind");
const groupId = config.require("groupId");
const count = config.requireNumber("count");

function alertInputs(index: number): AlertConfigurationArgs {
  return {
    groupId,
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: `bench-app-${index}` }],
    notifications: [
      { typeName: "EMAIL", emailAddress: `oncall-${index}@example.com`, delayMin: 0, intervalMin: 60 },
      { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true, smsEnabled: false },
    ],
  };
}

const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${inputs.matchers[0].value}`, outs: inputs };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(noop, name, props, undefined, "bench", "Noop");
  }
}

/**
 * The no-op of kind "noop-same-state": its create returns the state an AlertConfiguration holds for
 * alertInputs(index), an id of the same shape (`<groupId>/<alertConfigId>`) and outputs with the
 * computed alertConfigId and created (the inputs come with the defaults check fills in, below). Its
 * provider text is written by hand and padded to the length of the platform's shim
 * (provider/framework/shim.ts), not Pulumi's closure serialization of a provider object (about three
 * times longer): the engine marshals and logs `__provider` with every read and diff, so the two kinds'
 * states differ in nothing the engine handles, only in the provider behind them.
 */
const SAME_STATE_CREATE =
  "exports.handler=()=>({create:async(i)=>{" +
  'const a="5f1b"+i.matchers[0].value.replace(/\\D/g,"").padStart(20,"0");' +
  'return{id:i.groupId+"/"+a,outs:{...i,alertConfigId:a,created:"2026-01-01T00:00:00Z"}}}});';
const SHIM_LENGTH = providerShimText("AlertConfiguration").length;
if (SAME_STATE_CREATE.length + 4 > SHIM_LENGTH)
  throw new Error(
    `the same-state no-op's provider text (${SAME_STATE_CREATE.length} characters) must not be longer than the platform's shim (${SHIM_LENGTH})`,
  );
const SAME_STATE_PROVIDER_TEXT = `${SAME_STATE_CREATE}/*${"-".repeat(SHIM_LENGTH - SAME_STATE_CREATE.length - 4)}*/`;

class NoopSameState extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("pulumi-nodejs:dynamic/bench:NoopSameState", name, {
      ...props,
      __provider: SAME_STATE_PROVIDER_TEXT,
    });
  }
}

function withCheckedDefaults(args: AlertConfigurationArgs): pulumi.Inputs {
  const notifications = args.notifications as Array<Record<string, unknown>>;
  return {
    ...args,
    // As AlertConfiguration's check fills them in (provider/resources/alertConfiguration/schema.ts).
    notifications: notifications.map((notification) => ({
      delayMin: 0,
      intervalMin: NOTIFICATION_INTERVAL_MIN.default,
      ...notification,
    })),
  };
}

for (let index = 0; index < count; index++) {
  if (kind === "noop") new Noop(`noop-${index}`, { ...alertInputs(index) });
  else if (kind === "noop-same-state")
    new NoopSameState(`noop-${index}`, { ...withCheckedDefaults(alertInputs(index)) });
  else new AlertConfiguration(`alert-${index}`, alertInputs(index));
}
