/**
 * What the SDK generator writes for secrets (scripts/generate/sdk.ts): a computed secret output is a
 * secret output, a secret input is made secret where the program gives it, and an output secret by
 * its argument asks the resource's `secrets.ts` predicate with that argument.
 */
import { z } from "zod";
import { synchronous } from "../../../provider/framework/lifecycle";
import { definition } from "../../../provider/framework/resource";
import { renderSdk } from "../../../scripts/generate/sdk";

function sdkOf(
  properties: Parameters<typeof definition>[0]["properties"],
  secretWhen?: Record<string, (args: unknown) => boolean>,
) {
  return renderSdk(
    definition(
      {
        type: "Example",
        summary: "an example",
        description: "An example.",
        inputs: z.strictObject({
          name: z.string(),
          password: z.string(),
          token: z.string().optional(),
          notifications: z.array(z.string()),
        }),
        properties,
        idParts: ["name"],
        lifecycle: synchronous("an example"),
        ...(secretWhen === undefined ? {} : { secretWhen }),
      },
      "object",
      () => {
        throw new Error("the generator builds no provider");
      },
    ),
    "example",
  );
}

const PLAIN = {
  name: { effect: "replace", doc: "Name." },
  password: { effect: "replace", doc: "Password." },
  token: { effect: "replace", doc: "Token." },
  notifications: { effect: "update", doc: "Notifications." },
  key: { effect: "output", type: z.string(), doc: "Key." },
} as const;

test("without secrets: the arguments as given, no secret outputs, pulumi imported for types only", () => {
  const sdk = sdkOf(PLAIN);
  expect(sdk).toContain('import type * as pulumi from "@pulumi/pulumi";');
  expect(sdk).toContain("      { ...args },\n");
  expect(sdk).not.toContain("secretOutputs");
});

test("a secret computed output is listed; secret inputs are wrapped where given, not listed", () => {
  const sdk = sdkOf({
    ...PLAIN,
    password: { ...PLAIN.password, secret: true },
    token: { ...PLAIN.token, secret: true },
    key: { ...PLAIN.key, secret: true },
  });
  expect(sdk).toContain('import * as pulumi from "@pulumi/pulumi";');
  expect(sdk).toContain(
    "      { ...args, password: pulumi.secret(args.password), ...(args.token === undefined ? {} : { token: pulumi.secret(args.token) }) },\n",
  );
  expect(sdk).toContain('        secretOutputs: ["key"],\n');
});

test("an output secret by its argument: the predicate is imported, exported and asked with the argument", () => {
  // The SDK calls the predicate by its own name, imported from the resource folder's secrets.ts.
  const mayHoldCredentials = (notifications: unknown) => Array.isArray(notifications);
  const sdk = sdkOf(PLAIN, { notifications: mayHoldCredentials });
  expect(sdk).toContain('import { mayHoldCredentials } from "../provider/resources/example/secrets";');
  expect(sdk).toContain('export { mayHoldCredentials } from "../provider/resources/example/secrets";');
  expect(sdk).toContain(
    '        secretOutputs: [...(mayHoldCredentials(args.notifications) ? ["notifications"] : [])],\n',
  );
});
