/**
 * Provider: a second (third...) provider configuration, for resources in another organization or
 * project with other credentials in the same program. Pass it as the `provider` resource option:
 *
 * ```ts
 * const secondOrg = new platform.Provider("second-org", {
 *   publicKey: config.require("secondOrgPublicKey"),
 *   privateKey: config.requireSecret("secondOrgPrivateKey"),
 * });
 * new platform.Auditing("audit", { groupId, enabled: true }, { provider: secondOrg });
 * ```
 *
 * Resources without the option keep using the default configuration (stack config `platform:*`,
 * else `PLATFORM_*` variables). Under the hood this is an explicit instance of the dynamic-resource
 * provider (`pulumi:providers:pulumi-nodejs`): the engine starts one provider process per instance and
 * sends it these arguments as its `configure` request, under the same `platform:*` keys the default
 * configuration uses (provider/framework/settings.ts), so each process builds its own client. Given
 * keys replace the `PLATFORM_*` variables; a key not given falls back to its variable (never to the
 * stack's `platform:*` config, which only the default provider receives).
 *
 * Credentials in state: like every provider's configuration, the arguments are stored with the
 * provider's entry in the state, the secret halves (`privateKey`, `clientSecret`) always as secrets
 * (encrypted by the stack's secrets provider, even when given as plain strings); no resource's state
 * holds any of them (each resource's `__provider` is the small shim, framework/shim.ts).
 */
import * as pulumi from "@pulumi/pulumi";

export interface ProviderArgs {
  /** `https://<host>/api/<service>/v2`; default PLATFORM_BASE_URL. */
  baseUrl?: pulumi.Input<string>;
  /** API key, public half (with privateKey). */
  publicKey?: pulumi.Input<string>;
  /** API key, private half; stored as a secret. */
  privateKey?: pulumi.Input<string>;
  /** Service account client id (with clientSecret). */
  clientId?: pulumi.Input<string>;
  /** Service account secret; stored as a secret. */
  clientSecret?: pulumi.Input<string>;
  /** A PEM file of extra trusted CA certificates. */
  caCertPath?: pulumi.Input<string>;
  /** The API date (YYYY-MM-DD) the client targets. */
  apiVersion?: pulumi.Input<string>;
}

/** The arguments that are credentials: always stored as secrets. */
const SECRET_ARGS: ReadonlySet<keyof ProviderArgs> = new Set(["privateKey", "clientSecret"]);

/** The provider inputs: each given argument under its `platform:<name>` key, secret halves as secrets. */
export function providerInputs(args: ProviderArgs): pulumi.Inputs {
  const inputs: pulumi.Inputs = {};
  for (const [name, value] of Object.entries(args) as Array<[keyof ProviderArgs, pulumi.Input<string>]>) {
    if (value === undefined) continue;
    inputs[`platform:${name}`] = SECRET_ARGS.has(name) ? pulumi.secret(value) : value;
  }
  return inputs;
}

export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: ProviderArgs, opts?: pulumi.ResourceOptions) {
    // "pulumi-nodejs": the package of the engine's dynamic-resource provider, which every resource of
    // this package is (type tokens pulumi-nodejs:dynamic/platform:<Type>).
    super("pulumi-nodejs", name, providerInputs(args), opts);
  }
}
