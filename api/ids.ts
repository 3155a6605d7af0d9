/**
 * The shapes of the API's identifiers, as the public contract states them (api/openapi/openapi-v2.yml:
 * every `groupId`, `orgId` and object id is `^([a-f0-9]{24})$`; a cluster name is
 * `^[a-zA-Z0-9][a-zA-Z0-9-]*$`). The provider validates inputs with them and the emulator validates
 * paths and bodies with them, so both read one copy.
 *
 * Plain data only: this module imports nothing.
 */

/** A pattern and the rule it enforces, in words, for messages: "must be ...". */
export interface IdPattern {
  readonly pattern: RegExp;
  readonly rule: string;
}

/** An object id: 24 lower-case hexadecimal digits (projects, organizations, configurations, jobs ...). */
export const HEX24: IdPattern = {
  pattern: /^[a-f0-9]{24}$/,
  rule: "must be 24 hexadecimal digits (a-f, 0-9)",
};

/** A cluster (or serverless instance) name. */
export const CLUSTER_NAME: IdPattern = {
  pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]*$/,
  rule: "must start with a letter or digit and contain only letters, digits and dashes",
};

/**
 * The ARN of an AWS IAM role the platform assumes (authorize, 74a): `arn:aws:iam::<12-digit
 * account>:role/<path and name>`. The contract bounds it to 20..2048 characters; the shape is AWS's.
 */
export const IAM_ROLE_ARN: IdPattern = {
  pattern: /^arn:aws:iam::\d{12}:role\/[\w+=,.@/-]{1,128}$/,
  rule: "must be an AWS IAM role ARN: arn:aws:iam::<12-digit account>:role/<name>",
};
