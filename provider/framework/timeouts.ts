/**
 * The `timeouts` input every asynchronous resource accepts.
 *
 * Pulumi's `customTimeouts` resource option never reaches a dynamic provider, so how long a resource
 * waits for its asynchronous states is an input: `timeouts: { create: "45m", delete: 600 }`.
 * Strings are durations ("90s", "30m", "1h", "1h30m"); numbers are seconds.
 */
import { z } from "zod";

/** A duration as the user writes it: "30m", "90s", "1h30m", or a number of seconds. */
export type DurationInput = string | number;

/** The `timeouts` input. Every field is optional; missing fields take the resource's defaults. */
export interface TimeoutsInput {
  create?: DurationInput;
  update?: DurationInput;
  delete?: DurationInput;
}

/** Resolved timeouts in milliseconds. */
export interface Timeouts {
  createMs: number;
  updateMs: number;
  deleteMs: number;
}

/** What a duration must look like, in words (used in every error about one). */
export const DURATION_RULE =
  'must be a duration such as "90s", "30m", "1h" or "1h30m", or a positive number of seconds';

const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/**
 * Parses a duration into milliseconds: a positive number of seconds, or a string of one or more
 * `<number><unit>` terms with units h, m, s, ms ("1h30m", "90s", "2.5m"). Returns undefined when the
 * value is not a valid positive duration.
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === "number") {
    return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) : undefined;
  }
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return parseDuration(Number(text));
  const term = /(\d+(?:\.\d+)?)(ms|h|m|s)/y;
  let total = 0;
  let position = 0;
  while (position < text.length) {
    term.lastIndex = position;
    const match = term.exec(text);
    if (match === null) return undefined;
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? Number.NaN);
    position = term.lastIndex;
  }
  return position > 0 && Number.isFinite(total) && total > 0 ? Math.round(total) : undefined;
}

/** Formats milliseconds the way users write them: "1h2m3s", "45s", "0s"; sub-second values round. */
export function formatDuration(ms: number): string {
  let seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  let text = "";
  if (hours > 0) text += `${hours}h`;
  if (minutes > 0) text += `${minutes}m`;
  if (seconds > 0 || text === "") text += `${seconds}s`;
  return text;
}

/** Zod schema of one duration (for use inside resource schemas); fails with {@link DURATION_RULE}. */
export const durationSchema = z
  .custom<DurationInput>((value) => parseDuration(value) !== undefined, { error: DURATION_RULE })
  .meta({ typeOf: z.union([z.string(), z.number()]) });

/** Zod schema of the `timeouts` input: unknown keys are rejected so a typo ("creat") is reported. */
export const timeoutsSchema = z.strictObject({
  create: durationSchema.optional(),
  update: durationSchema.optional(),
  delete: durationSchema.optional(),
});

/**
 * Resolves the `timeouts` input against a resource's defaults. Invalid values throw naming the
 * field (`timeouts.create must be a duration ...`); check normally reports them first through
 * {@link timeoutsSchema}.
 */
export function resolveTimeouts(
  input: TimeoutsInput | undefined,
  defaults: Required<TimeoutsInput>,
): Timeouts {
  const pick = (key: keyof TimeoutsInput): number => {
    const given = input?.[key];
    const value = given === undefined ? defaults[key] : given;
    const ms = parseDuration(value);
    if (ms === undefined) {
      const source = given === undefined ? "default timeouts" : "timeouts";
      throw new Error(`${source}.${key} ${DURATION_RULE}; got ${JSON.stringify(value)}`);
    }
    return ms;
  };
  return { createMs: pick("create"), updateMs: pick("update"), deleteMs: pick("delete") };
}
