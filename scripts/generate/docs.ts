/**
 * The docs tables written from the declarations: each resource page's Arguments and Outputs tables,
 * the per-resource table of docs/resources.md and the README's resource table. Each sits between two
 * marker comments in a hand-written page; the prose around them is not touched.
 */
import type { AsynchronousLifecycle } from "../../provider/framework/lifecycle";
import type { PropertyRule, ResourceDefinition } from "../../provider/framework/resource";
import { resourceModel } from "./resourceModel";
import type { TypeNode } from "./typeModel";

/** The markers of a generated block named `name` in a markdown page. */
export function markers(name: string): { begin: string; end: string } {
  return {
    begin: `<!-- generated: ${name} (\`npm run generate\`; do not edit by hand) -->`,
    end: `<!-- end of generated: ${name} -->`,
  };
}

/** A page with the block named `name` replaced by `content`; an error when the page has no such block. */
export function replaceBlock(page: string, name: string, content: string, where: string): string {
  const { begin, end } = markers(name);
  const start = page.indexOf(begin);
  const stop = page.indexOf(end);
  if (start < 0 || stop < start)
    throw new Error(
      `${where} has no generated block "${name}": add the lines\n${begin}\n${end}\nwhere it goes`,
    );
  return `${page.slice(0, start + begin.length)}\n${content}\n${page.slice(stop)}`;
}

/** A markdown table cell: pipes escaped, one line. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** A type in words, for the docs' "type" column. */
export function typeInWords(node: TypeNode): string {
  if (node.name !== undefined) return `\`${node.name}\``;
  switch (node.kind) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "integer":
      return "integer";
    case "boolean":
      return "boolean";
    case "any":
      return "JSON value";
    case "literal":
      return `\`${JSON.stringify(node.value)}\``;
    case "enum":
      return node.values.map((value) => `\`${JSON.stringify(value)}\``).join(" | ");
    case "array":
      return `list of ${typeInWords(node.items)}`;
    case "map":
      return `map of ${typeInWords(node.values)}`;
    case "object":
      return `{${node.properties.map((property) => `${property.name}${property.optional ? "?" : ""}`).join(", ")}}`;
    case "union":
      return node.options.map(typeInWords).join(" or ");
  }
}

/** What a change of an input does, in the docs' words: the effect first, then what it adds. */
export function changeInWords(rule: PropertyRule): string {
  const effect = { replace: "replace", update: "update", "ignore-drift": "no effect", output: "output" }[
    rule.effect
  ];
  const qualifiers: string[] = [];
  if (rule.deleteBeforeReplace === true) qualifiers.push("deleted first");
  if (rule.compare === "set") qualifiers.push("order does not matter");
  const head = qualifiers.length === 0 ? effect : `${effect}, ${qualifiers.join(", ")}`;
  return rule.change === undefined ? head : `${head} (${rule.change})`;
}

/** The Arguments table of a resource page. */
export function argumentsTable(definition: ResourceDefinition): string {
  const model = resourceModel(definition);
  const rows = model.inputs.map((input) => {
    const rules = [input.rule.rules, input.optional ? undefined : "required"]
      .filter((part) => part !== undefined)
      .join("; ");
    return `| \`${input.name}\` | ${cell(typeInWords(input.type))} | ${cell(rules)} | ${cell(changeInWords(input.rule))} |`;
  });
  return ["| input | type | rules | on change |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** The Outputs table of a resource page: the computed outputs (every input is an output too). */
export function outputsTable(definition: ResourceDefinition): string {
  const model = resourceModel(definition);
  const rows = model.computed.map(
    (output) =>
      `| \`${output.name}\` | ${cell(typeInWords(output.type))} | ${cell(output.doc)}${output.secret ? " (secret)" : ""} |`,
  );
  return ["| output | type | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The id format in words: `<groupId>/<clusterName>/<indexId>` (and the alternative). */
function idFormat(definition: ResourceDefinition): string {
  const format = (parts: readonly string[]) => `\`${parts.map((part) => `<${part}>`).join("/")}\``;
  const alternative = definition.alternativeIdParts;
  return alternative === undefined
    ? format(definition.idParts)
    : `${format(definition.idParts)} or ${format(alternative)}`;
}

/** The inputs whose change replaces the resource, in words. */
function replacesInWords(definition: ResourceDefinition): string {
  const replacing = Object.entries(definition.properties).filter(([, rule]) => rule.effect === "replace");
  const names = replacing.map(
    ([name, rule]) => `\`${name}\`${rule.deleteBeforeReplace === true ? " (deleted first)" : ""}`,
  );
  const extra = definition.docNotes?.replaces;
  return (
    [names.join(", "), extra].filter((part) => part !== undefined && part !== "").join("; ") || "nothing"
  );
}

/** The default timeouts in words ("1h / 1h / 20m", "delete 10m", "none (synchronous)"). */
function timeoutsInWords(definition: ResourceDefinition): string {
  const lifecycle = definition.lifecycle;
  if (lifecycle.kind !== "asynchronous") return "none (synchronous)";
  const {
    create,
    update,
    delete: remove,
  } = (lifecycle as AsynchronousLifecycle<unknown, unknown>).defaultTimeouts;
  const text = lifecycle.states === undefined ? `delete ${remove}` : `${create} / ${update} / ${remove}`;
  const note = definition.docNotes?.timeouts;
  return note === undefined ? text : `${text} (${note})`;
}

/** The row of docs/resources.md's per-resource table. */
export function overviewRow(definition: ResourceDefinition, folder: string): string {
  const note = definition.docNotes?.id;
  const id = note === undefined ? idFormat(definition) : `${idFormat(definition)} (${note})`;
  return `| [${definition.type}](resources/${folder}.md) | ${cell(id)} | ${cell(timeoutsInWords(definition))} | ${cell(replacesInWords(definition))} |`;
}

/** docs/resources.md's per-resource table. */
export function overviewTable(
  definitions: ReadonlyArray<{ definition: ResourceDefinition; folder: string }>,
): string {
  return [
    "| resource | id / importId format | default timeouts (create/update/delete) | replace on change |",
    "| --- | --- | --- | --- |",
    ...definitions.map(({ definition, folder }) => overviewRow(definition, folder)),
  ].join("\n");
}

/**
 * The forms that serve a resource, for the README's table: the dynamic form always; the native plugin
 * (and so Python, Go, YAML and TypeScript through `pulumi-cluster-platform/native`) when the package
 * schema lists the type.
 */
export function formsInWords(definition: ResourceDefinition, nativeTypes: ReadonlySet<string>): string {
  return nativeTypes.has(definition.type) ? "dynamic (TS); native (TS, Python, Go, YAML)" : "dynamic (TS)";
}

/** The README's resource table; `nativeTypes`: the `<Type>`s the native plugin's package schema lists. */
export function readmeTable(
  definitions: ReadonlyArray<{ definition: ResourceDefinition; folder: string }>,
  nativeTypes: ReadonlySet<string>,
): string {
  return [
    "| class | what | id (also the `importId` format) | replaces on change of | forms | docs |",
    "| --- | --- | --- | --- | --- | --- |",
    ...definitions.map(
      ({ definition, folder }) =>
        `| \`${definition.type}\` | ${cell(definition.summary)} | ${cell(idFormat(definition))} | ${cell(replacesInWords(definition))} | ${formsInWords(definition, nativeTypes)} | [doc](docs/resources/${folder}.md) |`,
    ),
  ].join("\n");
}
