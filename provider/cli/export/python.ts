/**
 * The program `pulumi-cluster-platform export --language python` writes (pure: no I/O): __main__.py and
 * requirements.txt (schema.ts says what the native programs share).
 */
import { dependencies, type ExportPlan } from "./plan";
import {
  header,
  type NativeVersions,
  PACKAGE_DIR,
  type PackageSchema,
  resourceProperties,
  secretKeyOf,
  type ValueWriter,
  writeFields,
} from "./schema";

// ---------------------------------------------------------------------------------------------
// Python: keyword arguments and `<Type>Args` classes of the generated SDK (pulumi_cluster_platform).

/**
 * A schema name as the Python SDK spells it: Pulumi's Python code generator's rule (PyName in
 * pkg/codegen/python), with a run of capitals kept as one word (`pointInTimeUTCSeconds` is
 * `point_in_time_utc_seconds`) and a digit or `s` right after such a run kept in it.
 */
export function pythonName(name: string): string {
  const words: string[] = [];
  let word = "";
  let state: "first" | "upper" | "acronym" | "lowerOrDigit" = "first";
  for (const char of name) {
    const upper = char !== char.toLowerCase() && char === char.toUpperCase();
    switch (state) {
      case "first":
      case "upper":
        word += upper ? char.toLowerCase() : char;
        state = upper ? (state === "first" ? "upper" : "acronym") : "lowerOrDigit";
        break;
      case "acronym":
        if (upper) word += char.toLowerCase();
        else if (/[0-9s]/.test(char)) {
          word += char;
          state = "lowerOrDigit";
        } else {
          // The last capital starts the next word (`UTCSeconds`: `utc`, `seconds`).
          words.push(word.slice(0, -1));
          word = `${word.slice(-1)}${char}`;
          state = "lowerOrDigit";
        }
        break;
      case "lowerOrDigit":
        if (upper) {
          words.push(word);
          word = char.toLowerCase();
          state = "upper";
        } else word += char;
        break;
    }
  }
  words.push(word);
  return words.join("_");
}

function pythonAny(value: unknown, indent: number): string {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `config.require_secret(${JSON.stringify(secret)})`;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  if (Array.isArray(value))
    return pythonList(
      value.map((item) => pythonAny(item, indent + 4)),
      indent,
    );
  return pythonDict(
    Object.entries(value).map(([key, member]) => [key, pythonAny(member, indent + 4)]),
    indent,
  );
}

function pythonList(items: string[], indent: number): string {
  if (items.length === 0) return "[]";
  const pad = " ".repeat(indent + 4);
  return `[\n${items.map((item) => `${pad}${item},\n`).join("")}${" ".repeat(indent)}]`;
}

function pythonDict(entries: Array<[string, string]>, indent: number): string {
  if (entries.length === 0) return "{}";
  const pad = " ".repeat(indent + 4);
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${item},\n`).join("")}${" ".repeat(indent)}}`;
}

/** `name=value` lines of a call at `indent` (the call's own indentation). */
function pythonCall(callee: string, lines: string[], indent: number): string {
  if (lines.length === 0) return `${callee}()`;
  const pad = " ".repeat(indent + 4);
  return `${callee}(\n${lines.map((line) => `${pad}${line},\n`).join("")}${" ".repeat(indent)})`;
}

/** Python values: an argument's at 8 spaces (inside its call in __main__.py), 4 more per nesting. */
const pythonIndent = (depth: number) => 8 + 4 * depth;

const PYTHON_WRITER: ValueWriter<string> = {
  secret: (key) => `config.require_secret(${JSON.stringify(key)})`,
  scalar: (value) => pythonAny(value, 0),
  any: (value, depth) => pythonAny(value, pythonIndent(depth)),
  array: (items, _item, depth) => pythonList(items, pythonIndent(depth)),
  map: (entries, _value, depth) => pythonDict(entries, pythonIndent(depth)),
  object: (fields, name, depth) =>
    pythonCall(`platform.${name}Args`, pythonArguments(fields), pythonIndent(depth)),
};

function pythonArguments(fields: Array<[string, string]>): string[] {
  return fields.map(([name, value]) => `${pythonName(name)}=${value}`);
}

export function pythonProgram(plan: ExportPlan, schema: PackageSchema): string {
  const blocks = plan.types.map((declared) => {
    const properties = resourceProperties(schema, declared.entry.type);
    const after = dependencies(plan, declared);
    const options =
      after.length > 0
        ? [
            `opts=pulumi.ResourceOptions(depends_on=[${after.map(({ entry }) => `*${pythonName(entry.configKey)}`).join(", ")}])`,
          ]
        : [];
    const calls = declared.resources.map(({ name, args }) =>
      pythonCall(
        `platform.${declared.entry.type}`,
        [
          JSON.stringify(name),
          ...pythonArguments(
            writeFields(schema, PYTHON_WRITER, args, properties, `${declared.entry.type} ${name}`),
          ),
          ...options,
        ],
        4,
      ),
    );
    return `${pythonName(declared.entry.configKey)} = ${pythonList(calls, 0)}`;
  });
  const count = plan.types.map(({ entry }) => `len(${pythonName(entry.configKey)})`).join(" + ") || "0";
  return [
    `"""${header(plan, "python").join("\n")}"""`,
    "import pulumi",
    "import pulumi_cluster_platform as platform",
    "",
    ...(plan.secrets.length > 0 ? ["config = pulumi.Config()", ""] : []),
    ...blocks.flatMap((block) => [block, ""]),
    `pulumi.export("resourceCount", ${count})`,
    "",
  ].join("\n");
}

export function requirementsTxt(versions: NativeVersions): string {
  return `pulumi${versions.pulumiPython}
# The generated Python SDK, shipped in the npm package (\`npm install\` first).
./${PACKAGE_DIR}/sdk/native/python
`;
}
