/**
 * The error of a search index create refused because the name is taken (framework/searchDefinition.ts
 * `duplicateIndexError`), shared by SearchIndex and FtsIndex: it names the index holding the name
 * when the lookup finds it, and says how to adopt either way.
 */
import { RECOVER_HINT } from "../../../provider/framework/adoption";
import { duplicateIndexError } from "../../../provider/framework/searchDefinition";

const ID_PARTS = ["groupId", "clusterName", "indexId"] as const;

test("names the index holding the name and the importId that adopts it", async () => {
  const error = await duplicateIndexError(
    { describe: "search index movies", existingId: async () => "g/c/i1", idParts: ID_PARTS },
    new Error("Duplicate Index."),
  );
  expect(error.message).toBe(
    'search index movies already exists (Duplicate Index.); choose another name, or set importId: "g/c/i1" ' +
      `to manage it with this resource; ${RECOVER_HINT}`,
  );
});

test("a failed lookup leaves the hint general, with the service's error as the reason", async () => {
  const error = await duplicateIndexError(
    {
      describe: "search index movies",
      existingId: async () => {
        throw new Error("lookup failed");
      },
      idParts: ID_PARTS,
    },
    "Duplicate Index.",
  );
  expect(error.message).toBe(
    "search index movies already exists (Duplicate Index.); choose another name, or set importId to its id " +
      `(<groupId>/<clusterName>/<indexId>) to manage it with this resource; ${RECOVER_HINT}`,
  );
});
