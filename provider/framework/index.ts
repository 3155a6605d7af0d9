/**
 * The framework resource implementations build on. Import from here:
 * `import { checkWith, diffInputs, waitFor, ... } from "../../framework";`
 * (runtime.ts and shim.ts are the plumbing between Pulumi and the resources; resources do not use them.)
 */

export type { AdoptionOptions } from "./adoption";
export { createOrAdopt, importIdSchema, refineProjectImportId } from "./adoption";
export type { ChangeEffect, Classification, Comparison, EqualOptions, FieldRule, InputDiff } from "./diff";
export { assertClassified, changedInputs, checkAndDiff, deepEqual, diffInputs, valuesEqual } from "./diff";
export type { KeepInStateOptions, SettleOptions } from "./errors";
export {
  isPartialFailure,
  keepInStateIfFails,
  PartialFailureError,
  partialFailure,
  settleOrKeepInState,
} from "./errors";
export type { IdPartRule } from "./ids";
export { describeIdFormat, formatId, ID_PART_RULES, idPartProblem, parseId } from "./ids";
export { isMasked, keepKnownSecret, mask, maskedSuffix, sameSecret } from "./masking";
export type { ProgressEvent, ProgressSink } from "./progress";
export { reportProgress, setProgressSink } from "./progress";
export type { ConfigSource } from "./settings";
export { configSource, isConfigured, platformClient } from "./settings";
export type { ProjectSingletonInputs, ProjectSingletonSpec, SingletonReadResult } from "./singleton";
export { PROJECT_SINGLETON_ID_PARTS, projectSingletonProvider, storedImportId } from "./singleton";
export type { DurationInput, Timeouts, TimeoutsInput } from "./timeouts";
export {
  DURATION_RULE,
  durationSchema,
  formatDuration,
  parseDuration,
  resolveTimeouts,
  timeoutsSchema,
} from "./timeouts";
export type { PlatformProvider, PropertyBag } from "./types";
export type { CheckFailure, CheckOutcome } from "./validation";
export {
  checkWith,
  containsUnknown,
  idPartSchema,
  isUnknown,
  PROVIDER_KEY,
  parseInputs,
  propertyPath,
  ruleMessage,
  toFailures,
  UNKNOWN,
} from "./validation";
export type { PhaseWaitOptions, PollResult, TimeoutPhase, WaitClock, WaitOptions } from "./waiter";
export {
  deleteAndWaitGone,
  isTransientError,
  phaseWaitFields,
  phaseWaitOptions,
  realClock,
  TRANSIENT_STATUSES,
  WaitFailedError,
  WaitGoneError,
  WaitTimeoutError,
  waitFor,
} from "./waiter";
