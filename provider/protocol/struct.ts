/**
 * Property bags in protobuf's `google.protobuf.Struct`, the form every property travels in over
 * Pulumi's provider protocol.
 */
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { type Unwrapped, unwrapSecrets } from "./values";

/** The JavaScript object of a Struct; an absent Struct is the empty bag. */
export function fromStruct(struct: structProto.Struct | undefined): Record<string, unknown> {
  return (struct?.toJavaScript() as Record<string, unknown> | undefined) ?? {};
}

/** A Struct of a property bag; `undefined` values are left out (protobuf's Struct cannot hold them). */
export function toStruct(bag: Record<string, unknown>): structProto.Struct {
  return structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(bag)) as Record<string, never>);
}

/** The property bag of a Struct the engine sent, its secrets taken out (values.ts, unwrapSecrets). */
export function unwrapStruct(struct: structProto.Struct | undefined): Unwrapped {
  return unwrapSecrets(fromStruct(struct));
}
