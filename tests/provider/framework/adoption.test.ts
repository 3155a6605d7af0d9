import { z } from "zod";
import { assertAdoptedIdentity, createOrAdopt, importIdSchema } from "../../../provider/framework/adoption";
import { checkWith } from "../../../provider/framework/validation";

const GROUP = "5f1a000000000000000000a1";
const INDEX = "65f0c0ffee0000000000abcd";
const names = ["groupId", "clusterName", "indexId"] as const;

describe("importIdSchema", () => {
  const schema = z.strictObject({ importId: importIdSchema(names).optional() });

  test("accepts the one id format", () => {
    expect(checkWith(schema, { importId: `${GROUP}/demo-cluster/${INDEX}` }).failures).toEqual([]);
  });

  test("check failures name the expected format", () => {
    expect(checkWith(schema, { importId: `${GROUP}-demo-cluster-${INDEX}` }).failures).toEqual([
      {
        property: "importId",
        reason: `importId must look like <groupId>/<clusterName>/<indexId>; got "${GROUP}-demo-cluster-${INDEX}"`,
      },
    ]);
    expect(checkWith(schema, { importId: `nothex/demo-cluster/${INDEX}` }).failures).toEqual([
      {
        property: "importId",
        reason:
          'importId must look like <groupId>/<clusterName>/<indexId>: groupId must be 24 hexadecimal digits (a-f, 0-9); got "nothex"',
      },
    ]);
  });
});

describe("importIdSchema with a second format", () => {
  const byNames = ["groupId", "clusterName", "database", "collectionName", "indexName"] as const;
  const schema = z.strictObject({ importId: importIdSchema(names, byNames).optional() });
  const failures = (importId: string) => checkWith(schema, { importId }).failures.map((f) => f.reason);

  test("accepts either format, told apart by the number of parts", () => {
    expect(failures(`${GROUP}/demo-cluster/${INDEX}`)).toEqual([]);
    expect(failures(`${GROUP}/demo-cluster/sample_mflix/movies/movies`)).toEqual([]);
  });

  test("a failure names both formats, or the rule of the format the parts count selects", () => {
    expect(failures("a/b")).toEqual([
      'importId must look like <groupId>/<clusterName>/<indexId> or <groupId>/<clusterName>/<database>/<collectionName>/<indexName>; got "a/b"',
    ]);
    expect(failures("nothex/demo-cluster/sample_mflix/movies/movies")).toEqual([
      'importId must look like <groupId>/<clusterName>/<database>/<collectionName>/<indexName>: groupId must be 24 hexadecimal digits (a-f, 0-9); got "nothex"',
    ]);
    // Checking a value of the second format does not change how the next value is read.
    expect(failures(`${GROUP}/demo-cluster/nothex`)).toEqual([
      'importId must look like <groupId>/<clusterName>/<indexId>: indexId must be 24 hexadecimal digits (a-f, 0-9); got "nothex"',
    ]);
  });
});

describe("assertAdoptedIdentity", () => {
  test("lists every mismatch; a value the service does not show is not one", () => {
    expect(() =>
      assertAdoptedIdentity("x/y/z", "search index", [
        ["database", "a", "b"],
        ["name", "n", "n"],
        ["collectionName", "c", undefined],
        ["type", "search", "vectorSearch"],
      ]),
    ).toThrow(
      'importId "x/y/z" names a search index whose database is "b" (inputs say "a"), type is "vectorSearch" (inputs say "search"); these fields cannot change in place',
    );
    expect(() => assertAdoptedIdentity("x/y/z", "search index", [["name", "n", "n"]])).not.toThrow();
  });
});

describe("createOrAdopt", () => {
  const base = {
    partNames: names,
    describe: "search index",
    create: async () => ({ id: "created" }),
  };

  test("without importId it creates", async () => {
    const adopt = jest.fn();
    await expect(createOrAdopt({ ...base, importId: undefined, adopt })).resolves.toEqual({ id: "created" });
    expect(adopt).not.toHaveBeenCalled();
  });

  test("with importId it adopts the parsed object instead of creating", async () => {
    const id = `${GROUP}/demo-cluster/${INDEX}`;
    const adopt = jest.fn(async () => ({ id: "adopted" }));
    await expect(
      createOrAdopt({
        ...base,
        importId: id,
        locatedBy: { groupId: GROUP, clusterName: "demo-cluster" },
        adopt,
      }),
    ).resolves.toEqual({ id: "adopted" });
    expect(adopt).toHaveBeenCalledWith({ groupId: GROUP, clusterName: "demo-cluster", indexId: INDEX }, id);
  });

  test("importId must agree with the inputs that locate the object", async () => {
    await expect(
      createOrAdopt({
        ...base,
        importId: `${GROUP}/demo-cluster/${INDEX}`,
        locatedBy: { clusterName: "other-cluster" },
        adopt: async () => ({ id: "adopted" }),
      }),
    ).rejects.toThrow(
      `importId "${GROUP}/demo-cluster/${INDEX}" names clusterName "demo-cluster", but the clusterName input is "other-cluster"; make them agree`,
    );
  });

  test("an importId naming nothing is an error, not a silent create", async () => {
    await expect(
      createOrAdopt({ ...base, importId: `${GROUP}/demo-cluster/${INDEX}`, adopt: async () => undefined }),
    ).rejects.toThrow(
      `importId "${GROUP}/demo-cluster/${INDEX}" names no existing search index; fix importId, or remove it to create a new one`,
    );
  });

  test("a malformed importId names the format", async () => {
    await expect(createOrAdopt({ ...base, importId: "x", adopt: async () => undefined })).rejects.toThrow(
      'importId must look like <groupId>/<clusterName>/<indexId>; got "x" (1 part, expected 3)',
    );
  });
});
