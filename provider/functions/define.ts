/**
 * The one mechanism behind every function (`getAlerts`, `getAccessLogs`, ...): validate the arguments
 * naming the field and the rule before any request, get the API client the same way the resources do
 * (stack config `platform:*`, else `PLATFORM_*` environment variables), run, return the typed result.
 *
 * Functions run in the Pulumi program's process, not in the dynamic provider's: the program reads the
 * stack configuration from the Pulumi runtime (`pulumi.runtime.getConfig("platform:baseUrl")`), the
 * same keys `configure` hands the provider. One client per process and per configuration, so a
 * program's many function calls share the throttle, the digest nonce and the OAuth token.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { createClient, type PlatformClient, resolveClientConfig, SETTINGS } from "../client";
import type { ConfigSource } from "../framework/settings";
import { ruleMessage, toFailures } from "../framework/validation";

/** What every function takes besides its arguments. */
export interface FunctionOptions {
  /**
   * The API client to call instead of the one built from the stack configuration (tools and tests
   * that already hold one). Without it, `platform:*` stack config, else `PLATFORM_*` variables.
   */
  client?: PlatformClient;
}

/** The parameters of a function: the arguments (optional when none is required), then the options. */
// biome-ignore lint/complexity/noBannedTypes: `{}` is "an object that requires nothing", the test that makes the arguments optional.
export type FunctionParams<Args> = {} extends Args
  ? [args?: Args, options?: FunctionOptions]
  : [args: Args, options?: FunctionOptions];

/** A function of this package: arguments in, the typed result out (a promise). */
export type PlatformFunction<Args, Result> = ((...params: FunctionParams<Args>) => Promise<Result>) & {
  /** Its name and arguments schema: what the package schema of the native plugin declares of it. */
  readonly declaration: FunctionDeclaration;
};

/** What a function declares: its name (`getAlerts`, the token `platform:index:getAlerts`) and arguments. */
export interface FunctionDeclaration {
  name: string;
  args: z.ZodType;
}

/** The stack configuration of the running Pulumi program (no keys outside a program). */
export const programConfigSource: ConfigSource = { get: (key) => pulumi.runtime.getConfig(key) };

let cached: { fingerprint: string; client: PlatformClient } | undefined;

/** The `platform:*` values and the `PLATFORM_*` fallbacks a client would be built from. */
function fingerprintOf(source: ConfigSource, env: NodeJS.ProcessEnv): string {
  return JSON.stringify(
    Object.entries(SETTINGS).map(([name, setting]) => [source.get(`platform:${name}`), env[setting.env]]),
  );
}

/**
 * The client functions use: built on first use from `source` (the program's stack configuration),
 * rebuilt when the configuration changes.
 *
 * @throws PlatformError CONFIG_MISSING / CONFIG_INVALID naming the setting to set
 */
export function functionClient(
  source: ConfigSource = programConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): PlatformClient {
  const fingerprint = fingerprintOf(source, env);
  if (cached?.fingerprint !== fingerprint) {
    cached = { fingerprint, client: createClient(resolveClientConfig(source, env)) };
  }
  return cached.client;
}

/** Forgets the cached client (tests), closing it. */
export async function resetFunctionClient(): Promise<void> {
  const previous = cached;
  cached = undefined;
  await previous?.client.close();
}

/**
 * Validates `args` against `schema`; a failure is an Error naming the function, each field and its
 * rule ("getAccessLogs: nLogs must be at most 20000"), thrown before any request.
 */
export function parseFunctionArgs<S extends z.ZodType>(name: string, schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args ?? {}, { error: ruleMessage });
  if (parsed.success) return parsed.data;
  const reasons = toFailures(parsed.error.issues).map((failure) => failure.reason || "arguments are invalid");
  throw new Error(`${name}: ${reasons.join("; ")}`);
}

/**
 * Defines a function: `run` receives validated arguments and a client, and returns the typed result
 * (every list read through all its pages).
 */
export function defineFunction<S extends z.ZodType, Result>(
  name: string,
  schema: S,
  run: (client: PlatformClient, args: z.output<S>) => Promise<Result>,
): PlatformFunction<z.input<S>, Result> {
  const fn = async (...params: FunctionParams<z.input<S>>): Promise<Result> => {
    const [args, options] = params as [z.input<S> | undefined, FunctionOptions | undefined];
    const valid = parseFunctionArgs(name, schema, args);
    return run(options?.client ?? functionClient(), valid);
  };
  Object.defineProperty(fn, "name", { value: name });
  return Object.assign(fn, { declaration: { name, args: schema } });
}

/**
 * A refinement for two arguments that go together (`start` and `end`; `database` and
 * `collectionName`): one without the other names the missing one, with `hint` in parentheses.
 */
export function bothOrNeither<K extends string>(first: K, second: K, hint: string) {
  return (args: Partial<Record<K, unknown>>, ctx: z.RefinementCtx): void => {
    if ((args[first] === undefined) === (args[second] === undefined)) return;
    const [missing, given] = args[first] === undefined ? [first, second] : [second, first];
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `${missing} is required when ${given} is given (${hint})`,
    });
  };
}
