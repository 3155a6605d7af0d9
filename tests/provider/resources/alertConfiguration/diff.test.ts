import { mask } from "../../../../provider/framework/masking";
import {
  carriedOnly,
  fromApi,
  inputsFromLive,
  matchNotifications,
  notificationsEqual,
  notificationsFromLive,
  toBody,
} from "../../../../provider/resources/alertConfiguration/model";
import {
  resource as alertConfigurationResource,
  planWrite,
} from "../../../../provider/resources/alertConfiguration/resource";
import type {
  AlertConfigurationInputs,
  Notification,
} from "../../../../provider/resources/alertConfiguration/schema";

const provider = alertConfigurationResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});

const GROUP = "5f1a000000000000000000a1";
const NOTIFIER = "65f0c0ffee00000000000001";
const SLACK: Notification = {
  typeName: "SLACK",
  apiToken: "xoxb-secret-token-9999",
  channelName: "#alerts",
  delayMin: 0,
  intervalMin: 60,
};
const WEBHOOK: Notification = {
  typeName: "WEBHOOK",
  webhookUrl: "https://hooks.example.com/alerts",
  webhookSecret: "whsec-abcdef-1234",
  delayMin: 0,
  intervalMin: 60,
};
const EMAIL: Notification = {
  typeName: "EMAIL",
  emailAddress: "ops@example.com",
  delayMin: 0,
  intervalMin: 60,
};
const PAGER: Notification = {
  typeName: "PAGER_DUTY",
  serviceKey: "pd-service-key-0042",
  region: "US",
  delayMin: 0,
};

const INPUTS: AlertConfigurationInputs = {
  groupId: GROUP,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [
    { fieldName: "APPLICATION_ID", operator: "EQUALS", value: "5f1a0000000000000000a990" },
    { fieldName: "HOSTNAME", operator: "CONTAINS", value: "shard" },
  ],
  notifications: [SLACK, WEBHOOK, EMAIL, PAGER],
};
const METRIC = {
  metricName: "NORMALIZED_SYSTEM_CPU_USER",
  mode: "AVERAGE",
  operator: "GREATER_THAN",
  threshold: 80,
  units: "RAW",
} as const;
const STATE = { ...INPUTS, alertConfigId: "65f0c0ffee0000000000abcd", created: "2026-11-21T05:00:00Z" };

/** The notifications as the API shows them: credentials masked. */
function masked(n: Notification): Notification {
  const shown: Notification = { ...n };
  for (const key of ["apiToken", "webhookSecret", "serviceKey", "webhookUrl"]) {
    if (typeof shown[key] === "string") shown[key] = mask(shown[key] as string);
  }
  return shown;
}

const diff = (olds: Record<string, unknown>, news: Record<string, unknown>) =>
  provider.diff("id", olds, news);

