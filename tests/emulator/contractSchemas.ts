/**
 * The vendored public contract (api/openapi/openapi-v2.yml), read for the emulator's tests: a schema's
 * properties with `$ref`s followed, so a test can compare the emulator's answers and value sets with
 * what the contract allows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export interface ContractSchema {
  type?: string;
  enum?: (string | number)[];
  pattern?: string;
  required?: string[];
  properties?: Record<string, ContractSchema>;
  items?: ContractSchema;
  readOnly?: boolean;
  $ref?: string;
  oneOf?: ContractSchema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

interface Contract {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, ContractSchema> };
}

let loaded: Contract | undefined;

export function contract(): Contract {
  loaded ??= parse(readFileSync(join(__dirname, "../../api/openapi/openapi-v2.yml"), "utf8")) as Contract;
  return loaded;
}

/** A named schema of components.schemas, `$ref`s resolved at the top. */
export function schema(name: string): ContractSchema {
  const found = contract().components.schemas[name];
  if (!found) throw new Error(`the contract has no schema ${name}`);
  return found.$ref ? schema(found.$ref.split("/").pop() as string) : found;
}

/** A property of a schema (following a `$ref` on the property or on array items). */
export function property(schemaName: string, path: string): ContractSchema {
  let current = schema(schemaName);
  for (const key of path.split(".")) {
    const next = key === "[]" ? current.items : current.properties?.[key];
    if (!next) throw new Error(`the contract's ${schemaName} has no ${path}`);
    current = next.$ref ? schema(next.$ref.split("/").pop() as string) : next;
  }
  return current;
}
