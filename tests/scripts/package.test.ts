/**
 * The release's names and versions (scripts/package.ts): the archive name Pulumi's installer looks
 * for, the Go tag, and the one version and download URL every committed artifact carries.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PLUGIN_DOWNLOAD_URL } from "../../scripts/generate/packageSchema";
import {
  checksumFileName,
  GO_MODULE,
  goModuleTag,
  parseNodeBinaries,
  pluginArchiveName,
  pluginPlatformOf,
  runtimePackageDirs,
  UNIX_LAUNCHER,
} from "../../scripts/package";

const ROOT = join(__dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;
const VERSION = json("package.json").version as string;

test("the plugin archive has the name Pulumi's installer expects", () => {
  expect(pluginArchiveName("0.1.0", "linux-amd64")).toBe(
    "pulumi-resource-platform-v0.1.0-linux-amd64.tar.gz",
  );
  expect(pluginArchiveName("1.2.3-beta.1", "darwin-arm64")).toBe(
    "pulumi-resource-platform-v1.2.3-beta.1-darwin-arm64.tar.gz",
  );
});

test("Node.js platforms map to Go's os and arch names, others are refused naming the platform", () => {
  expect(pluginPlatformOf("linux", "x64")).toBe("linux-amd64");
  expect(pluginPlatformOf("darwin", "arm64")).toBe("darwin-arm64");
  expect(pluginPlatformOf("win32", "x64")).toBe("windows-amd64");
  expect(() => pluginPlatformOf("freebsd", "x64")).toThrow(
    "platform freebsd-x64 is not one Pulumi's plugin installer accepts (linux, darwin, windows × x64, arm64)",
  );
});

test("--node values name a platform the installer accepts and a binary", () => {
  expect([...parseNodeBinaries(["linux-arm64=/n/node", "windows-amd64=C:/n/node.exe"])]).toEqual([
    ["linux-arm64", "/n/node"],
    ["windows-amd64", "C:/n/node.exe"],
  ]);
  expect(() => parseNodeBinaries(["linux-x64=/n/node"])).toThrow(
    "--node linux-x64=/n/node: expected <os>-<arch>=<node binary>, os linux|darwin|windows, arch amd64|arm64",
  );
});

test("the Go SDK is tagged with its folder, and the checksum file follows Pulumi's name", () => {
  expect(goModuleTag("0.1.0")).toBe("sdk/native/go/v0.1.0");
  expect(read("sdk/native/go/go.mod").split("\n")[0]).toBe(`module ${GO_MODULE}`);
  expect(checksumFileName("0.1.0")).toBe("pulumi-platform_0.1.0_checksums.txt");
});

test("the launcher runs the archive's own Node.js on the compiled plugin", () => {
  expect(UNIX_LAUNCHER.split("\n").slice(-3)).toEqual([
    "unset NODE_OPTIONS",
    'exec "$here/node/bin/node" "$here/dist/provider/native/main.js" "$@"',
    "",
  ]);
});

test("the plugin's runtime packages are the package's dependencies and theirs, never a devDependency", () => {
  const dirs = runtimePackageDirs();
  for (const name of Object.keys(json("package.json").dependencies as Record<string, string>)) {
    expect(dirs).toContain(`node_modules/${name}`);
  }
  for (const name of ["typescript", "jest", "@biomejs/biome", "node", "ts-node"]) {
    expect(dirs).not.toContain(`node_modules/${name}`);
  }
});

test("the schema and every SDK carry package.json's version", () => {
  expect(json("provider/native/schema.json").version).toBe(VERSION);
  expect(json("sdk/native/nodejs/package.json").version).toBe(VERSION);
  expect(json("sdk/native/python/pulumi_cluster_platform/pulumi-plugin.json").version).toBe(VERSION);
  expect(json("sdk/native/go/platform/pulumi-plugin.json").version).toBe(VERSION);
  expect(/^VERSION = "(.*)"$/m.exec(read("sdk/native/python/setup.py"))?.[1]).toBe(VERSION);
});

test("the schema and every SDK carry the release's download URL", () => {
  expect(DEFAULT_PLUGIN_DOWNLOAD_URL).toBe(
    "github://api.github.com/pulumi-cluster-platform/pulumi-cluster-platform",
  );
  expect(json("provider/native/schema.json").pluginDownloadURL).toBe(DEFAULT_PLUGIN_DOWNLOAD_URL);
  for (const file of [
    "sdk/native/python/pulumi_cluster_platform/pulumi-plugin.json",
    "sdk/native/go/platform/pulumi-plugin.json",
  ]) {
    expect(json(file).server).toBe(DEFAULT_PLUGIN_DOWNLOAD_URL);
  }
  expect((json("sdk/native/nodejs/package.json").pulumi as Record<string, unknown>).server).toBe(
    DEFAULT_PLUGIN_DOWNLOAD_URL,
  );
  expect(read("sdk/native/go/platform/internal/pulumiUtilities.go")).toContain(
    `pulumi.PluginDownloadURL("${DEFAULT_PLUGIN_DOWNLOAD_URL}")`,
  );
  expect(read("sdk/native/python/pulumi_cluster_platform/_utilities.py")).toContain(
    `return "${DEFAULT_PLUGIN_DOWNLOAD_URL}"`,
  );
  expect(read("sdk/native/nodejs/utilities.ts")).toContain(`"${DEFAULT_PLUGIN_DOWNLOAD_URL}"`);
});