describe("AlertConfiguration diff: classification", () => {
  test("no change", async () => {
    expect(await diff(STATE, { ...INPUTS })).toEqual({ changes: false, replaces: [] });
  });

  test("a new project replaces the configuration", async () => {
    expect(await diff(STATE, { ...INPUTS, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test.each([
    ["enabled", false],
    ["eventTypeName", "CLUSTER_MONGOS_IS_MISSING"],
    ["matchers", [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "other" }]],
    ["notifications", [EMAIL]],
    ["threshold", { operator: ">", threshold: 3, units: "count" }],
    ["metricThreshold", METRIC],
    ["severityOverride", "CRITICAL"],
  ])("a change of %s updates in place", async (field, value) => {
    expect(await diff(STATE, { ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [] });
  });

  test("importId never diffs", async () => {
    expect(await diff(STATE, { ...INPUTS, importId: `${GROUP}/65f0c0ffee0000000000abcd` })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("matchers and notifications in another order are the same", async () => {
    const news = {
      ...INPUTS,
      matchers: [...INPUTS.matchers].reverse(),
      notifications: [PAGER, EMAIL, WEBHOOK, SLACK],
    };
    expect(await diff(STATE, news)).toEqual({ changes: false, replaces: [] });
  });
});

describe("AlertConfiguration diff: masked credentials", () => {
  test("a state holding the API's masked values never diffs against the user's full values", async () => {
    const olds = { ...STATE, notifications: INPUTS.notifications.map(masked) };
    expect(await diff(olds, { ...INPUTS })).toEqual({ changes: false, replaces: [] });
  });

  test("a credential whose visible suffix differs is a change", async () => {
    const news = {
      ...INPUTS,
      notifications: [{ ...SLACK, apiToken: "xoxb-secret-token-0000" }, WEBHOOK, EMAIL, PAGER],
    };
    expect(await diff(STATE, news)).toEqual({ changes: true, replaces: [] });
    const olds = { ...STATE, notifications: INPUTS.notifications.map(masked) };
    expect(await diff(olds, news)).toEqual({ changes: true, replaces: [] });
  });

  test("a new credential with the same last four cannot be told apart by the API, so state with the full value decides", async () => {
    const news = {
      ...INPUTS,
      notifications: [{ ...SLACK, apiToken: "another-token-9999" }, WEBHOOK, EMAIL, PAGER],
    };
    // The state holds the user's previous full value: the change is visible and applied.
    expect(await diff(STATE, news)).toEqual({ changes: true, replaces: [] });
  });

  test("a notifierId the service assigned is not a change when the user gave none", async () => {
    const olds = { ...STATE, notifications: [{ ...SLACK, notifierId: NOTIFIER }, WEBHOOK, EMAIL, PAGER] };
    expect(await diff(olds, { ...INPUTS })).toEqual({ changes: false, replaces: [] });
    const news = {
      ...INPUTS,
      notifications: [{ ...SLACK, notifierId: "65f0c0ffee00000000000002" }, WEBHOOK, EMAIL, PAGER],
    };
    expect(await diff(olds, news)).toEqual({ changes: true, replaces: [] });
  });

  test("roles compare in any order", () => {
    const group: Notification = {
      typeName: "GROUP",
      roles: ["GROUP_OWNER", "GROUP_READ_ONLY"],
      delayMin: 0,
      intervalMin: 60,
    };
    expect(notificationsEqual([group], [{ ...group, roles: ["GROUP_READ_ONLY", "GROUP_OWNER"] }])).toBe(true);
    expect(notificationsEqual([group], [{ ...group, roles: ["GROUP_OWNER"] }])).toBe(false);
  });
});

describe("AlertConfiguration notification matching", () => {
  test("matches by identity, not by position", () => {
    const match = matchNotifications([EMAIL, SLACK].map(masked), [SLACK, EMAIL]);
    expect(match).toEqual({
      pairs: [
        { state: 1, input: 0 },
        { state: 0, input: 1 },
      ],
      unmatchedState: [],
      unmatchedInput: [],
    });
  });

  test("two notifications of one kind pair with their own targets", () => {
    const other = { ...SLACK, channelName: "#oncall", apiToken: "xoxb-other-token-7777" };
    const match = matchNotifications([other, SLACK].map(masked), [SLACK, other]);
    expect(match.pairs).toEqual([
      { state: 1, input: 0 },
      { state: 0, input: 1 },
    ]);
  });

  test("a changed field keeps the pairing (same target), a new target does not", () => {
    const match = matchNotifications(
      [
        { ...EMAIL, delayMin: 5 },
        { ...SLACK, channelName: "#new" },
      ],
      [EMAIL, SLACK],
    );
    expect(match).toEqual({ pairs: [{ state: 0, input: 0 }], unmatchedState: [1], unmatchedInput: [1] });
  });
});

describe("AlertConfiguration read: notifications from the API", () => {
  test("masked values that still match keep the user's full credentials and order", () => {
    const live = [PAGER, EMAIL, SLACK, WEBHOOK].map(masked);
    expect(notificationsFromLive(INPUTS.notifications, live)).toEqual(INPUTS.notifications);
  });

  test("service-filled fields are dropped when the user left them out", () => {
    const live = [{ ...masked(SLACK), notifierId: NOTIFIER }];
    expect(notificationsFromLive([SLACK], live)).toEqual([SLACK]);
    const mine = { ...SLACK, notifierId: NOTIFIER };
    expect(notificationsFromLive([mine], live)).toEqual([mine]);
  });

  test("a credential changed out of band comes back masked in place, and a new notification is appended", () => {
    const rotated = masked({ ...SLACK, apiToken: "xoxb-rotated-token-4321" });
    const live = [EMAIL, rotated, { ...EMAIL, emailAddress: "new@example.com" }];
    expect(notificationsFromLive([SLACK, EMAIL], live)).toEqual([
      rotated,
      EMAIL,
      { ...EMAIL, emailAddress: "new@example.com" },
    ]);
  });

  test("a notification identified by its credential (PagerDuty) that was replaced out of band is a new one", () => {
    const replaced = masked({ ...PAGER, serviceKey: "pd-other-key-7777" });
    expect(notificationsFromLive([PAGER, EMAIL], [replaced, EMAIL])).toEqual([EMAIL, replaced]);
  });

  test("a notification added out of band keeps its credentials only as the API masks them, also those it answers in full", () => {
    // The service answers webhookUrl and victorOpsRoutingKey in full (the emulator does; the public
    // service's masking of them is not documented): the program declared no credential, so its
    // output may be plain, and the full value must not be stored.
    const addedWebhook = { ...WEBHOOK, webhookSecret: mask("whsec-abcdef-1234") };
    const addedVictorOps: Notification = {
      typeName: "VICTOR_OPS",
      victorOpsApiKey: mask("vo-api-key-5678"),
      victorOpsRoutingKey: "vo-routing-key-2468",
      delayMin: 0,
      intervalMin: 60,
    };
    expect(notificationsFromLive([EMAIL], [EMAIL, addedWebhook, addedVictorOps])).toEqual([
      EMAIL,
      {
        ...WEBHOOK,
        webhookUrl: mask(WEBHOOK.webhookUrl as string),
        webhookSecret: mask("whsec-abcdef-1234"),
      },
      { ...addedVictorOps, victorOpsRoutingKey: mask("vo-routing-key-2468") },
    ]);
    expect(mask("vo-routing-key-2468")).toBe("***************2468");
    // The export command reads without a declared resource and writes a program, not state: the
    // API's answer stands (it asks for each masked value as a secret).
    expect(notificationsFromLive(undefined, [addedWebhook, addedVictorOps])).toEqual([
      addedWebhook,
      addedVictorOps,
    ]);
  });

  test("a field changed out of band shows as exactly that change", () => {
    const live = [masked({ ...SLACK, intervalMin: 15 })];
    expect(notificationsFromLive([SLACK], live)).toEqual([{ ...SLACK, intervalMin: 15 }]);
  });

  test("inputs from live keep the user's matcher order when the set is the same", () => {
    const live = {
      alertConfigId: "65f0c0ffee0000000000abcd",
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [...INPUTS.matchers].reverse(),
      notifications: INPUTS.notifications.map(masked),
      created: "2026-11-21T05:00:00Z",
    };
    expect(inputsFromLive(INPUTS, live, GROUP)).toEqual(INPUTS);
    expect(inputsFromLive(INPUTS, { ...live, enabled: false }, GROUP)).toEqual({ ...INPUTS, enabled: false });
  });

  test("inputs from the id alone (an import) hold the live matchers, [] included, as check fills them in", () => {
    const live = {
      alertConfigId: "65f0c0ffee0000000000abcd",
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [],
      notifications: [],
      created: "2026-11-21T05:00:00Z",
    };
    const fromId = {} as Parameters<typeof inputsFromLive>[0];
    expect(inputsFromLive(fromId, live, GROUP).matchers).toEqual([]);
    expect(inputsFromLive(fromId, { ...live, matchers: INPUTS.matchers }, GROUP).matchers).toEqual(
      INPUTS.matchers,
    );
  });
});

describe("AlertConfiguration read: what the service echoes is normalized", () => {
  test("fields a kind does not carry (links, flags echoed for every kind) are dropped", () => {
    expect(carriedOnly({ ...WEBHOOK, emailEnabled: false, smsEnabled: false, links: [] })).toEqual(WEBHOOK);
    expect(carriedOnly({ ...PAGER, intervalMin: 60 })).toEqual(PAGER);
    const user: Notification = {
      typeName: "USER",
      username: "ada",
      emailEnabled: true,
      smsEnabled: false,
      delayMin: 0,
      intervalMin: 60,
    };
    expect(carriedOnly({ ...user, notifierId: NOTIFIER })).toEqual({ ...user, notifierId: NOTIFIER });
  });
});

describe("AlertConfiguration update: toggle or replace", () => {
  test("only enabled changed: the toggle operation", () => {
    expect(planWrite(STATE, { ...INPUTS, enabled: false })).toBe("toggle");
  });

  test("anything else changed: the full replace", () => {
    expect(planWrite(STATE, { ...INPUTS, enabled: false, eventTypeName: "X" })).toBe("replace");
    expect(planWrite(STATE, { ...INPUTS, notifications: [EMAIL] })).toBe("replace");
    expect(planWrite(STATE, { ...INPUTS, matchers: [] })).toBe("replace");
  });

  test("nothing changed (importId only): no write", () => {
    expect(planWrite(STATE, { ...INPUTS, importId: `${GROUP}/65f0c0ffee0000000000abcd` })).toBe("none");
  });
});

describe("AlertConfiguration thresholds and severity: sent, read back, compared", () => {
  const METRIC_INPUTS: AlertConfigurationInputs = {
    groupId: GROUP,
    enabled: true,
    eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
    matchers: [],
    metricThreshold: { ...METRIC },
    severityOverride: "WARNING",
    notifications: [EMAIL],
  };
  const METRIC_STATE = {
    ...METRIC_INPUTS,
    alertConfigId: "65f0c0ffee0000000000abcd",
    created: "2026-11-21T05:00:00Z",
  };

  test("the body carries the bound and the severity when set, and leaves them out when not", () => {
    expect(toBody(METRIC_INPUTS)).toEqual({
      enabled: true,
      eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
      matchers: [],
      metricThreshold: METRIC,
      severityOverride: "WARNING",
      notifications: [EMAIL],
    });
    expect(Object.keys(toBody(INPUTS)).sort()).toEqual([
      "enabled",
      "eventTypeName",
      "matchers",
      "notifications",
    ]);
  });

  test("read returns what the service has, so a refresh after up is clean", () => {
    const live = fromApi({
      id: "65f0c0ffee0000000000abcd",
      eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
      enabled: true,
      matchers: [],
      metricThreshold: { ...METRIC },
      threshold: {},
      severityOverride: "WARNING",
      notifications: [EMAIL],
      created: "2026-11-21T05:00:00Z",
    });
    expect(live.threshold).toBeUndefined();
    expect(inputsFromLive(METRIC_INPUTS, live, GROUP)).toEqual(METRIC_INPUTS);
  });

  test("a bound changed out of band comes back as the service has it and diffs as an update", async () => {
    const live = fromApi({
      id: "65f0c0ffee0000000000abcd",
      eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
      enabled: true,
      matchers: [],
      metricThreshold: { ...METRIC, threshold: 95 },
      notifications: [EMAIL],
    });
    const read = inputsFromLive(METRIC_INPUTS, live, GROUP);
    expect(read.metricThreshold).toEqual({ ...METRIC, threshold: 95 });
    expect(read.severityOverride).toBeUndefined();
    expect(await diff({ ...METRIC_STATE, ...read }, { ...METRIC_INPUTS })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("the same bound is no change", async () => {
    expect(await diff(METRIC_STATE, { ...METRIC_INPUTS, metricThreshold: { ...METRIC } })).toEqual({
      changes: false,
      replaces: [],
    });
  });
});
