/**
 * The one mapping from a type token to this package's resource type and its declaration, for every
 * rule of the policy pack. Both forms of a token (`pulumi-nodejs:dynamic/platform:<Type>` and
 * `platform:index:<Type>`) go through provider/protocol/urns.ts; the type must be in the runtime's
 * resource table, so a rule can only name a declared type and a declared property.
 */
import { platformTypeName } from "../protocol/urns";
import { lookupDefinition, RESOURCE_TYPES } from "../runtime";
import type { ResourceType } from "../runtime/resources";

export type { ResourceType };

/** A declaration as the runtime's table holds it. */
export type Declaration = NonNullable<ReturnType<typeof lookupDefinition>>;

/** The declared type of a token of either form; undefined for another package's token or an undeclared type. */
export function platformTypeOf(typeToken: string): ResourceType | undefined {
  const name = platformTypeName(typeToken);
  return name !== undefined && (RESOURCE_TYPES as readonly string[]).includes(name)
    ? (name as ResourceType)
    : undefined;
}

/** The declaration of a resource type (its property table, kind and id parts). */
export function declarationOf(type: ResourceType): Declaration {
  const definition = lookupDefinition(type);
  if (definition === undefined) throw new Error(`${type} is not in the runtime's resource table`);
  return definition;
}

/**
 * A property a rule reads, checked against the declaration's property table when the rule is loaded:
 * a renamed property fails the pack's load, naming it, instead of a rule that silently passes.
 */
export function declaredProperty(type: ResourceType, property: string): string {
  if (!Object.hasOwn(declarationOf(type).properties, property))
    throw new Error(`${type} declares no property "${property}" (provider/resources, its resource.ts)`);
  return property;
}

/**
 * The key of a resource that exists once per key, from its declaration: a singleton
 * (defineSingleton) is one per id, and its id parts are all inputs. Undefined for every other kind.
 */
export function singletonKeyParts(type: ResourceType): readonly string[] | undefined {
  const definition = declarationOf(type);
  return definition.kind === "singleton" ? definition.idParts : undefined;
}

/** The types whose id names a cluster (`clusterName` among the id parts): the objects kept on one cluster. */
export function clusterScopedTypes(): ResourceType[] {
  return RESOURCE_TYPES.filter((type) => declarationOf(type).idParts.includes("clusterName"));
}
