/**
 * The vendored public contract (api/openapi/) as a test oracle: given one recorded exchange (a request
 * and the emulator's answer), it lists every way the exchange diverges from the contract. Used by
 * scripts/contract-check.ts over the traffic of the test suites and by the fuzz test. See
 * docs/contract-check.md.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SchemaValidateFunction, ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import type { RecordedExchange } from "../../../emulator/core/trafficRecorder";
import { type Direction, FORBIDDEN_KEYWORD, SchemaConverter } from "./schemas";
import { type VariantReader, variantReader } from "./variants";

export type { RecordedExchange } from "../../../emulator/core/trafficRecorder";

/** What went wrong, in words a reader can group by. */
export type DivergenceKind =
  // requests sent by our client
  | "unknown-operation"
  | "accept-version"
  | "content-type-version"
  | "path-parameter"
  | "query-parameter"
  | "missing-body"
  | "unexpected-request-body"
  // answers
  | "undeclared-status"
  | "answer-content-type"
  | "answer-not-json"
  | "missing-answer-body"
  // bodies (either side), from the schema
  | "unknown-field"
  | "missing-field"
  | "read-only-field"
  | "write-only-field"
  | "enum"
  | "type"
  | "format"
  | "schema";

export interface Divergence {
  side: "request" | "answer";
  /** `operationId (#n)` from the contract, or `METHOD /path` when no operation matched. */
  operation: string;
  kind: DivergenceKind;
  /** JSON path in the body ("" for the whole body, or a parameter/header name), indices as `*`. */
  path: string;
  message: string;
}

export type ExchangeVerdict =
  | { kind: "skipped"; reason: string }
  | {
      kind: "checked";
      operation: string | undefined;
      /** The request body's variants (variants.ts), for a request of our client; empty otherwise. */
      variants: string[];
      /** Whether the request came from our client (and so was itself validated). */
      requestChecked: boolean;
      answerChecked: boolean;
      divergences: Divergence[];
    };

/** Requests with this User-Agent prefix come from provider/client (transport.ts USER_AGENT). */
export const CLIENT_USER_AGENT_PREFIX = "pulumi-cluster-platform-client/";

type Node = Record<string, unknown>;

interface MediaValidator {
  /** False for a media type declared only to name a version (204s, empty answers): no body checked. */
  hasSchema: boolean;
  validate: ValidateFunction;
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

interface ResponseSpec {
  /** Media type -> validator; empty when the response declares no body. */
  content: Map<string, MediaValidator>;
}

interface Operation {
  label: string;
  method: string;
  /** The path template, e.g. /api/platform/v2/groups/{groupId}/clusters/{clusterName}. */
  template: string;
  pattern: RegExp;
  pathParameterNames: string[];
  literalSegments: number;
  parameters: Map<string, Parameter & { validate: ValidateFunction }>;
  requestBody: { required: boolean; content: Map<string, MediaValidator> } | undefined;
  /** Names the variant of a request body (variants.ts); undefined when its schema has none. */
  variantOf: VariantReader | undefined;
  responses: Map<string, ResponseSpec>;
}

const CONTRACT_FILES = ["openapi-v2.yml", "openapi-v1.0.yml"];
const SERVICE_PATH = /^\/api\/([a-z][a-z0-9-]*)\/(v2|v1\.0)(?=\/|$)/;

export class ContractOracle {
  readonly operations: Operation[] = [];

