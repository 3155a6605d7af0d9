/**
 * The engine's `Cancel` (what a Ctrl-C during `pulumi up` sends every provider) over a real gRPC
 * connection: a create waiting for its search index ends at once, the way a timeout ends it, with
 * the object kept in state (`ErrorResourceInitFailed` with its id), and a later update (what the next
 * `pulumi up` sends for an object with an initialization error) waits again and settles it: one
 * create request in all, one index on the service.
 *
 * The first server's clock never ends a sleep: without Cancel its wait would never end.
 */
import type * as grpc from "@grpc/grpc-js";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import type { WaitClock } from "../../../provider/framework/waiter";
import { lookupDefinition, providerWith } from "../../../provider/runtime";
import { GROUP, useEmulatorFixture } from "../resources/emulatorFixture";
import { startLoopbackPlugin } from "./loopbackPlugin";

// A build takes an hour of emulator time, which moves only when the test moves it.
const fx = useEmulatorFixture({ asyncDelayMs: 60 * 60_000 });
const URN = "urn:pulumi:dev::native::platform:index:SearchIndex::movies";
const INDEX = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
  definition: { mappings: { dynamic: true } },
};

/** A plugin process's server: started on loopback with `clock`, each log line passed to `onLog`. */
function startPlugin(clock: () => WaitClock, onLog: (line: string) => void) {
  return startLoopbackPlugin({
    version: "0.1.0-test",
    schema: () => '{"name":"platform"}',
    resource: lookupDefinition,
    provider: (type) => providerWith(type, { client: () => fx.client, clock: clock() }),
    invoke: async () => undefined,
    log: (_urn, line) => onLog(line),
  });
}

/** The `ErrorResourceInitFailed` detail of a gRPC error, as the engine decodes it. */
function initFailed(error: grpc.ServiceError): providerProto.ErrorResourceInitFailed {
  const bytes = error.metadata.get("grpc-status-details-bin")[0] as Buffer;
  const any = statusProto.Status.deserializeBinary(new Uint8Array(bytes)).getDetailsList()[0];
  expect(any?.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
  return providerProto.ErrorResourceInitFailed.deserializeBinary(any?.getValue_asU8() ?? new Uint8Array());
}

const struct = (value: Record<string, unknown>) =>
  structProto.Struct.fromJavaScript(value as Record<string, never>);

test("Cancel during a create's wait keeps the object in state; the next update settles it, with no second create", async () => {
  // Never ends a sleep by itself, and the emulator's time stands still: only Cancel ends this wait.
  const stalled: WaitClock = {
    now: () => fx.emu.now(),
    sleep: () => new Promise(() => undefined),
    random: () => 0,
  };
  const waiting: string[] = [];
  let waitBegan: () => void = () => undefined;
  const began = new Promise<void>((resolve) => {
    waitBegan = resolve;
  });
  const first = await startPlugin(
    () => stalled,
    (line) => {
      waiting.push(line);
      waitBegan();
    },
  );
  try {
    const check = new providerProto.CheckRequest();
    check.setUrn(URN);
    check.setNews(struct(INDEX));
    const checked = await first.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", check);
    const inputs = checked.getInputs()?.toJavaScript() as Record<string, unknown>;
    const create = new providerProto.CreateRequest();
    create.setUrn(URN);
    create.setProperties(checked.getInputs());
    const creating = first.call<providerProto.CreateRequest, providerProto.CreateResponse>("create", create);
    const outcome = creating.then(
      () => undefined,
      (error: grpc.ServiceError) => error,
    );

    await began;
    expect(waiting[0]).toMatch(
      /^platform: search index movies on demo-cluster \(sample_mflix\.movies\): PENDING/,
    );
    await first.call("cancel", new emptyProto.Empty());
    const error = await outcome;
    if (error === undefined) throw new Error("the create succeeded: the wait was not cancelled");

    const [live] = await fx.client.searchIndexes.list(GROUP, "demo-cluster");
    const id = `${GROUP}/demo-cluster/${live?.indexID}`;
    const message =
      `cancelled after 0s waiting for search index movies on demo-cluster (sample_mflix.movies): ` +
      "still in state PENDING (waiting for READY); it may still finish on the service's side. " +
      "Run the command again to wait for it, or pulumi refresh to pick up its final state";
    expect(error.details).toBe(message);
    const detail = initFailed(error);
    expect(detail.getId()).toBe(id);
    expect(detail.getReasonsList()).toEqual([message]);
    const kept = detail.getProperties()?.toJavaScript() as Record<string, unknown>;
    expect(kept).toMatchObject({ ...INDEX, indexId: live?.indexID, status: "PENDING" });

    // The next `pulumi up` runs a new plugin process; its update of the kept object waits again.
    const second = await startPlugin(
      () => fx.clock,
      () => undefined,
    );
    try {
      const update = new providerProto.UpdateRequest();
      update.setUrn(URN);
      update.setId(id);
      update.setOlds(struct(kept));
      update.setNews(struct(inputs));
      const updated = await second.call<providerProto.UpdateRequest, providerProto.UpdateResponse>(
        "update",
        update,
      );
      expect(updated.getProperties()?.toJavaScript()).toMatchObject({
        indexId: live?.indexID,
        status: "READY",
      });
    } finally {
      await second.close();
    }
    expect((await fx.client.searchIndexes.list(GROUP, "demo-cluster")).map((index) => index.indexID)).toEqual(
      [live?.indexID],
    );
    // The digest challenge before it (401, no principal) is not a create.
    const creates = fx.emu.core.requestLog
      .list()
      .filter(
        (entry) =>
          entry.method === "POST" && entry.path.endsWith("/search/indexes") && entry.principal !== null,
      );
    expect(creates).toHaveLength(1);
  } finally {
    await first.close();
  }
});
