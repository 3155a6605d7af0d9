/**
 * URNs and type tokens as Pulumi writes them: `urn:pulumi:<stack>::<project>::<qualified type>::<name>`,
 * the qualified type being the parents' types and the resource's own, joined by `$`.
 *
 * The package's resources come in two forms (docs/native.md): the dynamic provider's
 * (`pulumi-nodejs:dynamic/platform:<Type>`) and the native plugin's (`platform:index:<Type>`). A stack
 * may hold either, so every match on a type token goes through here.
 */

/** The package's name: tokens `platform:index:<Type>`, config keys `platform:<setting>`. */
export const PACKAGE = "platform";

/** The name of a URN's resource: after the last `::`. */
export function nameOfUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/** The stack of a URN: its short name (`dev`), before the first `::`. */
export function stackOfUrn(urn: string): string {
  return (urn.split("::")[0] ?? "").replace(/^urn:pulumi:/, "");
}

/** The type token of a URN's resource: the last part of its qualified type. */
export function typeTokenOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.split("$").pop() ?? "";
}

/** A type token of this package, in either form. */
export const PLATFORM_TYPE_TOKEN = /^(?:pulumi-nodejs:dynamic\/platform|platform:index):(\w+)$/;

/** `AlertConfiguration` for a type token of this package (either form); undefined for any other. */
export function platformTypeName(typeToken: string): string | undefined {
  return PLATFORM_TYPE_TOKEN.exec(typeToken)?.[1];
}

/** `AlertConfiguration` for a type token of this package (either form); any other token as it is. */
export function shortType(typeToken: string): string {
  return platformTypeName(typeToken) ?? typeToken;
}

/**
 * The type name of a URN of the native form (`...::platform:index:SearchIndex::movies` ->
 * `SearchIndex`); throws, naming the token, for a URN of another package.
 */
export function nativeTypeNameOf(urn: string): string {
  const token = typeTokenOfUrn(urn);
  const [pkg, , name] = token.split(":");
  if (pkg !== PACKAGE || name === undefined)
    throw new Error(`${token} is not a type of the ${PACKAGE} package`);
  return name;
}

/** The name of a function of the native form (`platform:index:getAlerts` -> `getAlerts`); throws for another package. */
export function nativeFunctionNameOf(token: string): string {
  const [pkg, , name] = token.split(":");
  if (pkg !== PACKAGE || name === undefined)
    throw new Error(`${token} is not a function of the ${PACKAGE} package`);
  return name;
}
