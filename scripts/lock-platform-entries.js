#!/usr/bin/env node
// Restores package-lock.json entries for platform-specific optional dependencies (other operating
// systems and CPUs) that `npm install` leaves out when the registry mirror it talks to does not
// serve their manifests. `npm ci` requires every optional dependency to have an entry, and skips
// an entry whose os/cpu/libc does not match this machine without downloading anything, so the
// entries only need a version and the platform fields, which the package names spell out.
// Run after `npm install` changes the lock file: node scripts/lock-platform-entries.js

const fs = require("node:fs");
const path = require("node:path");

const lockPath = path.join(__dirname, "..", "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = [
  "android",
  "darwin",
  "win32",
  "freebsd",
  "openharmony",
  "linux",
  "sunos",
  "aix",
  "netbsd",
  "openbsd",
];
const CPU = [
  ["arm64", "arm64"],
  ["x64", "x64"],
  ["ia32", "ia32"],
  ["ppc64", "ppc64"],
  ["s390x", "s390x"],
  ["riscv64", "riscv64"],
  ["loong64", "loong64"],
  ["arm-", "arm"],
];

function platformOf(name) {
  const base = name.split("/").pop();
  const os = OS.find((candidate) => base.includes(`-${candidate}`) || base.startsWith(`${candidate}-`));
  const cpu = CPU.find(([token]) => base.includes(`-${token}`))?.[1];
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === "linux") entry.libc = [base.includes("musl") ? "musl" : "glibc"];
  return entry;
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (packages[nested] || packages[top]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      console.warn(`left alone (not a platform package): ${dep}@${version} of ${location}`);
      continue;
    }
    packages[top] = {
      version,
      ...(meta.dev || meta.devOptional ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
