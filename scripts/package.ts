/**
 * `npm run package`: everything a release publishes, built offline into a release folder (.release/,
 * git-ignored; `--out <dir>` for another), the way Pulumi's providers publish theirs
 * (docs/native.md, "Install"; .github/workflows/release.yml uploads it):
 *
 * - `pulumi-resource-platform-v<version>-<os>-<arch>.tar.gz`, the plugin archive the CLI installs
 *   (`pulumi plugin install resource platform <version> --file <archive>`, or downloads from the
 *   schema's pluginDownloadURL). Node.js travels inside it: the archive holds the launcher
 *   `pulumi-resource-platform` (a shell script; `.cmd` for Windows) at its root, `node/` (the Node.js
 *   binary), the compiled plugin (`dist/api`, `dist/provider`), its schema and its runtime
 *   dependencies (`node_modules`), so the plugin needs no Node.js on the user's PATH. Built for the
 *   host (linux-amd64, from the `node` devDependency's binary); other platforms with
 *   `--node <os>-<arch>=<node binary>` (the release workflow takes them from npm's `node-<os>-<arch>`);
 * - `schema.json`, the package schema of the release;
 * - `python/`: the SDK's wheel and sdist (`pip install <wheel>`: only `pulumi` and its own
 *   dependencies come from an index);
 * - `go/proxy/`: the Go SDK as a module proxy folder (`<module>/@v/{list,v<version>.info,.mod,.zip}`),
 *   usable with GOPROXY=file://<dir>; the published module is the repository's sdk/native/go at tag
 *   `sdk/native/go/v<version>`;
 * - `npm/`: the npm package (`npm pack`), whose `pulumi-cluster-platform/native` entry is the Node.js SDK;
 * - `pulumi-platform_<version>_checksums.txt`: the SHA-256 of every file above, `sha256sum` format.
 *
 * Versions: everything carries package.json's version. The download URL is the schema's
 * (DEFAULT_PLUGIN_DOWNLOAD_URL) unless PLATFORM_PLUGIN_DOWNLOAD_URL says another; the SDKs are rendered
 * from the release's schema either way, so they always carry the release's URL.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { packageVersion, renderNativeSdks, SCHEMA_FILE } from "./generate/nativeSdks";
import { DEFAULT_PLUGIN_DOWNLOAD_URL } from "./generate/packageSchema";

const ROOT = join(__dirname, "..");

/** The variable that replaces the schema's pluginDownloadURL in a release (a fork, a mirror). */
export const PLUGIN_DOWNLOAD_URL_VARIABLE = "PLATFORM_PLUGIN_DOWNLOAD_URL";
/** The release folder `npm run package` writes by default (git-ignored). */
export const RELEASE_DIR = ".release";
/** The plugin's executable name, which the engine runs (`pulumi-resource-<package name>`). */
export const PLUGIN_EXECUTABLE = "pulumi-resource-platform";
/** The Go SDK's module path (sdk/native/go/go.mod). */
export const GO_MODULE = "github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go";

/** The operating systems and architectures Pulumi's plugin installer accepts (Go's GOOS/GOARCH). */
export const PLUGIN_OS = ["linux", "darwin", "windows"] as const;
export const PLUGIN_ARCH = ["amd64", "arm64"] as const;
export type PluginPlatform = `${(typeof PLUGIN_OS)[number]}-${(typeof PLUGIN_ARCH)[number]}`;

/** The archive name Pulumi's installer looks for: `pulumi-resource-platform-v0.1.0-linux-amd64.tar.gz`. */
export function pluginArchiveName(version: string, platform: PluginPlatform): string {
  return `${PLUGIN_EXECUTABLE}-v${version}-${platform}.tar.gz`;
}

/** The git tag that publishes the Go SDK of a version (a module in a sub-folder is tagged with its path). */
export function goModuleTag(version: string): string {
  return `sdk/native/go/v${version}`;
}

