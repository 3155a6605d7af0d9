/**
 * Every function of the package, each a plain async function taking its arguments and optional
 * {@link FunctionOptions}; sdk/functions.ts adds the `...Output` variants. docs/functions.md lists them.
 */
export * from "./access";
export * from "./accessLogs";
export * from "./alerts";
export * from "./backup";
export { type FunctionOptions, functionClient, type PlatformFunction, resetFunctionClient } from "./define";
export * from "./search";
