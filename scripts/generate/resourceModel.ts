/**
 * A resource as the generators see it: its declaration's facts joined with the types its zod schemas
 * give (typeModel.ts). One reading, for the SDK class, the docs tables and the package schema alike.
 */
import type { z } from "zod";
import type { AsynchronousLifecycle } from "../../provider/framework/lifecycle";
import type { PropertyRule, ResourceDefinition } from "../../provider/framework/resource";
import { inputProperties, type PropertyNode, type TypeNode, typeOf } from "./typeModel";

/** One input: its type and what the declaration says of it. */
export interface InputModel {
  name: string;
  type: TypeNode;
  /** The program may leave it out. */
  optional: boolean;
  /** What check fills in when it is left out. */
  defaultValue?: unknown;
  doc: string;
  rule: PropertyRule;
}

/** One output: an input as stored, or a computed property. */
export interface OutputModel {
  name: string;
  type: TypeNode;
  /** Absent until the service has set it, or left out by the program. */
  optional: boolean;
  doc: string;
  secret: boolean;
  rule: PropertyRule;
}

export interface ResourceModel {
  definition: ResourceDefinition;
  inputs: InputModel[];
  /** The computed outputs (effect "output"). */
  computed: OutputModel[];
  /** Names the SDK also exports for an earlier name of a type: alias -> type. */
  sdkAliases: Readonly<Record<string, string>>;
}

function ruleOf(definition: ResourceDefinition, name: string): PropertyRule {
  const rule = definition.properties[name];
  if (rule === undefined)
    throw new Error(`${definition.type}: property ${name} is not in the property table of its declaration`);
  return rule;
}

/**
 * The `timeouts` input's type, named for the resource, each field saying what it bounds and its
 * default (the lifecycle's).
 */
function timeoutsType(definition: ResourceDefinition, declared: TypeNode): TypeNode {
  const lifecycle = definition.lifecycle as AsynchronousLifecycle<unknown, unknown>;
  if (declared.kind !== "object" || lifecycle.kind !== "asynchronous")
    throw new Error(`${definition.type}: a timeouts input needs an asynchronous lifecycle`);
  const done = lifecycle.states?.done.join(" or ");
  const bounds: Record<string, string> = {
    create: done === undefined ? "create" : `create, until ${done}`,
    update: done === undefined ? "update" : `an update, until ${done}`,
    delete: `delete, until ${lifecycle.gone.target}`,
  };
  const properties: PropertyNode[] = declared.properties.map((property) => {
    const phase = property.name as keyof typeof lifecycle.defaultTimeouts;
    const what =
      phase === "update" && definition.updateWaits === false
        ? "an update may take: unused, an update waits for nothing"
        : `${bounds[phase] ?? phase} may take`;
    return { ...property, description: `How long ${what}. Default "${lifecycle.defaultTimeouts[phase]}".` };
  });
  return {
    ...declared,
    properties,
    name: `${definition.type}Timeouts`,
    description: 'How long the waits may take: a duration ("45m", "1h30m") or a number of seconds.',
  };
}

/** The resource model of a declared resource. */
export function resourceModel(definition: ResourceDefinition): ResourceModel {
  const inputs: InputModel[] = inputProperties(definition.inputs).map((property) => {
    const rule = ruleOf(definition, property.name);
    let type = rule.input === undefined ? property.type : typeOf(rule.input);
    if (property.name === "timeouts") type = timeoutsType(definition, type);
    const input: InputModel = {
      name: property.name,
      type,
      optional: property.optional || rule.default !== undefined,
      doc: rule.doc,
      rule,
    };
    const defaultValue = rule.default ?? property.defaultValue;
    if (defaultValue !== undefined) input.defaultValue = defaultValue;
    return input;
  });
  // In the order the property table gives them: the author's order, which the SDK and docs keep.
  const order = Object.keys(definition.properties);
  inputs.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const name of Object.keys(definition.properties)) {
    const rule = definition.properties[name] as PropertyRule;
    if (rule.effect !== "output" && !inputs.some((input) => input.name === name))
      throw new Error(`${definition.type}: property ${name} is neither an input of its schema nor an output`);
  }
  const computed: OutputModel[] = Object.entries(definition.properties)
    .filter(([, rule]) => rule.effect === "output")
    .map(([name, rule]) => {
      if (rule.type === undefined) throw new Error(`${definition.type}: output ${name} has no type`);
      return {
        name,
        type: typeOf(rule.type as z.ZodType),
        optional: rule.optional === true,
        doc: rule.doc,
        secret: rule.secret === true,
        rule,
      };
    });
  return { definition, inputs, computed, sdkAliases: definition.sdkAliases ?? {} };
}

/**
 * Every output of the resource, in order: the inputs as stored (those check keeps), then the computed
 * ones. An input is always present in the outputs when check fills it in or the program must give it.
 */
export function outputProperties(model: ResourceModel): OutputModel[] {
  const stored: OutputModel[] = model.inputs
    .filter((input) => input.rule.notStored !== true)
    .map((input) => ({
      name: input.name,
      type: input.rule.type === undefined ? input.type : typeOf(input.rule.type),
      optional: input.optional && input.defaultValue === undefined && input.rule.alwaysSet !== true,
      doc: input.doc,
      secret: input.rule.secret === true,
      rule: input.rule,
    }));
  return [...stored, ...model.computed];
}
