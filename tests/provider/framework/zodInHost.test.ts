/**
 * The provider host builds zod schemas without the parser compiler and loads zod's translations on
 * first use (provider/framework/zodInHost.ts); other processes keep zod's defaults. Checked in child
 * processes whose script path is (or is not) the dynamic provider host's, loading the runtime as the
 * shim does and then parsing an alert configuration answer with the client's schema: the compiler's
 * work shows as `new Function` calls, which the probe counts, and the translations as modules of
 * zod's locale folder in Node's module cache. The parts that read zod's locale index are unit tested
 * below against the installed zod.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { lazyLocaleExports, localeFilesOf } from "../../../provider/framework/zodInHost";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const RUNTIME = join(REPO, "provider", "framework", "runtime.ts");
const ALERT_CONFIGS = join(REPO, "provider", "client", "alertConfigs.ts");
const ANSWER = {
  id: "6a1f00000000000000000001",
  groupId: "6a1f00000000000000000002",
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "app" }],
  notifications: [{ typeName: "EMAIL", emailAddress: "oncall@example.com" }],
  links: [],
};
/** Counts `new Function(...)` from here on, loads the runtime, parses twice, reports. */
const PROBE = `
let compiled = 0;
const RealFunction = Function;
globalThis.Function = new Proxy(RealFunction, {
  construct(target, args) { compiled += 1; return Reflect.construct(target, args); },
});
require(${JSON.stringify(RUNTIME)});
const { z } = require(${JSON.stringify(require.resolve("zod"))});
const { AlertConfigSchema } = require(${JSON.stringify(ALERT_CONFIGS)});
const answer = ${JSON.stringify(ANSWER)};
const first = AlertConfigSchema.parse(answer);
const second = AlertConfigSchema.parse(answer);
globalThis.Function = RealFunction;
const localeModules = () => Object.keys(require.cache).filter((path) => path.includes("/zod/v4/locales/")).length;
const localesLoaded = localeModules();
const localeNames = Object.keys(z.locales);
const french = z.locales.fr();
const frenchMessage = z.string().safeParse(1, { error: (issue) => french.localeError(issue) }).error.issues[0].message;
process.stdout.write(JSON.stringify({
  jitless: z.config().jitless === true, compiled, first, second,
  localesLoaded, localeNames, frenchMessage, localesLoadedAfterFrench: localeModules(),
}));
`;

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "zod-in-host-test-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

interface ProbeResult {
  jitless: boolean;
  compiled: number;
  first: unknown;
  second: unknown;
  /** Modules of zod's locale folder in Node's module cache after loading and parsing. */
  localesLoaded: number;
  /** `Object.keys(z.locales)`. */
  localeNames: string[];
  /** zod's message for a number where a string is expected, in French. */
  frenchMessage: string;
  localesLoadedAfterFrench: number;
}

/** zod's French message for a number where a string is expected. */
const FRENCH_MESSAGE = "Entrée invalide : chaîne de caractères attendu, nombre reçu";

/** zod's locale index as installed, and what it exports (loaded here, in the test process). */
const LOCALE_INDEX = require.resolve("zod/v4/locales/index.cjs");
const REAL_LOCALES = require(LOCALE_INDEX) as Record<string, unknown>;
const REAL_LOCALE_NAMES = Object.keys(REAL_LOCALES);

/** Runs the probe as `<work>/<scriptPath>` with the host's address argument. */
function probe(scriptPath: string): ProbeResult {
  // Whatever the runner has set, the probe decides by its own script path alone; the engine watch the
  // runtime starts finds no engine among the probe's ancestors and stays idle.
  const out = runProbeAs(work, scriptPath, PROBE, { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" });
  return JSON.parse(out) as ProbeResult;
}

test("in the provider host zod compiles no parser, loads translations on first use, and answers the same", () => {
  const result = probe(PROVIDER_HOST_SCRIPT);
  expect(result).toEqual({
    jitless: true,
    compiled: 0,
    first: ANSWER,
    second: ANSWER,
    // The stand-in index and English, which zod's schemas module loads by itself; then French.
    localesLoaded: 2,
    localeNames: REAL_LOCALE_NAMES,
    frenchMessage: FRENCH_MESSAGE,
    localesLoadedAfterFrench: 3,
  });
}, 30_000);

test("in any other process zod keeps its defaults and compiles its parsers", () => {
  const result = probe("tools/some-script.js");
  expect(result.jitless).toBe(false);
  expect(result.compiled).toBeGreaterThan(0);
  expect(result.first).toEqual(ANSWER);
  expect(result.second).toEqual(ANSWER);
  // The real index and every translation it loads.
  expect(result.localesLoaded).toBe(REAL_LOCALE_NAMES.length + 1);
  expect(result.localeNames).toEqual(REAL_LOCALE_NAMES);
  expect(result.frenchMessage).toBe(FRENCH_MESSAGE);
  expect(result.localesLoadedAfterFrench).toBe(REAL_LOCALE_NAMES.length + 1);
}, 30_000);

describe("zod's locale index", () => {
  const source = readFileSync(LOCALE_INDEX, "utf8");

  test("its text gives every export name and the file its getter reads", () => {
    const files = localeFilesOf(source);
    expect(Object.keys(files ?? {})).toEqual(REAL_LOCALE_NAMES);
    expect(files?.en).toBe("en.cjs");
    expect(files?.ptBR).toBe("pt-BR.cjs");
    for (const file of Object.values(files ?? {}))
      expect(existsSync(join(LOCALE_INDEX, "..", file))).toBe(true);
  });

  test("a text of another shape gives nothing, so zod loads as before", () => {
    expect(localeFilesOf("")).toBeUndefined();
    // A getter whose variable has no require.
    expect(localeFilesOf(source.replace(/var ar_js_1 = require\("\.\/ar\.cjs"\);/, ""))).toBeUndefined();
    // A require that no getter reads.
    expect(localeFilesOf(`${source}\nvar extra_js_1 = require("./extra.cjs");`)).toBeUndefined();
  });

  test("the stand-in's getters load a translation on first read, as the real index returns it", () => {
    const loads: string[] = [];
    const load = (path: string): unknown => {
      loads.push(path);
      return require(path);
    };
    const lazy = lazyLocaleExports(join(LOCALE_INDEX, ".."), localeFilesOf(source) ?? {}, load);
    expect(loads).toEqual([]);
    expect(Object.keys(lazy)).toEqual(REAL_LOCALE_NAMES);
    expect((lazy as { __esModule?: boolean }).__esModule).toBe(true);
    expect(lazy.fr).toBe(REAL_LOCALES.fr);
    expect(lazy.zhTW).toBe(REAL_LOCALES.zhTW);
    expect(loads).toEqual([join(LOCALE_INDEX, "..", "fr.cjs"), join(LOCALE_INDEX, "..", "zh-TW.cjs")]);
    // A module without `__esModule` is its own default, as with `__importDefault`.
    const plain = lazyLocaleExports("/x", { xx: "xx.cjs" }, () => "plain module");
    expect(plain.xx).toBe("plain module");
  });
});