/** The checksum file's name, Pulumi's `pulumi-<package>_<version>_checksums.txt`. */
export function checksumFileName(version: string): string {
  return `pulumi-platform_${version}_checksums.txt`;
}

/** The plugin platform of a Node.js `process.platform`/`process.arch` pair, or an error naming what is not supported. */
export function pluginPlatformOf(platform: string, arch: string): PluginPlatform {
  const os = ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[platform];
  const goArch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[arch];
  if (os === undefined || goArch === undefined) {
    throw new Error(
      `platform ${platform}-${arch} is not one Pulumi's plugin installer accepts (linux, darwin, windows × x64, arm64)`,
    );
  }
  return `${os}-${goArch}` as PluginPlatform;
}

/** Parses `--node <os>-<arch>=<path>` values; the platform must be one the installer accepts. */
export function parseNodeBinaries(values: readonly string[]): Map<PluginPlatform, string> {
  const binaries = new Map<PluginPlatform, string>();
  for (const value of values) {
    const match = /^(linux|darwin|windows)-(amd64|arm64)=(.+)$/.exec(value);
    if (match === null) {
      throw new Error(
        `--node ${value}: expected <os>-<arch>=<node binary>, os linux|darwin|windows, arch amd64|arm64`,
      );
    }
    binaries.set(`${match[1]}-${match[2]}` as PluginPlatform, match[3] as string);
  }
  return binaries;
}

/** The launcher at the archive's root, which the engine runs: Node.js from the archive on the plugin. */
export const UNIX_LAUNCHER = `#!/bin/sh
# The native provider plugin of pulumi-cluster-platform, as installed from its release archive: Pulumi's
# engine runs this file by its name and talks to the process over gRPC. Node.js comes with it (node/),
# so none is needed on PATH. NODE_OPTIONS is the user's, meant for their own programs (a --require of
# ts-node would crash the plugin): the plugin runs without it.
here="$(dirname "$(readlink -f "$0")")"
unset NODE_OPTIONS
exec "$here/node/bin/node" "$here/dist/provider/native/main.js" "$@"
`;

/** The Windows launcher (the engine probes `<name>.exe`, then `<name>.cmd`). */
export const WINDOWS_LAUNCHER = `@echo off\r
rem The native provider plugin of pulumi-cluster-platform with its own Node.js (node\\node.exe).\r
set NODE_OPTIONS=\r
"%~dp0node\\node.exe" "%~dp0dist\\provider\\native\\main.js" %*\r
`;

/**
 * The folders (relative to the project) of the packages the plugin needs at run time: the package's
 * `dependencies` and, recursively, theirs (optional ones when installed), found the way Node.js
 * resolves them (the nearest node_modules up from the dependent). Peer dependencies are the
 * dependent's user's business: the plugin brings none.
 */
export function runtimePackageDirs(root: string = ROOT): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const optional = new Set(Object.keys(manifest.optionalDependencies ?? {}));
    const names = [...Object.keys(manifest.dependencies ?? {}), ...optional];
    for (const name of names) {
      let resolved: string | undefined;
      for (let from = dir; ; from = join(from, "..")) {
        const candidate = join(from, "node_modules", name);
        if (existsSync(join(root, candidate, "package.json"))) {
          resolved = candidate;
          break;
        }
        if (from === "." || from === "") break;
      }
      if (resolved === undefined) {
        if (optional.has(name)) continue;
        throw new Error(`${name}, a dependency of ${dir === "." ? "the package" : dir}, is not installed`);
      }
      if (!found.has(resolved)) {
        found.add(resolved);
        visit(resolved);
      }
    }
  };
  visit(".");
  return [...found].sort();
}

function run(command: string, args: readonly string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
}