  constructor(contractDir = join(__dirname, "../../../api/openapi")) {
    const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    const forbidden: SchemaValidateFunction = (flag: string) => {
      forbidden.errors = [
        { keyword: FORBIDDEN_KEYWORD, message: `is ${flag} in the contract`, params: { flag } },
      ];
      return false;
    };
    ajv.addKeyword({ keyword: FORBIDDEN_KEYWORD, schemaType: "string", errors: true, validate: forbidden });
    for (const file of CONTRACT_FILES) {
      const document = parse(readFileSync(join(contractDir, file), "utf8")) as Node;
      const components = (document.components ?? {}) as Node;
      const converter = new SchemaConverter(
        (components.schemas ?? {}) as Record<string, Node>,
        `contract:${file}`,
      );
      // The converted document is ours (schemas.ts), not input: skip validating it against the meta-schema.
      ajv.addSchema(converter.document(), undefined, undefined, false);
      this.loadOperations(document, components, converter, ajv);
    }
    // More literal segments first: /snapshots/shardedClusters before /snapshots/{snapshotId}.
    this.operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  private loadOperations(document: Node, components: Node, converter: SchemaConverter, ajv: Ajv2019): void {
    const compile = (schema: unknown, direction: Direction): ValidateFunction =>
      ajv.compile(converter.convertInline(schema ?? {}, direction) as object);
    const resolve = (node: unknown, section: string): Node => {
      const ref = (node as Node).$ref;
      if (typeof ref !== "string") return node as Node;
      const name = ref.slice(`#/components/${section}/`.length);
      const target = ((components[section] ?? {}) as Record<string, Node>)[name];
      if (!target) throw new Error(`${ref} names nothing`);
      return target;
    };
    const lazy = (schema: unknown, direction: Direction): MediaValidator => {
      let compiled: ValidateFunction | undefined;
      const validate = ((data: unknown) => {
        compiled ??= compile(schema, direction);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
      }) as ValidateFunction;
      return { hasSchema: schema !== undefined, validate };
    };
    for (const [template, pathItem] of Object.entries((document.paths ?? {}) as Record<string, Node>)) {
      for (const [method, raw] of Object.entries(pathItem)) {
        if (!["get", "put", "post", "patch", "delete"].includes(method)) continue;
        const operation = raw as Node;
        const fidelity = operation["x-fidelity-id"];
        const label = `${String(operation.operationId)}${fidelity === undefined ? "" : ` (#${String(fidelity)})`}`;
        const parameters = new Map<string, Parameter & { validate: ValidateFunction }>();
        for (const rawParameter of (operation.parameters ?? []) as unknown[]) {
          const parameter = resolve(rawParameter, "parameters");
          const name = String(parameter.name);
          parameters.set(`${String(parameter.in)}:${name}`, {
            name,
            in: String(parameter.in),
            required: parameter.required === true,
            schema: parameter.schema,
            validate: lazy(parameter.schema, "request").validate,
          });
        }
        let requestBody: Operation["requestBody"];
        let variantOf: VariantReader | undefined;
        if (operation.requestBody) {
          const body = resolve(operation.requestBody, "requestBodies");
          requestBody = { required: body.required === true, content: new Map() };
          for (const [mediaType, media] of Object.entries((body.content ?? {}) as Record<string, Node>)) {
            requestBody.content.set(mediaType, lazy(media.schema, "request"));
            variantOf ??= variantReader(media.schema, (components.schemas ?? {}) as Record<string, Node>);
          }
        }
        const responses = new Map<string, ResponseSpec>();
        for (const [status, rawResponse] of Object.entries(
          (operation.responses ?? {}) as Record<string, Node>,
        )) {
          const response = resolve(rawResponse, "responses");
          const content = new Map<string, MediaValidator>();
          for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Node>)) {
            content.set(mediaType, lazy(media.schema, "answer"));
          }
          responses.set(status, { content });
        }
        const pathParameterNames: string[] = [];
        const source = template
          .split("/")
          .map((segment) =>
            segment.replace(/\{([^}]+)\}|[^{}]+/g, (part, name: string | undefined) => {
              if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
              pathParameterNames.push(name);
              return "([^/]+)";
            }),
          )
          .join("/");
        this.operations.push({
          label,
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          pathParameterNames,
          literalSegments: template.split("/").filter((segment) => segment !== "" && !segment.includes("{"))
            .length,
          parameters,
          requestBody,
          variantOf,
          responses,
        });
      }
    }
  }

