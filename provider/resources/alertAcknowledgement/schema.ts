/**
 * Inputs of the AlertAcknowledgement resource: an open alert acknowledged until a time, with a
 * comment (docs/spec/api-spec.md, operation 14). The alert itself is raised by the service; this
 * resource only holds its acknowledgement.
 */
import { z } from "zod";
import { ALERT_ACKNOWLEDGEMENT_COMMENT_MAX_LENGTH } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { parseId } from "../../framework/ids";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const ALERT_ACKNOWLEDGEMENT_ID_PARTS = ["groupId", "alertId"] as const;

/** An ISO 8601 date and time with its zone: `2030-01-31T12:00:00Z`, `2030-01-31T13:00:00+01:00`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const acknowledgedUntilSchema = z
  .string()
  .regex(DATE_TIME, {
    message: "must be an ISO 8601 date and time with a zone, such as 2030-01-31T12:00:00Z",
    // A text that is not a date and time is not judged again as a date.
    abort: true,
  })
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date that exists");

export const alertAcknowledgementInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** The alert to acknowledge (24 hex). */
    alertId: idPartSchema("alertId"),
    /** Until when the alert is acknowledged (its notifications stop until then). */
    acknowledgedUntil: acknowledgedUntilSchema,
    /** Why; at most 200 characters. */
    acknowledgementComment: z.string().max(ALERT_ACKNOWLEDGEMENT_COMMENT_MAX_LENGTH).optional(),
    /** Adoption of an alert already acknowledged: `<groupId>/<alertId>`. */
    importId: importIdSchema(ALERT_ACKNOWLEDGEMENT_ID_PARTS).optional(),
  })
  .superRefine((inputs, ctx) => {
    // importId names the same alert as groupId and alertId (skipped while any is unknown).
    if (inputs.importId === undefined || containsUnknown(inputs)) return;
    let parts: Record<(typeof ALERT_ACKNOWLEDGEMENT_ID_PARTS)[number], string>;
    try {
      parts = parseId(inputs.importId, ALERT_ACKNOWLEDGEMENT_ID_PARTS, "importId");
    } catch {
      return; // importIdSchema already named the format
    }
    for (const name of ALERT_ACKNOWLEDGEMENT_ID_PARTS) {
      if (parts[name] !== inputs[name]) {
        ctx.addIssue({
          code: "custom",
          path: ["importId"],
          message: `importId names ${name} ${parts[name]} but the ${name} input is ${inputs[name]}; they must name the same alert`,
        });
      }
    }
  });

export type AlertAcknowledgementInputs = z.output<typeof alertAcknowledgementInputsSchema>;
