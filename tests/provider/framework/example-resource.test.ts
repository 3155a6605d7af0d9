/**
 * A complete resource provider built on the framework, against an in-memory fake API: the pattern
 * every provider/resources/<name>/provider.ts follows (check, diff, create with adoption and wait,
 * read with masked secrets, update, delete), and a test that the pieces fit together.
 */
import { z } from "zod";
import {
  type Classification,
  checkWith,
  createOrAdopt,
  diffInputs,
  formatId,
  importIdSchema,
  keepKnownSecret,
  mask,
  type PlatformProvider,
  parseId,
  parseInputs,
  resolveTimeouts,
  timeoutsSchema,
  UNKNOWN,
  type WaitClock,
  waitAndSettle,
  waitFor,
} from "../../../provider/framework";

// ---- the resource's schema (schema.ts) ----
const ID_PARTS = ["groupId", "clusterName", "widgetId"] as const;
const widgetSchema = z.strictObject({
  groupId: z.string().regex(/^[a-f0-9]{24}$/, "must be 24 hexadecimal digits"),
  clusterName: z.string(),
  name: z.string().min(1).max(64),
  size: z.number().int().min(1).default(1),
  apiKey: z.string().optional(),
  importId: importIdSchema(ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});
const classification: Classification = {
  groupId: "replace",
  clusterName: "replace",
  name: "replace",
  size: "update",
  apiKey: { effect: "update", compare: "masked" },
  importId: "ignore-drift",
  timeouts: "update",
  widgetId: "output",
  state: "output",
};

// ---- a fake API (the client, in a real resource) ----
interface LiveWidget {
  widgetId: string;
  name: string;
  size: number;
  apiKey?: string;
  state: "BUILDING" | "READY";
}
const api = {
  widgets: new Map<string, LiveWidget & { polls: number }>(),
  nextId: 1,
  create(name: string, size: number, apiKey?: string): LiveWidget {
    const widgetId = this.nextId.toString(16).padStart(24, "0");
    this.nextId += 1;
    const widget = { widgetId, name, size, apiKey, state: "BUILDING" as const, polls: 0 };
    this.widgets.set(widgetId, widget);
    return { ...widget };
  },
  get(widgetId: string): LiveWidget | undefined {
    const widget = this.widgets.get(widgetId);
    if (widget === undefined) return undefined;
    widget.polls += 1;
    if (widget.polls >= 2 && widget.name !== "never-ready") widget.state = "READY";
    // The API masks credentials.
    return { ...widget, apiKey: widget.apiKey === undefined ? undefined : mask(widget.apiKey) };
  },
};

const instantClock: WaitClock = {
  now: () => clockTime,
  sleep: async (ms) => {
    clockTime += ms;
  },
  random: () => 0,
};
let clockTime = 0;

// ---- the provider (provider.ts) ----
type WidgetInputs = z.output<typeof widgetSchema>;

function outputsOf(inputs: WidgetInputs, live: LiveWidget): Record<string, unknown> {
  const { importId: _ignored, ...rest } = inputs;
  return { ...rest, widgetId: live.widgetId, state: live.state };
}

async function waitReady(inputs: WidgetInputs, widgetId: string, timeoutMs: number): Promise<LiveWidget> {
  const result = await waitFor({
    describe: `widget ${inputs.name} in ${inputs.clusterName}`,
    target: "READY",
    timeoutMs,
    clock: instantClock,
    onProgress: () => {},
    poll: async () => {
      const live = api.get(widgetId);
      return live === undefined
        ? { state: "DELETED", done: false, gone: true }
        : { state: live.state, done: live.state === "READY" };
    },
  });
  return { ...(api.get(widgetId) as LiveWidget), state: result.state as LiveWidget["state"] };
}

const widgetProvider: PlatformProvider = {
  check: async (_olds, news) => checkWith(widgetSchema, news),
  diff: async (_id, olds, news) => diffInputs(olds, news, classification),
  create: async (raw) => {
    const inputs = parseInputs(widgetSchema, raw);
    const timeouts = resolveTimeouts(inputs.timeouts, { create: "30m", update: "30m", delete: "10m" });
    return createOrAdopt({
      importId: inputs.importId,
      partNames: ID_PARTS,
      describe: `widget in ${inputs.clusterName}`,
      locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
      create: async () => {
        const live = api.create(inputs.name, inputs.size, inputs.apiKey);
        const id = formatId([inputs.groupId, inputs.clusterName, live.widgetId]);
        // Created: from here on a failure must keep the widget in state.
        return waitAndSettle({
          id,
          known: live,
          outputs: (widget) => outputsOf(inputs, widget),
          wait: () => waitReady(inputs, live.widgetId, timeouts.createMs),
        });
      },
      adopt: async (parts, id) => {
        const live = api.get(parts.widgetId);
        if (live === undefined) return undefined;
        const current = api.widgets.get(parts.widgetId);
        if (current !== undefined) current.size = inputs.size; // converge (an update call in a real resource)
        return { id, outs: outputsOf(inputs, { ...live, size: inputs.size }) };
      },
    });
  },
  read: async (id, props) => {
    const { widgetId } = parseId(id, ID_PARTS);
    const live = api.get(widgetId);
    if (live === undefined) return {}; // no id: gone
    const outs: Record<string, unknown> = {
      ...props,
      name: live.name,
      size: live.size,
      apiKey: keepKnownSecret(props.apiKey, live.apiKey),
      state: live.state,
    };
    // Inputs for later diffs: the outputs minus what the API computes.
    const { state: _state, ...inputs } = outs;
    delete inputs.widgetId;
    return { id, props: outs, inputs };
  },
  update: async (_id, olds, news) => {
    const inputs = parseInputs(widgetSchema, news);
    const current = api.widgets.get(String(olds.widgetId));
    if (current !== undefined) current.size = inputs.size;
    return { outs: { ...olds, ...outputsOf(inputs, { ...(current as LiveWidget) }) } };
  },
  delete: async (id) => {
    api.widgets.delete(parseId(id, ID_PARTS).widgetId);
  },
};

// ---- the test ----
const GROUP = "5f1a000000000000000000a1";
const base = { groupId: GROUP, clusterName: "demo-cluster", name: "w1", apiKey: "secret-key-1234" };

describe("an example resource built on the framework", () => {
  test("check normalizes, diff finds nothing after create, a size change is an update, a rename replaces", async () => {
    const checked = await widgetProvider.check({}, base);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toEqual({ ...base, size: 1 });

    const created = await widgetProvider.create(checked.inputs as Record<string, unknown>);
    expect(created.id).toMatch(new RegExp(`^${GROUP}/demo-cluster/[a-f0-9]{24}$`));
    expect(created.outs).toMatchObject({ state: "READY", size: 1 });

    const olds = created.outs as Record<string, unknown>;
    expect((await widgetProvider.diff(created.id, olds, { ...base, size: 1 })).changes).toBe(false);
    expect(await widgetProvider.diff(created.id, olds, { ...base, size: 3 })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(await widgetProvider.diff(created.id, olds, { ...base, name: "w2", size: 1 })).toMatchObject({
      replaces: ["name"],
    });
    // Preview: an unknown name means "will be replaced", not a failure.
    expect((await widgetProvider.check({}, { ...base, name: UNKNOWN })).failures).toEqual([]);
  });

  test("refresh keeps the user's secret while the masked API value matches: no diff", async () => {
    const created = await widgetProvider.create({ ...base, size: 1 });
    const read = await widgetProvider.read(created.id, created.outs as Record<string, unknown>);
    expect(read.props?.apiKey).toBe("secret-key-1234");
    expect((await widgetProvider.diff(created.id, read.props ?? {}, { ...base, size: 1 })).changes).toBe(
      false,
    );
  });

  test("a create whose wait times out stays in state", async () => {
    const error = await widgetProvider
      .create({ ...base, name: "never-ready", size: 1, timeouts: { create: "1m" } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ properties: { state: "BUILDING" } });
    expect((error as { id: string }).id).toMatch(new RegExp(`^${GROUP}/demo-cluster/`));
    expect((error as Error).message).toMatch(
      /^timed out after 1m\d*s? waiting for widget never-ready in demo-cluster: still in state BUILDING \(waiting for READY\)/,
    );
  });

  test("importId adopts an existing widget instead of creating one", async () => {
    const existing = api.create("w9", 1);
    const before = api.widgets.size;
    const importId = `${GROUP}/demo-cluster/${existing.widgetId}`;
    const adopted = await widgetProvider.create({ ...base, name: "w9", size: 5, importId });
    expect(api.widgets.size).toBe(before);
    expect(adopted.id).toBe(importId);
    expect(api.widgets.get(existing.widgetId)?.size).toBe(5);
    // importId is ignore-drift: removing it later changes nothing.
    expect(
      (
        await widgetProvider.diff(adopted.id, adopted.outs as Record<string, unknown>, {
          ...base,
          name: "w9",
          size: 5,
        })
      ).changes,
    ).toBe(false);
  });
});