  /** The operation a method and (service-normalized) path name, with its decoded path parameters. */
  match(
    method: string,
    path: string,
  ): { operation: Operation; params: Record<string, string> } | { pathKnown: boolean } {
    let pathKnown = false;
    for (const operation of this.operations) {
      const found = operation.pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (operation.method !== method.toUpperCase()) continue;
      const params: Record<string, string> = {};
      operation.pathParameterNames.forEach((name, index) => {
        params[name] = safeDecode(found[index + 1] ?? "");
      });
      return { operation, params };
    }
    return { pathKnown };
  }

  check(exchange: RecordedExchange): ExchangeVerdict {
    const service = SERVICE_PATH.exec(exchange.path);
    if (!service || service[1] === "oauth") {
      return {
        kind: "skipped",
        reason: exchange.path.startsWith("/api/oauth/")
          ? "OAuth endpoint (not an API operation)"
          : exchange.path.startsWith("/__emulator")
            ? "emulator control API (not an API operation)"
            : "outside /api/<service>/{v2,v1.0}",
      };
    }
    // Tests may start the emulator under another service name; the contract's is "platform".
    const serviceName = service[1] ?? "platform";
    const path = `/api/platform/${service[2]}${exchange.path.slice(service[0].length)}`;
    const fromClient = (exchange.request.userAgent ?? "").startsWith(CLIENT_USER_AGENT_PREFIX);
    const found = this.match(exchange.method, path);
    const divergences: Divergence[] = [];
    if (!("operation" in found)) {
      // A hand-made request to a path or method outside the contract: its answer has no operation to
      // be checked against. A request of our client there is a divergence.
      if (fromClient) {
        divergences.push({
          side: "request",
          operation: `${exchange.method} ${path}`,
          kind: "unknown-operation",
          path: "",
          message: found.pathKnown
            ? `the contract declares no ${exchange.method} on this path`
            : "the contract declares no such path",
        });
      }
      return {
        kind: "checked",
        operation: undefined,
        variants: [],
        requestChecked: fromClient,
        answerChecked: false,
        divergences,
      };
    }
    const { operation, params } = found;
    const normalizeMedia = (value: string | null): string | null =>
      value === null ? null : mediaTypeOf(value).replace(`vnd.${serviceName}.`, "vnd.platform.");
    if (fromClient) divergences.push(...this.checkRequest(operation, params, exchange, normalizeMedia));
    divergences.push(...this.checkAnswer(operation, exchange, normalizeMedia));
    const sent = fromClient && operation.variantOf ? parseJson(exchange.request.body ?? "") : undefined;
    return {
      kind: "checked",
      operation: operation.label,
      variants: (sent?.ok ? operation.variantOf?.(sent.value) : undefined) ?? [],
      requestChecked: fromClient,
      answerChecked: true,
      divergences,
    };
  }

  private checkRequest(
    operation: Operation,
    params: Record<string, string>,
    exchange: RecordedExchange,
    normalizeMedia: (value: string | null) => string | null,
  ): Divergence[] {
    const out: Divergence[] = [];
    const add = (kind: DivergenceKind, path: string, message: string) =>
      out.push({ side: "request", operation: operation.label, kind, path, message });
    for (const [name, value] of Object.entries(params)) {
      const parameter = operation.parameters.get(`path:${name}`);
      if (parameter && !parameter.validate(value))
        add("path-parameter", name, `${JSON.stringify(value)} ${messages(parameter.validate.errors)}`);
    }
    for (const [name, value] of new URLSearchParams(exchange.query)) {
      const parameter = operation.parameters.get(`query:${name}`);
      if (!parameter) {
        add("query-parameter", name, "the contract declares no such query parameter");
        continue;
      }
      const typed = coerce(value, parameter.schema);
      if (!parameter.validate(typed))
        add("query-parameter", name, `${JSON.stringify(value)} ${messages(parameter.validate.errors)}`);
    }
    const successMedia = new Set<string>();
    for (const [status, response] of operation.responses) {
      if (status.startsWith("2")) for (const media of response.content.keys()) successMedia.add(media);
    }
    const accept = normalizeMedia(exchange.request.accept);
    if (successMedia.size > 0 && (accept === null || !successMedia.has(accept))) {
      add(
        "accept-version",
        "Accept",
        `${accept ?? "none"} is not declared; the contract lists ${[...successMedia].join(", ")}`,
      );
    }
    const body = exchange.request.body;
    if (body === null || body === "") {
      if (operation.requestBody?.required) add("missing-body", "", "the contract requires a request body");
      return out;
    }
    if (!operation.requestBody) {
      add("unexpected-request-body", "", "the contract declares no request body for this operation");
      return out;
    }
    const contentType = normalizeMedia(exchange.request.contentType);
    let media = contentType === null ? undefined : operation.requestBody.content.get(contentType);
    if (!media) {
      add(
        "content-type-version",
        "Content-Type",
        `${contentType ?? "none"} is not declared; the contract lists ${[...operation.requestBody.content.keys()].join(", ")}`,
      );
      // The body is still held to the newest declared version, so its own divergences show too.
      media = newest(operation.requestBody.content);
      if (!media) return out;
    }
    const parsed = parseJson(body);
    if (!parsed.ok) {
      add("schema", "", "the request body is not JSON");
      return out;
    }
    if (!media.validate(parsed.value))
      out.push(...schemaDivergences("request", operation.label, media.validate.errors));
    return out;
  }