/** The plugin's folder for one platform: launcher, Node.js, compiled plugin, schema, dependencies. */
function stagePlugin(stage: string, platform: PluginPlatform, nodeBinary: string, schema: string): void {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const windows = platform.startsWith("windows-");
  const launcher = join(stage, windows ? `${PLUGIN_EXECUTABLE}.cmd` : PLUGIN_EXECUTABLE);
  writeFileSync(launcher, windows ? WINDOWS_LAUNCHER : UNIX_LAUNCHER);
  chmodSync(launcher, 0o755);
  const node = join(stage, "node", windows ? "node.exe" : join("bin", "node"));
  mkdirSync(join(node, ".."), { recursive: true });
  copyFileSync(nodeBinary, node);
  chmodSync(node, 0o755);
  for (const folder of ["dist/api", "dist/provider"]) {
    cpSync(join(ROOT, folder), join(stage, folder), {
      recursive: true,
      filter: (source) => !source.endsWith(".map") && !source.endsWith(".d.ts"),
    });
  }
  // provider/native/main.ts reads the version and the schema from the package root (this folder).
  const { name, version, license } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<
    string,
    string
  >;
  writeFileSync(join(stage, "package.json"), `${JSON.stringify({ name, version, license }, null, 2)}\n`);
  mkdirSync(join(stage, "provider", "native"), { recursive: true });
  writeFileSync(join(stage, "provider", "native", "schema.json"), schema);
  for (const dir of runtimePackageDirs()) {
    cpSync(join(ROOT, dir), join(stage, dir), {
      recursive: true,
      // Nested node_modules are dependencies of their own, copied when the walk reaches them.
      filter: (source) => relative(join(ROOT, dir), source).split(/[/\\]/)[0] !== "node_modules",
    });
  }
  copyFileSync(join(ROOT, "LICENSE"), join(stage, "LICENSE"));
  copyFileSync(join(ROOT, "README.md"), join(stage, "README.md"));
}

