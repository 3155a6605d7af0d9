/**
 * zod as the dynamic provider host runs it: without its parser compiler, and with its translated
 * error messages loaded on first use.
 *
 * Parser compiler: zod compiles a parser (`new Function`) for each object schema the first time it
 * parses with it: about 5 ms of CPU per schema, which pays back only after hundreds of parses. A
 * provider host lives for one command and parses each schema a handful of times (a refresh of 200
 * alert configurations through pages: about 200), so there the compiled parser never pays for
 * itself. Measured on the build machine: the first parse of the alert configuration answer 7 ms
 * compiled against 1.8 ms interpreted; 400 parses 8-20 ms against 9-15 ms. The result of a parse is
 * the same either way. zod reads the setting when a schema is built, not when it parses, so runtime.ts
 * imports this module before any module that builds a schema.
 *
 * Locales: zod's index loads its locale index (`zod/v4/locales/index.cjs`, for its `z.locales`
 * export), which loads all 63 of its translations, although zod itself uses only English (which its
 * schemas module loads by itself) and this package never asks for another. Those modules are about a
 * third of what loading zod costs: 23-24 ms of CPU for zod with the compile cache, 17-18 ms with the
 * index below, reading the real index's text included (build machine, a fresh process set up as the
 * host; 98 modules against 36). So in the host, before
 * zod loads, {@link installLazyZodLocales} puts in Node's module cache, under the locale index's
 * file name, an object with the same export names, each a getter that loads its translation on first
 * read, as the real index's getters return it; `z.locales.fr()` works as before. The names and files
 * come from the real index's text; when that text no longer has the shape this expects (a new zod),
 * nothing is installed and zod loads as it always did.
 *
 * Only inside the provider host (engineWatch.ts `isProviderHost`): the emulator, tests, tools and
 * user programs keep zod's defaults.
 */
import { readFileSync } from "node:fs";
import { Module } from "node:module";
import { dirname, join } from "node:path";
import type * as Zod from "zod";
import { isProviderHost } from "./engineWatch";

/**
 * The export names of zod's locale index and the module file each one's getter reads
 * (`{ fr: "fr.cjs", ... }`), from the index's compiled text: a `var x_js_1 = require("./x.cjs")`
 * per file and an `Object.defineProperty(exports, "name", ... __importDefault(x_js_1).default ...)`
 * per name. Undefined when the text has another shape (no names, a name whose variable has no
 * require, a require no name reads).
 */
export function localeFilesOf(indexSource: string): Record<string, string> | undefined {
  const fileOfVariable = new Map<string, string>();
  for (const match of indexSource.matchAll(/var (\w+) = require\("\.\/([\w.-]+\.cjs)"\);/g)) {
    fileOfVariable.set(match[1] as string, match[2] as string);
  }
  const files: Record<string, string> = {};
  const used = new Set<string>();
  const getter =
    /Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return __importDefault\((\w+)\)\.default; \} \}\);/g;
  for (const match of indexSource.matchAll(getter)) {
    const file = fileOfVariable.get(match[2] as string);
    if (file === undefined) return undefined;
    files[match[1] as string] = file;
    used.add(match[2] as string);
  }
  if (used.size === 0 || used.size !== fileOfVariable.size) return undefined;
  return files;
}

/**
 * An object shaped as zod's locale index's exports (an ES module's, `__esModule`), whose getters
 * load each translation from `directory` on first read. `load` is `require` (tests pass their own).
 */
export function lazyLocaleExports(
  directory: string,
  files: Readonly<Record<string, string>>,
  load: (path: string) => unknown = require,
): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  Object.defineProperty(exports, "__esModule", { value: true });
  for (const [name, file] of Object.entries(files)) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      // As the real index's `__importDefault(module).default`.
      get: () => {
        const loaded = load(join(directory, file)) as { __esModule?: boolean; default?: unknown };
        return loaded?.__esModule ? loaded.default : loaded;
      },
    });
  }
  return exports;
}

/**
 * Puts the lazy locale index in Node's module cache, unless zod's index is loaded already or the
 * locale index has an unexpected shape. Returns whether it did. Never throws: this only saves time.
 */
export function installLazyZodLocales(): boolean {
  try {
    const indexPath = require.resolve("zod/v4/locales/index.cjs");
    if (require.cache[indexPath] !== undefined) return false;
    const files = localeFilesOf(readFileSync(indexPath, "utf8"));
    if (files === undefined) return false;
    const module = new Module(indexPath);
    module.filename = indexPath;
    module.exports = lazyLocaleExports(dirname(indexPath), files);
    module.loaded = true;
    require.cache[indexPath] = module;
    return true;
  } catch {
    return false;
  }
}

/**
 * In the provider host: the lazy locale index, then zod without its parser compiler. Returns whether
 * this process is the host.
 */
export function configureZodInProviderHost(argv: readonly string[] = process.argv): boolean {
  if (!isProviderHost(argv)) return false;
  installLazyZodLocales();
  // Loaded here, after the line above, rather than imported at the top: an import would load zod
  // (and its locale index) before this function runs.
  const { config } = require("zod") as typeof Zod;
  config({ jitless: true });
  return true;
}

configureZodInProviderHost();
