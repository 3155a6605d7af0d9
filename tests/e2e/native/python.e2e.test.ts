/**
 * examples/native-python through the real CLI on the native plugin: the generated Python SDK
 * (sdk/native/python) installed with pip into the program copy, run by the native toolchain's venv.
 * The shared scenario (languageScenario.ts); the imported index is added to __main__.py as a user
 * would write it (the Python host built offline generates no code).
 */
import { join } from "node:path";
import { repoRoot } from "../harness";
import { appendToProgram, CLUSTER, describeLanguageScenario, GROUP, IMPORTED } from "./languageScenario";

describe("a Python program on the native plugin (examples/native-python)", () => {
  describeLanguageScenario({
    language: "python",
    program: join(repoRoot, "examples", "native-python"),
    addImported(programDir) {
      appendToProgram(
        programDir,
        "__main__.py",
        `
# Imported with \`pulumi import platform:index:SearchIndex ${IMPORTED} <id>\`.
made_outside = platform.SearchIndex(
    "${IMPORTED}",
    group_id="${GROUP}",
    cluster_name="${CLUSTER}",
    database="sample_mflix",
    collection_name="movies",
    name="${IMPORTED}",
    definition={"mappings": {"dynamic": False}},
)
`,
      );
    },
  });
});