  private checkAnswer(
    operation: Operation,
    exchange: RecordedExchange,
    normalizeMedia: (value: string | null) => string | null,
  ): Divergence[] {
    const out: Divergence[] = [];
    const add = (kind: DivergenceKind, path: string, message: string) =>
      out.push({ side: "answer", operation: operation.label, kind, path, message });
    const status = String(exchange.status);
    const response = operation.responses.get(status) ?? operation.responses.get("default");
    if (!response) {
      add(
        "undeclared-status",
        "",
        `${status} is not declared; the contract lists ${[...operation.responses.keys()].join(", ")}`,
      );
      return out;
    }
    const body = exchange.response.body;
    const declaresBody = [...response.content.values()].some((media) => media.hasSchema);
    if (body === null || body === "") {
      // A 204, or a media type declared only to name the version: nothing to carry.
      if (status !== "204" && declaresBody)
        add("missing-answer-body", "", `the contract declares a body for ${status}`);
      return out;
    }
    if (response.content.size === 0) {
      add("schema", "", `the contract declares no body for ${status}, the answer has one`);
      return out;
    }
    const contentType = normalizeMedia(exchange.response.contentType);
    let media = contentType === null ? undefined : response.content.get(contentType);
    if (!media) {
      add(
        "answer-content-type",
        "Content-Type",
        `${contentType ?? "none"} is not declared for ${status}; the contract lists ${[...response.content.keys()].join(", ")}`,
      );
      // The body is still held to the newest declared version, so its own divergences show too.
      media = newest(response.content);
      if (!media) return out;
    }
    if (!media.hasSchema) return out;
    const parsed = parseJson(body);
    if (!parsed.ok) {
      add("answer-not-json", "", `the ${status} answer's body is not JSON`);
      return out;
    }
    if (!media.validate(parsed.value))
      out.push(...schemaDivergences("answer", operation.label, media.validate.errors));
    return out;
  }
}

/** The media type of the newest version (ISO dates sort as text). */
function newest(content: Map<string, MediaValidator>): MediaValidator | undefined {
  const newestType = [...content.keys()].sort().at(-1);
  return newestType === undefined ? undefined : content.get(newestType);
}

