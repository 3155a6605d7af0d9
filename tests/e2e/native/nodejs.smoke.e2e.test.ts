/**
 * A TypeScript program on the native plugin (tests/e2e/programs/native-nodejs): the generated Node.js
 * SDK as the package ships it, compiled into dist/ and imported as `pulumi-cluster-platform/native`.
 * The shared scenario (languageScenario.ts); the imported index is added to index.ts as a user would
 * write it (the Node.js host built offline generates no code).
 */
import { join } from "node:path";
import { appendToProgram, CLUSTER, describeLanguageScenario, GROUP, IMPORTED } from "./languageScenario";

describe("a TypeScript program on the native plugin (the generated Node.js SDK)", () => {
  describeLanguageScenario({
    language: "nodejs",
    program: join(__dirname, "..", "programs", "native-nodejs"),
    addImported(programDir) {
      appendToProgram(
        programDir,
        "index.ts",
        `
// Imported with \`pulumi import platform:index:SearchIndex ${IMPORTED} <id>\`.
new platform.SearchIndex("${IMPORTED}", {
  groupId: "${GROUP}",
  clusterName: "${CLUSTER}",
  database: "sample_mflix",
  collectionName: "movies",
  name: "${IMPORTED}",
  definition: { mappings: { dynamic: false } },
});
`,
      );
    },
  });
});
