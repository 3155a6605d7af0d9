/**
 * The committed SDKs of the native plugin (sdk/native/nodejs, python, go) are exactly what
 * `npm run generate:native-sdks` writes from provider/native/schema.json: regenerated with
 * pulumi-sdkgen from the native toolchain (which is why this is in the end-to-end tier: `npm test`
 * builds that toolchain first), any file missing, extra or different fails, named.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  differences,
  packageVersion,
  readTree,
  renderNativeSdks,
} from "../../../scripts/generate/nativeSdks";
import { DEFAULT_PLUGIN_DOWNLOAD_URL } from "../../../scripts/generate/packageSchema";

describe("the native SDKs under sdk/native", () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), "native-sdks-check-"));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  test("are what pulumi-sdkgen generates from schema.json (npm run generate:native-sdks)", () => {
    const printed = renderNativeSdks(outDir);
    expect(printed).toBe("");
    expect(differences(outDir)).toEqual([]);
  });

  test("carry the package's version and the plugin's download URL", () => {
    const version = packageVersion();
    const nodejs = JSON.parse(readTree(join(outDir, "nodejs")).get("package.json") ?? "{}") as {
      version?: string;
    };
    expect(nodejs.version).toBe(version);
    expect(readTree(join(outDir, "python")).get("setup.py")).toContain(`VERSION = "${version}"`);
    expect(JSON.parse(readTree(join(outDir, "go")).get("platform/pulumi-plugin.json") ?? "{}")).toEqual({
      resource: true,
      name: "platform",
      version,
      server: DEFAULT_PLUGIN_DOWNLOAD_URL,
    });
  });
});