/** `application/vnd.platform.2025-03-12+json; charset=utf-8` -> `application/vnd.platform.2025-03-12+json`. */
function mediaTypeOf(header: string): string {
  return (header.split(";")[0] ?? "").trim().toLowerCase();
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A query value as the type its schema declares (query strings carry only text). */
function coerce(value: string, schema: unknown): unknown {
  const type = (schema as Node | undefined)?.type;
  if ((type === "integer" || type === "number") && value.trim() !== "" && !Number.isNaN(Number(value)))
    return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

function messages(errors: ValidateFunction["errors"]): string {
  return (errors ?? []).map((error) => error.message ?? error.keyword).join("; ");
}

/** A JSON pointer as a readable path with array indices generalized: /results/0/id -> results[*].id */
export function jsonPath(pointer: string, field?: string): string {
  const segments = pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (field !== undefined) segments.push(field);
  let out = "";
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += "[*]";
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

type AjvError = NonNullable<ValidateFunction["errors"]>[number];

/**
 * With allErrors, a failed oneOf/anyOf reports the errors of every branch, most of them about branches
 * the data was never meant for (and ajv's schema paths restart at each $ref, so branches cannot be told
 * apart reliably). The outermost failed oneOf/anyOf therefore stands for everything at and below its
 * location: one divergence, naming where the alternatives disagree with the data.
 */
function collapseAlternatives(errors: readonly AjvError[]): AjvError[] {
  const failures = errors
    .filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf")
    .sort((a, b) => a.instancePath.length - b.instancePath.length);
  const outermost: AjvError[] = [];
  for (const failure of failures) {
    if (!outermost.some((kept) => within(failure.instancePath, kept.instancePath))) outermost.push(failure);
  }
  const kept: AjvError[] = [];
  for (const error of errors) {
    const owner = outermost.find((failure) => within(error.instancePath, failure.instancePath));
    if (!owner) kept.push(error);
  }
  for (const failure of outermost) {
    const where = new Set<string>();
    for (const error of errors) {
      if (error === failure || !within(error.instancePath, failure.instancePath)) continue;
      if (error.keyword === "oneOf" || error.keyword === "anyOf" || error.keyword === "unevaluatedProperties")
        continue;
      const field = error.keyword === "required" ? String(error.params.missingProperty) : undefined;
      where.add(jsonPath(error.instancePath, field) || "(body)");
    }
    const places = [...where].slice(0, 5).join(", ");
    kept.push({
      ...failure,
      message: `matches none of the contract's ${failure.keyword} alternatives${places === "" ? "" : ` (they disagree at ${places})`}`,
    });
  }
  return kept;
}

/** Whether a JSON pointer is at or below another. */
function within(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`) || ancestor === "";
}

const KIND_OF_KEYWORD: Record<string, DivergenceKind> = {
  unevaluatedProperties: "unknown-field",
  additionalProperties: "unknown-field",
  required: "missing-field",
  enum: "enum",
  const: "enum",
  type: "type",
  format: "format",
};

function schemaDivergences(
  side: "request" | "answer",
  operation: string,
  errors: ValidateFunction["errors"],
): Divergence[] {
  const out: Divergence[] = [];
  const seen = new Set<string>();
  for (const error of collapseAlternatives(errors ?? [])) {
    // `if` failures only say which branch was not taken; the taken branch reports its own errors.
    if (error.keyword === "if") continue;
    let kind: DivergenceKind = KIND_OF_KEYWORD[error.keyword] ?? "schema";
    let field: string | undefined;
    let message = error.message ?? error.keyword;
    if (error.keyword === "unevaluatedProperties") {
      field = String(error.params.unevaluatedProperty);
      message = "is not in the contract's schema";
    } else if (error.keyword === "additionalProperties") {
      field = String(error.params.additionalProperty);
      message = "is not in the contract's schema";
    } else if (error.keyword === "required") {
      field = String(error.params.missingProperty);
      message = "is required by the contract";
    } else if (error.keyword === FORBIDDEN_KEYWORD) {
      kind = error.params.flag === "read-only" ? "read-only-field" : "write-only-field";
      message =
        side === "request"
          ? "is read-only: the client must not send it"
          : "is write-only: the service never returns it";
    } else if (error.keyword === "enum") {
      message = `must be one of ${JSON.stringify(error.params.allowedValues)}`;
    }
    const divergence: Divergence = {
      side,
      operation,
      kind,
      path: jsonPath(error.instancePath, field),
      message,
    };
    const key = `${divergence.kind}|${divergence.path}|${divergence.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(divergence);
  }
  return out;
}
