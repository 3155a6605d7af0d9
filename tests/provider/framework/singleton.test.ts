import { z } from "zod";
import { type PlatformClient, PlatformError } from "../../../provider/client";
import { synchronous } from "../../../provider/framework/lifecycle";
import { defineSingleton, PROJECT_SINGLETON_ID_PARTS } from "../../../provider/framework/singleton";
import { idPartSchema } from "../../../provider/framework/validation";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const notFound = () => new PlatformError({ code: "HTTP_404", message: "HTTP 404", status: 404 });

interface Inputs {
  groupId: string;
  enabled: boolean;
  importId?: string;
}

/** A singleton whose "live object" is one flag per project, recorded in `calls`. */
function singleton(options: { readFails?: Error; deleteFails?: Error } = {}) {
  const calls: string[] = [];
  const declared = defineSingleton<Inputs, "groupId">({
    type: "Flag",
    summary: "a flag per project",
    description: "A flag per project, for the tests of defineSingleton.",
    inputs: z.strictObject({
      groupId: idPartSchema("groupId"),
      enabled: z.boolean(),
      importId: z.string().optional(),
    }),
    properties: {
      groupId: { effect: "replace", doc: "Project id." },
      enabled: { effect: "update", doc: "The flag." },
      importId: { effect: "ignore-drift", doc: "Adoption." },
    },
    idParts: PROJECT_SINGLETON_ID_PARTS,
    lifecycle: synchronous("a flag is set when the API answers"),
    describe: ({ groupId }) => `flag of project ${groupId}`,
    async converge(_context, inputs, phase) {
      calls.push(`converge ${phase} ${inputs.groupId}`);
      return { groupId: inputs.groupId, enabled: inputs.enabled };
    },
    async read(_context, { groupId }) {
      if (options.readFails) throw options.readFails;
      return { outputs: { groupId, enabled: true }, inputs: { groupId, enabled: true } };
    },
    async restore(_context, { groupId }) {
      calls.push(`delete ${groupId}`);
      if (options.deleteFails) throw options.deleteFails;
    },
  });
  const provider = declared.providerWith({ client: () => ({}) as PlatformClient });
  return { provider, calls };
}

describe("defineSingleton", () => {
  test("create converges the project's object, with or without importId; the id is the project", async () => {
    const { provider, calls } = singleton();
    expect(await provider.create({ groupId: GROUP, enabled: true })).toEqual({
      id: GROUP,
      outs: { groupId: GROUP, enabled: true },
    });
    expect(await provider.create({ groupId: GROUP, enabled: true, importId: GROUP })).toEqual({
      id: GROUP,
      outs: { groupId: GROUP, enabled: true },
    });
    expect(calls).toEqual([`converge create ${GROUP}`, `converge create ${GROUP}`]);
  });

  test("create refuses an importId that names another project", async () => {
    const { provider } = singleton();
    await expect(provider.create({ groupId: GROUP, enabled: true, importId: OTHER })).rejects.toThrow(
      `importId "${OTHER}" names groupId "${OTHER}", but the groupId input is "${GROUP}"; make them agree`,
    );
  });

  test("update converges the project the id names", async () => {
    const { provider, calls } = singleton();
    expect(await provider.update?.(GROUP, {}, { groupId: GROUP, enabled: false })).toEqual({
      outs: { groupId: GROUP, enabled: false },
    });
    expect(calls).toEqual([`converge update ${GROUP}`]);
  });

  test("read returns live outputs and inputs; a not-found read is an empty result", async () => {
    expect(await singleton().provider.read(GROUP, {})).toEqual({
      id: GROUP,
      props: { groupId: GROUP, enabled: true },
      inputs: { groupId: GROUP, enabled: true },
    });
    expect(await singleton({ readFails: notFound() }).provider.read(GROUP, {})).toEqual({});
    await expect(singleton({ readFails: new Error("boom") }).provider.read(GROUP, {})).rejects.toThrow(
      "boom",
    );
  });

  test("delete restores the project's object; not found means nothing to do, other errors fail", async () => {
    await expect(singleton({ deleteFails: notFound() }).provider.delete(GROUP, {})).resolves.toBeUndefined();
    await expect(singleton({ deleteFails: new Error("refused") }).provider.delete(GROUP, {})).rejects.toThrow(
      "refused",
    );
  });
});
