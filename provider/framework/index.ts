/**
 * The framework's public surface in one list: every part a resource implementation may use.
 *
 * The resource implementations (provider/resources/<name>/) import from the individual modules
 * (`../../framework/lifecycle`, `../../framework/diff`, ...), not from this index, so each file's
 * imports show which mechanisms it uses; this index serves tests and readers
 * (tests/provider/framework/example-resource.test.ts builds a resource from it alone). Not listed:
 * runtime.ts and shim.ts, the plumbing between Pulumi and the resources, which resources never use.
 */

export type { AdoptionOptions } from "./adoption";
export {
  createOrAdopt,
  importIdHint,
  importIdSchema,
  isAlreadyExists,
  refineProjectImportId,
} from "./adoption";
export type { ChangeEffect, Classification, Comparison, EqualOptions, FieldRule, InputDiff } from "./diff";
export { assertClassified, changedInputs, checkAndDiff, deepEqual, diffInputs, valuesEqual } from "./diff";
export { isPartialFailure, PartialFailureError, partialFailure } from "./errors";
export type { IdPartRule } from "./ids";
export { describeIdFormat, formatId, ID_PART_RULES, idPartProblem, parseId } from "./ids";
export type { JobDeclaration, JobInputs } from "./jobResource";
export { defineJob } from "./jobResource";
export type {
  AsynchronousDeclaration,
  AsynchronousLifecycle,
  DeclaredStates,
  DefaultTimeouts,
  DonePoll,
  Lifecycle,
  LifecycleState,
  LifecycleTarget,
  LifecycleVocabulary,
  PhaseWaitOptions,
  Settled,
  SettleOptions,
  SynchronousLifecycle,
  TimeoutPhase,
} from "./lifecycle";
export {
  asynchronous,
  deleteIfExists,
  deleteThenWaitGone,
  donePoll,
  gonePoll,
  isDone,
  phaseWaitFields,
  phaseWaitOptions,
  readIfExists,
  synchronous,
  waitAndSettle,
  waitUntilDone,
  waitUntilGone,
} from "./lifecycle";
export { isMasked, keepKnownSecret, mask, maskedSuffix, sameSecret } from "./masking";
export type { ListedPage, PageReader, PageReaderOptions } from "./pageReads";
export {
  createPageReader,
  PAGE_READ_PAGE_SIZE,
  PAGE_READ_THRESHOLD,
  PAGE_SNAPSHOT_MAX_AGE_MS,
} from "./pageReads";
export type { ProgressEvent, ProgressSink } from "./progress";
export { reportProgress, setProgressSink } from "./progress";
export type { ConfigSource } from "./settings";
export { configSource, isConfigured, platformClient } from "./settings";
export type { SingletonDeclaration, SingletonReadResult } from "./singleton";
export { defineSingleton, PROJECT_SINGLETON_ID_PARTS, storedImportId } from "./singleton";
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
export type { PollResult, WaitClock, WaitOptions } from "./waiter";
export {
  isTransientError,
  realClock,
  TRANSIENT_STATUSES,
  WaitFailedError,
  WaitGoneError,
  WaitTimeoutError,
  waitFor,
} from "./waiter";
