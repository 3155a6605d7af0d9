/**
 * examples/native-go through the real CLI on the native plugin: the generated Go SDK (sdk/native/go)
 * by a go.mod `replace`, built offline with the toolchain's compiled Go SDK. The shared scenario
 * (languageScenario.ts); the imported index is added to main.go as a user would write it (the Go host
 * built offline generates no code). Each program run links the program (about 10 s).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../harness";
import { CLUSTER, describeLanguageScenario, GROUP, IMPORTED } from "./languageScenario";

/** The end of the program's pulumi.Run callback in main.go. */
const RUN_END = "\t\treturn nil\n\t})\n}\n";

describe("a Go program on the native plugin (examples/native-go)", () => {
  describeLanguageScenario({
    language: "go",
    program: join(repoRoot, "examples", "native-go"),
    addImported(programDir) {
      const file = join(programDir, "main.go");
      const text = readFileSync(file, "utf8");
      expect(text.endsWith(RUN_END)).toBe(true);
      const added = `\t\t// Imported with \`pulumi import platform:index:SearchIndex ${IMPORTED} <id>\`.
\t\tif _, err := platform.NewSearchIndex(ctx, "${IMPORTED}", &platform.SearchIndexArgs{
\t\t\tGroupId:        pulumi.String("${GROUP}"),
\t\t\tClusterName:    pulumi.String("${CLUSTER}"),
\t\t\tDatabase:       pulumi.String("sample_mflix"),
\t\t\tCollectionName: pulumi.String("movies"),
\t\t\tName:           pulumi.String("${IMPORTED}"),
\t\t\tDefinition:     pulumi.Any(map[string]any{"mappings": map[string]any{"dynamic": false}}),
\t\t}); err != nil {
\t\t\treturn err
\t\t}
`;
      writeFileSync(file, text.slice(0, -RUN_END.length) + added + RUN_END);
    },
  });
});