/** The Go SDK as a module proxy folder: `<proxy>/<module>/@v/{list,v<version>.info,.mod,.zip}`. */
function stageGoModule(sdkDir: string, proxyDir: string, workDir: string, version: string): void {
  const tag = `v${version}`;
  const versions = join(proxyDir, GO_MODULE, "@v");
  mkdirSync(versions, { recursive: true });
  // Module zip entries are `<module>@<version>/<file>` (https://go.dev/ref/mod#zip-files).
  const zipRoot = join(workDir, "go-zip");
  rmSync(zipRoot, { recursive: true, force: true });
  cpSync(sdkDir, join(zipRoot, `${GO_MODULE}@${tag}`), { recursive: true });
  run("zip", ["-q", "-r", "-X", join(versions, `${tag}.zip`), `${GO_MODULE}@${tag}`], zipRoot);
  copyFileSync(join(sdkDir, "go.mod"), join(versions, `${tag}.mod`));
  writeFileSync(
    join(versions, `${tag}.info`),
    `${JSON.stringify({ Version: tag, Time: new Date().toISOString() })}\n`,
  );
  writeFileSync(join(versions, "list"), `${tag}\n`);
}

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true })
    .flatMap((entry) => {
      const path = under === "" ? entry.name : `${under}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(dir, path) : [path];
    })
    .sort();
}

export interface PackageOptions {
  /** The release folder (emptied first). */
  out: string;
  /** Node.js binaries for platforms other than the host's. */
  nodeBinaries: Map<PluginPlatform, string>;
  /** The schema's pluginDownloadURL in this release. */
  pluginDownloadURL: string;
}

/** Builds the release into `options.out` and returns the files written, relative to it. */
export function buildRelease(options: PackageOptions): string[] {
  const version = packageVersion();
  const out = options.out;
  const work = join(out, ".work");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const say = (line: string) => process.stdout.write(`[package] ${line}\n`);

  const schema = JSON.parse(readFileSync(join(ROOT, SCHEMA_FILE), "utf8")) as Record<string, unknown>;
  if (schema.version !== version) {
    throw new Error(
      `${SCHEMA_FILE} has version ${String(schema.version)}, package.json ${version}: run npm run generate`,
    );
  }
  schema.pluginDownloadURL = options.pluginDownloadURL;
  const schemaText = `${JSON.stringify(schema, null, 2)}\n`;
  writeFileSync(join(out, "schema.json"), schemaText);
  writeFileSync(join(work, "schema.json"), schemaText);
  const sdks = join(work, "sdk");
  renderNativeSdks(sdks, join(work, "schema.json"));
  say(`schema and SDKs ${version}, pluginDownloadURL ${options.pluginDownloadURL}`);

  const host = pluginPlatformOf(process.platform, process.arch);
  const nodeBinaries = new Map(options.nodeBinaries);
  if (!nodeBinaries.has(host)) nodeBinaries.set(host, join(ROOT, "node_modules", "node", "bin", "node"));
  for (const [platform, nodeBinary] of [...nodeBinaries].sort()) {
    const stage = join(work, `plugin-${platform}`);
    stagePlugin(stage, platform, nodeBinary, schemaText);
    const archive = join(out, pluginArchiveName(version, platform));
    run(
      "tar",
      ["--gzip", "--owner=0", "--group=0", "--numeric-owner", "-cf", archive, "-C", stage, "."],
      ROOT,
    );
    say(`${relative(out, archive)}: ${statSync(archive).size} bytes`);
  }

  const python = join(ROOT, ".tools", "venv", "bin", "python");
  if (!existsSync(python))
    throw new Error("the Python venv is missing from .tools: run `bash scripts/toolchain.sh --native`");
  const pythonOut = join(out, "python");
  const pythonSdk = join(sdks, "python");
  copyFileSync(join(ROOT, "sdk", "native", "README.md"), join(pythonSdk, "README.md"));
  const offline = { ...process.env, PIP_NO_INDEX: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
  execFileSync(
    python,
    ["-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", pythonOut, "."],
    {
      cwd: pythonSdk,
      env: offline,
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  execFileSync(python, ["setup.py", "-q", "sdist", "-d", pythonOut], {
    cwd: pythonSdk,
    env: offline,
    stdio: ["ignore", "inherit", "inherit"],
  });
  say(`python: ${readdirSync(pythonOut).sort().join(", ")}`);

  stageGoModule(join(sdks, "go"), join(out, "go", "proxy"), work, version);
  say(`go: ${GO_MODULE}@v${version} (tag ${goModuleTag(version)})`);

  mkdirSync(join(out, "npm"));
  run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", join(out, "npm")], ROOT);
  say(`npm: ${readdirSync(join(out, "npm")).join(", ")}`);

  rmSync(work, { recursive: true, force: true });
  const files = filesUnder(out);
  const sums = files.map(
    (file) =>
      `${createHash("sha256")
        .update(readFileSync(join(out, file)))
        .digest("hex")}  ${file}\n`,
  );
  writeFileSync(join(out, checksumFileName(version)), sums.join(""));
  return [...files, checksumFileName(version)].sort();
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const nodeValues: string[] = [];
  let out = join(ROOT, RELEASE_DIR);
  for (let index = 0; index < args.length; index++) {
    const flag = args[index];
    const value = args[index + 1];
    if ((flag === "--node" || flag === "--out") && value !== undefined) {
      if (flag === "--node") nodeValues.push(value);
      else out = resolve(value);
      index++;
    } else {
      process.stderr.write(
        `unknown argument ${flag}: usage npm run package -- [--out <dir>] [--node <os>-<arch>=<node binary>]...\n`,
      );
      process.exit(2);
    }
  }
  const files = buildRelease({
    out,
    nodeBinaries: parseNodeBinaries(nodeValues),
    pluginDownloadURL: process.env[PLUGIN_DOWNLOAD_URL_VARIABLE] || DEFAULT_PLUGIN_DOWNLOAD_URL,
  });
  process.stdout.write(`[package] ${files.length} files in ${relative(process.cwd(), out) || "."}\n`);
}
